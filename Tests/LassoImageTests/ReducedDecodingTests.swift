import CLibPNG
import Foundation
import LassoImage
import LassoSnapshot
import Testing

@Suite("Decoding screenshots reduced for the terminal")
struct ReducedDecodingTests {
    /// The average of the `factor`×`factor` square of `image` whose top left is (`x`·factor, `y`·factor), cut at the edges.
    static func boxAverage(_ image: RGBImage, x: Int, y: Int, factor: Int) -> RGB {
        var sums = [0, 0, 0]
        var count = 0
        for sy in (y * factor)..<min(image.height, (y + 1) * factor) {
            for sx in (x * factor)..<min(image.width, (x + 1) * factor) {
                let pixel = image.pixel(x: sx, y: sy)
                sums[0] += Int(pixel.red)
                sums[1] += Int(pixel.green)
                sums[2] += Int(pixel.blue)
                count += 1
            }
        }
        return RGB(UInt8(sums[0] / count), UInt8(sums[1] / count), UInt8(sums[2] / count))
    }

    static func near(_ got: RGB, _ want: RGB, within tolerance: Int) -> Bool {
        abs(Int(got.red) - Int(want.red)) <= tolerance && abs(Int(got.green) - Int(want.green)) <= tolerance
            && abs(Int(got.blue) - Int(want.blue)) <= tolerance
    }

    @Test("a PNG is averaged over whole squares as it is read, the edge squares over the pixels they have")
    func pngBoxAverages() throws {
        // 66×50 is no multiple of 4: the last column and row of squares are 2 pixels wide and tall.
        let image = ImageFixtures.image(width: 66, height: 50) { x, y in
            RGB(UInt8(x * 3), UInt8((y * 5) & 0xFF), UInt8((x * y) & 0xFF))
        }
        let reduced = try ImageDecoder.decode(try PNGCodec.encode(image), longSide: 16)
        #expect(reduced.fileWidth == 66 && reduced.fileHeight == 50)
        #expect(reduced.image.width == 17 && reduced.image.height == 13)
        for y in 0..<13 {
            for x in 0..<17 {
                #expect(
                    reduced.image.pixel(x: x, y: y) == Self.boxAverage(image, x: x, y: y, factor: 4), "at \(x),\(y)")
            }
        }
    }

    @Test("fine detail is averaged, not sampled: a one-pixel checkerboard becomes grey, not black or white")
    func checkerboardBecomesGrey() throws {
        let board = ImageFixtures.image(width: 400, height: 800) { x, y in
            (x + y) % 2 == 0 ? RGB(255, 255, 255) : RGB(0, 0, 0)
        }
        let png = try ImageDecoder.decode(try PNGCodec.encode(board), longSide: 200)
        #expect(png.image.width == 100 && png.image.height == 200)
        #expect(png.image.pixels.allSatisfy { $0 == 127 })
        let jpeg = try ImageDecoder.decode(try JPEGCodec.encode(board, quality: 100), longSide: 200)
        #expect(jpeg.image.width == 100 && jpeg.image.height == 200)
        for (x, y) in [(10, 10), (50, 100), (90, 190)] {
            #expect(Self.near(jpeg.image.pixel(x: x, y: y), RGB(128, 128, 128), within: 12), "at \(x),\(y)")
        }
    }

    @Test("a JPEG decoded at libjpeg-turbo's 1/8 scale keeps the colours of its regions")
    func jpegScaledColours() throws {
        let image = ImageFixtures.quarters(width: 256, height: 512)
        let reduced = try ImageDecoder.decode(try JPEGCodec.encode(image, quality: 95), longSide: 64)
        #expect(reduced.fileWidth == 256 && reduced.fileHeight == 512)
        #expect(reduced.image.width == 32 && reduced.image.height == 64)
        for (x, y, want) in [(16, 4, RGB(255, 255, 255)), (4, 40, RGB(255, 0, 0)), (28, 60, RGB(0, 0, 255))] {
            let got = reduced.image.pixel(x: x, y: y)
            #expect(Self.near(got, want, within: 6), "at \(x),\(y): \(got)")
        }
    }

    @Test("the JPEG scale is the smallest that keeps the longer side at least as asked")
    func jpegScaleChoice() throws {
        let bytes = try JPEGCodec.encode(ImageFixtures.quarters(width: 120, height: 256), quality: 80)
        for (longSide, width, height) in [
            (600, 120, 256), (256, 120, 256), (200, 105, 224), (128, 60, 128), (32, 15, 32),
        ] {
            let reduced = try ImageDecoder.decode(bytes, longSide: longSide)
            #expect(reduced.image.width == width && reduced.image.height == height, "for \(longSide)")
        }
    }

    @Test("a screen-sized PNG and JPEG decode to at least the terminal's long side, and to no more than twice it")
    func screenSize() throws {
        let image = ImageFixtures.quarters(width: 1170, height: 2532)
        let png = try ImageDecoder.decode(try PNGCodec.encode(image), longSide: ImageDecoder.terminalLongSide)
        #expect(png.image.width == 147 && png.image.height == 317)
        #expect(png.image.pixel(x: 10, y: 310) == RGB(255, 0, 0))
        let jpeg = try ImageDecoder.decode(try JPEGCodec.encode(image), longSide: ImageDecoder.terminalLongSide)
        #expect(jpeg.image.width == 147 && jpeg.image.height == 317)
        #expect(Self.near(jpeg.image.pixel(x: 135, y: 305), RGB(0, 0, 255), within: 6))
    }

    @Test("a truncated or damaged PNG read reduced is refused with a reason, never a crash")
    func damagedPNG() throws {
        let image = ImageFixtures.image(width: 300, height: 300) { x, y in RGB(UInt8(x & 0xFF), UInt8(y & 0xFF), 9) }
        let bytes = try PNGCodec.encode(image)
        for cut in [bytes.count / 2, bytes.count - 20, 40] {
            let error = #expect(throws: ImageError.self) {
                try ImageDecoder.decode(Array(bytes.prefix(cut)), longSide: 50)
            }
            #expect(error?.description.contains("PNG") == true, "\(error?.description ?? "")")
        }
        let truncated = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2)), longSide: 50)
        }
        #expect(truncated?.description.contains("damaged or truncated PNG (the file ends early)") == true)
        // Bytes overwritten inside the compressed pixels: zlib refuses them, or the pixels come out wrong; no trap.
        var seed: UInt32 = 7
        for _ in 0..<40 {
            var damaged = bytes
            for _ in 0..<8 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                damaged[60 + Int(seed >> 8) % (bytes.count - 80)] = UInt8(seed >> 24)
            }
            if let decoded = try? ImageDecoder.decode(damaged, longSide: 50) {
                #expect(decoded.image.width == 50 && decoded.image.height == 50)
            }
        }
    }

    @Test("a chunk whose checksum is wrong but whose data is right still decodes (checksums are not read)")
    func wrongChecksum() throws {
        let image = ImageFixtures.image(width: 20, height: 10) { x, y in RGB(UInt8(x * 10), UInt8(y * 20), 40) }
        var bytes = try PNGCodec.encode(image)
        // The IHDR chunk's CRC: signature (8), length (4), type (4), data (13).
        bytes[29] ^= 0xFF
        #expect(try ImageDecoder.decode(bytes) == image)
    }

    @Test("a truncated JPEG decoded at a scale is refused, not shown half grey")
    func truncatedScaledJPEG() throws {
        let bytes = try JPEGCodec.encode(
            ImageFixtures.image(width: 256, height: 256) { x, y in RGB(UInt8(x), UInt8(y), 90) })
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Array(bytes.prefix(bytes.count * 2 / 3)), longSide: 64)
        }
        #expect(error?.description.contains("truncated") == true)
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(300)), longSide: 64) }
    }

    @Test("grey, 16-bit and transparent PNGs come out as 8-bit RGB, transparency on black")
    func otherPNGKinds() throws {
        // Grey, 8 bits: each level becomes three equal channels.
        let grey = try Self.write(width: 4, height: 2, format: 0, [10, 20, 30, 40, 50, 60, 70, 80])
        let greyImage = try ImageDecoder.decode(grey)
        #expect(greyImage.pixel(x: 1, y: 1) == RGB(60, 60, 60))
        // RGBA: opaque red, half-transparent white, fully transparent green; mixed with black in linear light, as
        // libpng's simplified reader does (half of white's light is sRGB 188, not 128).
        let rgba = try Self.write(width: 3, height: 1, format: 3, [255, 0, 0, 255, 255, 255, 255, 128, 0, 255, 0, 0])
        let composited = try ImageDecoder.decode(rgba)
        #expect(composited.pixel(x: 0, y: 0) == RGB(255, 0, 0))
        #expect(Self.near(composited.pixel(x: 1, y: 0), RGB(188, 188, 188), within: 3))
        #expect(composited.pixel(x: 2, y: 0) == RGB(0, 0, 0))
        // 16-bit linear RGB (a gAMA of 1): black, white and half of white's light, out as 8-bit sRGB.
        let linear: [UInt16] = [0, 0, 0, 65535, 65535, 65535, 32768, 32768, 32768]
        let deep = try Self.write(width: 3, height: 1, format: 6, linear.withUnsafeBytes { Array($0) })
        let deepImage = try ImageDecoder.decode(deep)
        #expect(deepImage.pixel(x: 0, y: 0) == RGB(0, 0, 0))
        #expect(deepImage.pixel(x: 1, y: 0) == RGB(255, 255, 255))
        #expect(Self.near(deepImage.pixel(x: 2, y: 0), RGB(188, 188, 188), within: 3))
    }

    /// A PNG of `samples` in libpng's simplified `format` (0 grey, 3 RGBA: 8 bits a sample; 6 linear RGB: 16 bits).
    static func write(width: Int, height: Int, format: UInt32, _ samples: [UInt8]) throws -> [UInt8] {
        var control = png_image()
        control.version = lasso_png_image_version()
        control.width = UInt32(width)
        control.height = UInt32(height)
        control.format = format
        var size = 0
        _ = samples.withUnsafeBytes { png_image_write_to_memory(&control, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { memory in
            samples.withUnsafeBytes {
                png_image_write_to_memory(&control, memory.baseAddress, &size, 0, $0.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { throw ImageError("libpng could not write the test PNG") }
        return Array(out.prefix(size))
    }
}
