import LassoCore

/// Decodes a screenshot's bytes with the codec its signature names (PNG or JPEG).
public enum ImageDecoder {
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        switch Screenshot.ImageType.sniff(bytes) {
        case .png: return try PNGCodec.decode(bytes)
        case .jpeg: return try JPEGCodec.decode(bytes)
        case nil:
            if bytes.isEmpty { throw ImageError("an empty file") }
            throw ImageError("neither a PNG nor a JPEG (the file does not start like either)")
        }
    }
}
