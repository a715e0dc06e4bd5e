import CTurboJPEG
import LassoSnapshot

/// JPEG through the system's libjpeg-turbo (the TurboJPEG API): decoding to RGB, and writing RGB for tests.
public enum JPEGCodec {
    /// The picture in `bytes`; a JPEG that ends early is refused rather than shown half grey.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        try decode(bytes, longSide: Int.max).image
    }

    /// The picture in `bytes` at the smallest of libjpeg-turbo's scales (1/8, 1/4, 3/8 … 1) that keeps its longer
    /// side at least `longSide` pixels. Scaled decoding is libjpeg-turbo's own: each output pixel comes from a reduced
    /// inverse DCT of its block, an average of the pixels it covers (at 1/8, exactly the block's mean).
    ///
    /// A CMYK (or YCCK) JPEG, as print workflows save, is decoded by libjpeg-turbo to CMYK, which becomes RGB here:
    /// libjpeg-turbo converts only from YCbCr to RGB.
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
        let markers = JPEGMarkers(bytes)
        if markers.endsEarly {
            // libjpeg-turbo reads a file that ends before its frame header as a picture of 0×0 pixels.
            throw ImageError(
                "a truncated JPEG: its \(bytes.count) bytes end in the header, before "
                    + (markers.sawFrame ? "the image data" : "the frame header that gives its size"))
        }
        guard header == 0 else { throw ImageError("a JPEG libjpeg-turbo cannot read (\(reason(handle)))") }
        if width == 0 || height == 0, !markers.sawFrame {
            // libjpeg-turbo reads a whole file without one as a picture of 0×0 pixels, which is no way to say it.
            throw ImageError("a JPEG without a frame header (an SOF marker, which gives the size): it holds no picture")
        }
        try ImageLimits.check(width: Int(width), height: Int(height), kind: "JPEG")
        let scaled = scaledSize(width: Int(width), height: Int(height), longSide: longSide)
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_RGB
        let channels = isCMYK ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * channels)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), output.baseAddress, Int32(scaled.width), 0,
                    Int32(scaled.height), Int32(format.rawValue), 0)
            }
        }
        if status != 0 {
            let text = reason(handle)
            // A warning is a picture with blemishes; an early end is a picture half missing.
            if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) || text.contains("Premature end") {
                throw ImageError("a damaged or truncated JPEG (\(text))")
            }
        }
        if isCMYK { pixels = Self.rgb(fromCMYK: pixels, inverted: markers.adobe) }
        guard let image = RGBImage(width: scaled.width, height: scaled.height, pixels: pixels) else {
            throw ImageError("a JPEG of \(width)×\(height) pixels that did not decode")
        }
        return ReducedImage(image: image, fileWidth: Int(width), fileHeight: Int(height))
    }

    /// RGB pixels from CMYK ones, without colour management (which a screenshot's colours do not need): each channel
    /// is what its ink and the black leave of white. Adobe's CMYK JPEGs (an APP14 "Adobe" marker, as Photoshop
    /// writes) store every component inverted, 255 for no ink, as browsers and other readers take them.
    static func rgb(fromCMYK cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let count = cmyk.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            for pixel in 0..<count {
                var c = Int(cmyk[pixel * 4])
                var m = Int(cmyk[pixel * 4 + 1])
                var y = Int(cmyk[pixel * 4 + 2])
                var k = Int(cmyk[pixel * 4 + 3])
                if !inverted {
                    c = 255 - c
                    m = 255 - m
                    y = 255 - y
                    k = 255 - k
                }
                // Now 255 means no ink: a channel is its own share of white times black's.
                out[pixel * 3] = UInt8((c * k + 127) / 255)
                out[pixel * 3 + 1] = UInt8((m * k + 127) / 255)
                out[pixel * 3 + 2] = UInt8((y * k + 127) / 255)
            }
            initialized = count * 3
        }
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

    /// A CMYK JPEG (libjpeg-turbo writes it as YCCK, with an Adobe marker) of `width`×`height` pixels of four bytes,
    /// C, M, Y, K, each stored inverted as Adobe's are (255 for no ink): what print workflows save, for tests.
    public static func encode(cmyk pixels: [UInt8], width: Int, height: Int, quality: Int = 95) throws(ImageError)
        -> [UInt8]
    {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw ImageError("\(pixels.count) bytes, not \(width)×\(height) CMYK pixels")
        }
        guard let handle = tjInitCompress() else { throw ImageError("libjpeg-turbo would not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
                Int32(TJSAMP_444.rawValue), Int32(max(1, min(100, quality))), 0)
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
