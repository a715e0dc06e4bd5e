import CLibPNG
import LassoSnapshot

/// PNG through the system's libpng: decoding to RGB row by row, and writing RGB (its simplified API for tests and
/// samples, a one-pass fast writer for terminal images).
public enum PNGCodec {
    /// The picture in `bytes`, composited on black when it has transparency.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
        try decode(bytes, longSide: Int.max).image
    }

    /// The picture in `bytes` averaged down while its longer side stays at least `longSide` pixels, read row by row
    /// so that the full-size picture is never held; composited on black when it has transparency.
    static func decode(_ bytes: [UInt8], longSide: Int) throws(ImageError) -> ReducedImage {
        let reader = UnsafeMutablePointer<lasso_png_reader>.allocate(capacity: 1)
        defer { reader.deallocate() }
        let outcome: Result<ReducedImage, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            defer { lasso_png_reader_close(reader) }
            guard lasso_png_reader_open(reader, buffer.baseAddress, buffer.count) != 0 else {
                return .failure(ImageError("a PNG libpng cannot read (\(message(of: reader)))"))
            }
            let width = Int(reader.pointee.width)
            let height = Int(reader.pointee.height)
            do throws(ImageError) {
                try ImageLimits.check(width: width, height: height, kind: "PNG")
            } catch {
                return .failure(error)
            }
            var reducer = BoxReducer(
                sourceWidth: width, sourceHeight: height,
                factor: BoxReducer.factor(width: width, height: height, longSide: longSide))
            if reader.pointee.interlaced != 0 {
                // Interlaced rows arrive in seven passes: libpng's simplified reader puts the whole picture together.
                lasso_png_reader_close(reader)
                do throws(ImageError) {
                    let whole = try decodeWhole(buffer, width: width, height: height)
                    whole.pixels.withUnsafeBufferPointer { pixels in
                        for y in 0..<height { reducer.add(row: pixels.baseAddress! + y * width * 3) }
                    }
                } catch {
                    return .failure(error)
                }
            } else {
                let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 3)
                defer { row.deallocate() }
                for _ in 0..<height {
                    guard lasso_png_reader_row(reader, row) != 0 else {
                        return .failure(ImageError("a damaged or truncated PNG (\(message(of: reader)))"))
                    }
                    reducer.add(row: row)
                }
            }
            guard let image = reducer.finish() else {
                return .failure(ImageError("a PNG of \(width)×\(height) pixels that did not decode"))
            }
            return .success(ReducedImage(image: image, fileWidth: width, fileHeight: height))
        }
        return try outcome.get()
    }

    /// An interlaced PNG at full size, through libpng's simplified reader.
    private static func decodeWhole(_ buffer: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(ImageError)
        -> RGBImage
    {
        var image = png_image()
        image.version = lasso_png_image_version()
        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
            throw ImageError("a PNG libpng cannot read (\(message(of: image)))")
        }
        image.format = lasso_png_format_rgb()
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let finished = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 3), nil)
        }
        guard finished != 0, let decoded = RGBImage(width: width, height: height, pixels: pixels) else {
            throw ImageError("a damaged or truncated PNG (\(message(of: image)))")
        }
        return decoded
    }

    /// The PNG file of `image` (8-bit RGB) written fast: zlib's fastest level and the Sub filter, in one pass; what
    /// a terminal is sent, not what is kept.
    public static func encodeQuickly(_ image: RGBImage) throws(ImageError) -> [UInt8] {
        var writer = lasso_png_writer()
        let written = image.pixels.withUnsafeBufferPointer {
            lasso_png_write_rgb(&writer, $0.baseAddress, UInt32(image.width), UInt32(image.height), 1)
        }
        defer { free(writer.bytes) }
        guard written != 0, let bytes = writer.bytes else {
            let reason = withUnsafeBytes(of: writer.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ImageError("libpng could not write the PNG (\(reason))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: writer.count))
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

    private static func message(of reader: UnsafeMutablePointer<lasso_png_reader>) -> String {
        withUnsafeBytes(of: reader.pointee.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "no reason given" : String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "no reason given" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
