/// A decoded picture: 8-bit red, green and blue per pixel, row by row from the top left.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes.
    public let pixels: [UInt8]

    /// An image of `pixels`; nil unless there are exactly `width * height * 3` of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            pixels.count == width * height * 3
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> RGB {
        let index = (y * width + x) * 3
        return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
    }
}

/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
