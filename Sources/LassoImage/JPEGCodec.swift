import CTurboJPEG
import LassoCore

/// JPEG through the system's libjpeg-turbo (the TurboJPEG API): decoding to RGB, and writing RGB for tests.
public enum JPEGCodec {
    /// The picture in `bytes`; a JPEG that ends early is refused rather than shown half grey.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        try decode(bytes, longSide: Int.max).image
    }

    /// The picture in `bytes` at the smallest of libjpeg-turbo's scales (1/8, 1/4, 3/8 … 1) that keeps its longer
    /// side at least `longSide` pixels. Scaled decoding is libjpeg-turbo's own: each output pixel comes from a reduced
    /// inverse DCT of its block, an average of the pixels it covers (at 1/8, exactly the block's mean).
    static func decode(_ bytes: [UInt8], longSide: Int) throws(ImageError) -> ReducedImage {
        guard let handle = tjInitDecompress() else { throw ImageError("a JPEG (libjpeg-turbo would not start)") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImageError("a JPEG libjpeg-turbo cannot read (\(reason(handle)))") }
        try ImageLimits.check(width: Int(width), height: Int(height), kind: "JPEG")
        let scaled = scaledSize(width: Int(width), height: Int(height), longSide: longSide)
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * 3)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), output.baseAddress, Int32(scaled.width), 0,
                    Int32(scaled.height), Int32(TJPF_RGB.rawValue), 0)
            }
        }
        if status != 0 {
            let text = reason(handle)
            // A warning is a picture with blemishes; an early end is a picture half missing.
            if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) || text.contains("Premature end") {
                throw ImageError("a damaged or truncated JPEG (\(text))")
            }
        }
        guard let image = RGBImage(width: scaled.width, height: scaled.height, pixels: pixels) else {
            throw ImageError("a JPEG of \(width)×\(height) pixels that did not decode")
        }
        return ReducedImage(image: image, fileWidth: Int(width), fileHeight: Int(height))
    }

    /// The size libjpeg-turbo decodes a `width`×`height` JPEG to at the smallest of its scales of at most 1 that keeps
    /// the longer side at least `longSide` pixels.
    static func scaledSize(width: Int, height: Int, longSide: Int) -> (width: Int, height: Int) {
        var best = (width: width, height: height)
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(max(0, count))) {
            let numerator = Int(factor.num)
            let denominator = Int(factor.denom)
            guard numerator > 0, denominator > 0, numerator <= denominator else { continue }
            // TJSCALED: the side times the factor, rounded up.
            let size = (
                width: (width * numerator + denominator - 1) / denominator,
                height: (height * numerator + denominator - 1) / denominator
            )
            if max(size.width, size.height) >= min(longSide, max(width, height)), size.width < best.width {
                best = size
            }
        }
        return best
    }

    /// The JPEG file of `image` at `quality` (1–100), without chroma subsampling so that small pictures keep their colours.
    public static func encode(_ image: RGBImage, quality: Int = 95) throws(ImageError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw ImageError("libjpeg-turbo would not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue), &output,
                &size, Int32(TJSAMP_444.rawValue), Int32(max(1, min(100, quality))), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw ImageError("libjpeg-turbo could not write the JPEG (\(reason(handle)))")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func reason(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "no reason given" }
        return String(cString: text)
    }
}
