import CLibPNG
import LassoCore

/// PNG through the system's libpng (its simplified API): decoding to RGB, and writing RGB for tests and samples.
public enum PNGCodec {
    /// The picture in `bytes`, composited on black when it has transparency.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        let outcome: Result<RGBImage, ImageError> = bytes.withUnsafeBytes { buffer in
            var image = png_image()
            image.version = lasso_png_image_version()
            guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
                return .failure(ImageError("a PNG libpng cannot read (\(message(of: image)))"))
            }
            let width = Int(image.width)
            let height = Int(image.height)
            do throws(ImageError) {
                try ImageLimits.check(width: width, height: height, kind: "PNG")
            } catch {
                png_image_free(&image)
                return .failure(error)
            }
            image.format = lasso_png_format_rgb()
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 3), nil)
            }
            guard finished != 0 else {
                return .failure(ImageError("a damaged or truncated PNG (\(message(of: image)))"))
            }
            guard let decoded = RGBImage(width: width, height: height, pixels: pixels) else {
                return .failure(ImageError("a PNG of \(width)×\(height) pixels that did not decode"))
            }
            return .success(decoded)
        }
        return try outcome.get()
    }

    /// The PNG file of `image` (8-bit RGB).
    public static func encode(_ image: RGBImage) throws(ImageError) -> [UInt8] {
        var control = png_image()
        control.version = lasso_png_image_version()
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = lasso_png_format_rgb()
        var size = 0
        let stride = Int32(image.width * 3)
        let sized = image.pixels.withUnsafeBytes {
            png_image_write_to_memory(&control, nil, &size, 0, $0.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else { throw ImageError("libpng could not size the PNG (\(message(of: control)))") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { memory in
            image.pixels.withUnsafeBytes {
                png_image_write_to_memory(&control, memory.baseAddress, &size, 0, $0.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw ImageError("libpng could not write the PNG (\(message(of: control)))") }
        return Array(out.prefix(size))
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "no reason given" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
