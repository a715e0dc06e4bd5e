/// The largest picture lasso decodes, checked on the header before any pixel memory is taken.
///
/// The biggest phone and tablet screens are under 3,000 × 3,500 pixels; these bounds leave room for any of them
/// and refuse a forged header (100000 × 100000) that would ask for gigabytes.
public enum ImageLimits {
    public static let maximumSide = 16_384
    public static let maximumPixels = 40_000_000

    /// Throws unless `width` × `height` is a size lasso decodes.
    static func check(width: Int, height: Int, kind: String) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw ImageError("a \(kind) whose header says \(width)×\(height) pixels (an empty image)")
        }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw ImageError(
                "a \(kind) of \(width)×\(height) pixels, larger than lasso decodes (at most \(maximumSide) a side and \(maximumPixels / 1_000_000) million pixels)"
            )
        }
    }
}
