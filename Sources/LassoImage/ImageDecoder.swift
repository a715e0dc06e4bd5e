import LassoCore

/// Decodes a screenshot's bytes with the codec its signature names (PNG or JPEG).
public enum ImageDecoder {
    /// How many pixels the longer side of a screenshot keeps for the terminal: at least twice the half-block rows of
    /// a 150-line terminal, so that every cell is still an average of several pixels.
    public static let terminalLongSide = 600

    /// The picture at the file's full size.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        try decode(bytes, longSide: Int.max).image
    }

    /// The picture shrunk while its longer side stays at least `longSide` pixels (a JPEG at the smallest scale
    /// libjpeg-turbo decodes to that is large enough, a PNG averaged over whole squares as it is read), or at full
    /// size when it is smaller.
    public static func decode(_ bytes: [UInt8], longSide: Int) throws(ImageError) -> ReducedImage {
        switch Screenshot.ImageType.sniff(bytes) {
        case .png: return try PNGCodec.decode(bytes, longSide: longSide)
        case .jpeg: return try JPEGCodec.decode(bytes, longSide: longSide)
        case nil:
            if bytes.isEmpty { throw ImageError("an empty file") }
            throw ImageError("neither a PNG nor a JPEG (the file does not start like either)")
        }
    }
}
