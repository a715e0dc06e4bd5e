import Foundation
import LassoImage
import LassoSnapshot
import Testing

@Suite("Decoding screenshots with libpng and libjpeg-turbo")
struct DecodingTests {
    @Test("a PNG written with known pixels decodes to the same pixels")
    func pngRoundTrip() throws {
        let image = ImageFixtures.image(width: 3, height: 2) { x, y in RGB(UInt8(x * 100), UInt8(y * 200), 7) }
        let decoded = try ImageDecoder.decode(try PNGCodec.encode(image))
        #expect(decoded == image)
        #expect(decoded.pixel(x: 2, y: 1) == RGB(200, 200, 7))
    }

    @Test("a JPEG written with known blocks decodes to about the same colours")
    func jpegRoundTrip() throws {
        let image = ImageFixtures.quarters(width: 32, height: 32)
        let decoded = try ImageDecoder.decode(try JPEGCodec.encode(image, quality: 100))
        #expect(decoded.width == 32 && decoded.height == 32)
        for (x, y, want) in [(2, 2, RGB(255, 255, 255)), (4, 20, RGB(255, 0, 0)), (28, 28, RGB(0, 0, 255))] {
            let got = decoded.pixel(x: x, y: y)
            #expect(abs(Int(got.red) - Int(want.red)) <= 4, "red at \(x),\(y): \(got)")
            #expect(abs(Int(got.green) - Int(want.green)) <= 4, "green at \(x),\(y): \(got)")
            #expect(abs(Int(got.blue) - Int(want.blue)) <= 4, "blue at \(x),\(y): \(got)")
        }
    }

    @Test("a truncated PNG is refused, not shown half drawn")
    func truncatedPNG() throws {
        let bytes = try PNGCodec.encode(
            ImageFixtures.image(width: 64, height: 64) { x, y in RGB(UInt8(x), UInt8(y), 0) })
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(20))) }
    }

    @Test("a truncated JPEG is refused, not shown half grey")
    func truncatedJPEG() throws {
        let bytes = try JPEGCodec.encode(
            ImageFixtures.image(width: 64, height: 64) { x, y in RGB(UInt8(x * 3), UInt8(y), 90) })
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Array(bytes.prefix(bytes.count * 2 / 3)))
        }
        #expect(error?.description.contains("truncated") == true)
    }

    @Test("a whole JPEG without a frame header says it has none, not that its picture is 0×0 pixels")
    func jpegWithoutFrame() throws {
        // SOI, a JFIF APP0 segment, EOI: what libjpeg-turbo reads as a picture of 0×0 pixels.
        let bytes: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
            + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9]
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.description.contains("without a frame header") == true, "\(String(describing: error))")
        #expect(error?.description.contains("0×0") == false)
    }

    @Test("bytes that are no image say so")
    func notAnImage() {
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array("{\"format\": 1}".utf8)) }
        #expect(error?.description.contains("neither a PNG nor a JPEG") == true)
        #expect(throws: ImageError.self) { try ImageDecoder.decode([]) }
    }

    @Test("a header claiming 100000×100000 pixels is refused before any pixel memory is taken")
    func absurdSize() throws {
        let png = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(try ImageFixtures.pngClaiming(width: 100_000, height: 100_000))
        }
        #expect(png?.description.contains("100000×100000") == true)
        let jpeg = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(try ImageFixtures.jpegClaiming(width: 65_000, height: 65_000))
        }
        #expect(jpeg?.description.contains("65000×65000") == true)
    }

    @Test("a CMYK JPEG (YCCK with Adobe's inverted components) is drawn in its colours")
    func cmykJPEG() throws {
        // Red, green, blue and black quarters, as ink: red is magenta and yellow, stored inverted (255: no ink).
        let inks: [(c: UInt8, m: UInt8, y: UInt8, k: UInt8)] = [
            (0, 255, 255, 0), (255, 0, 255, 0), (255, 255, 0, 0), (0, 0, 0, 255),
        ]
        var pixels: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 {
                let ink = inks[(y / 16) * 2 + x / 16]
                pixels += [255 - ink.c, 255 - ink.m, 255 - ink.y, 255 - ink.k]
            }
        }
        let bytes = try JPEGCodec.encode(cmyk: pixels, width: 32, height: 32, quality: 100)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 32 && decoded.height == 32)
        for (x, y, want) in [
            (4, 4, RGB(255, 0, 0)), (20, 4, RGB(0, 255, 0)), (4, 20, RGB(0, 0, 255)), (20, 20, RGB(0, 0, 0)),
        ] {
            let got = decoded.pixel(x: x, y: y)
            #expect(abs(Int(got.red) - Int(want.red)) <= 6, "red at \(x),\(y): \(got)")
            #expect(abs(Int(got.green) - Int(want.green)) <= 6, "green at \(x),\(y): \(got)")
            #expect(abs(Int(got.blue) - Int(want.blue)) <= 6, "blue at \(x),\(y): \(got)")
        }
        // Reduced for the terminal, too.
        #expect(try ImageDecoder.decode(bytes, longSide: 4).image.width == 4)
    }

    @Test("a JPEG cut anywhere in its header is named as truncated, never as 0×0 pixels")
    func jpegCutInItsHeader() throws {
        let bytes = try JPEGCodec.encode(ImageFixtures.quarters(width: 64, height: 64), quality: 90)
        // The start of the image data: the SOS marker.
        let sos = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        for length in [3, 4, 6, 20, 100, sos - 1, sos] {
            let error = #expect(throws: ImageError.self, "\(length) bytes") {
                try ImageDecoder.decode(Array(bytes.prefix(length)))
            }
            #expect(error?.description.contains("truncated") == true, "\(length) bytes: \(String(describing: error))")
            #expect(error?.description.contains("0×0") == false, "\(length) bytes: \(String(describing: error))")
        }
    }
}
