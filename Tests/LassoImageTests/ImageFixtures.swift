import Foundation
import LassoImage
import LassoSnapshot
import _LassoTestSupport

/// Small pictures with known pixels, written by the tests through the same libraries lasso decodes with.
enum ImageFixtures {
    /// `width`×`height` pixels, each the colour `color(x, y)` gives.
    static func image(width: Int, height: Int, _ color: (Int, Int) -> RGB) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                pixels += [c.red, c.green, c.blue]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// Red left half, blue right half; top quarter white.
    static func quarters(width: Int, height: Int) -> RGBImage {
        image(width: width, height: height) { x, y in
            if y < height / 4 { return RGB(255, 255, 255) }
            return x < width / 2 ? RGB(255, 0, 0) : RGB(0, 0, 255)
        }
    }

    static func folder() -> String {
        let path = TestRunFolder.fresh("lasso-image-")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A PNG whose header claims `width`×`height` (the IHDR chunk rewritten, its CRC made right).
    static func pngClaiming(width: UInt32, height: UInt32) throws -> [UInt8] {
        var bytes = try PNGCodec.encode(image(width: 1, height: 1) { _, _ in RGB(0, 0, 0) })
        // Signature (8), length (4), "IHDR" (4), then width and height, big-endian; the CRC covers type and data.
        func putBig(_ value: UInt32, at offset: Int) {
            for i in 0..<4 { bytes[offset + i] = UInt8((value >> (24 - 8 * UInt32(i))) & 0xFF) }
        }
        putBig(width, at: 16)
        putBig(height, at: 20)
        putBig(crc32(bytes[12..<29]), at: 29)
        return bytes
    }

    /// A JPEG whose frame header (SOF) claims `width`×`height`.
    static func jpegClaiming(width: UInt16, height: UInt16) throws -> [UInt8] {
        var bytes = try JPEGCodec.encode(image(width: 8, height: 8) { _, _ in RGB(9, 9, 9) })
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        throw ImageError("no frame header in the test JPEG")
    }

    /// The CRC-32 PNG chunks carry.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
