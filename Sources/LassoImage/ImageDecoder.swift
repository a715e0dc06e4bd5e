import LassoSnapshot

/// Decodes a screenshot's bytes with the codec its signature names (PNG or JPEG).
public enum ImageDecoder {
    /// How many pixels the longer side of a screenshot keeps for the terminal: twice the half-block rows of a 75-line
    /// terminal (a phone's 2532 pixels become 317, libjpeg-turbo's 1/8 scale), so that a cell is still an average of
    /// several pixels; a taller terminal draws it a little softer. Fewer pixels decode faster.
    public static let terminalLongSide = 300

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
