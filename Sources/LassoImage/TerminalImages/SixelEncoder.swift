import LassoSnapshot

/// An image as sixel graphics (DEC's six-pixel bands, as xterm `-ti vt340`, foot, mlterm and Windows Terminal draw
/// them): one DCS string with raster attributes, a palette of at most 256 colours (`SixelPalette`) and each band's
/// colours run-length encoded; pixels a colour does not set are left as they are.
public enum SixelEncoder {
    /// The DCS string that draws `image` at the cursor, its top left corner there.
    public static func encode(_ image: RGBImage) -> [UInt8] {
        let palette = SixelPalette(image)
        let width = image.width
        let height = image.height
        var out = TerminalBytes(capacity: width * height / 2)
        // P1 0 (aspect from the raster attributes), P2 1 (unset pixels keep their colour), P3 0.
        out.append("\u{1B}P0;1;0q\"1;1;")
        out.append(number: width)
        out.append(byte: UInt8(ascii: ";"))
        out.append(number: height)
        for (number, color) in palette.colors.enumerated() {
            out.append(byte: UInt8(ascii: "#"))
            out.append(number: number)
            out.append(";2;")
            out.append(number: (Int(color.red) * 100 + 127) / 255)
            out.append(byte: UInt8(ascii: ";"))
            out.append(number: (Int(color.green) * 100 + 127) / 255)
            out.append(byte: UInt8(ascii: ";"))
            out.append(number: (Int(color.blue) * 100 + 127) / 255)
        }
        let colorCount = palette.colors.count
        // Per colour, the six bits of each column in the band now, and the columns it spans.
        var bits = [UInt8](repeating: 0, count: colorCount * width)
        var first = [Int](repeating: Int.max, count: colorCount)
        var last = [Int](repeating: -1, count: colorCount)
        var used: [Int] = []
        used.reserveCapacity(colorCount)
        image.pixels.withUnsafeBufferPointer { pixels in
            bits.withUnsafeMutableBufferPointer { bits in
                var top = 0
                while top < height {
                    used.removeAll(keepingCapacity: true)
                    for row in 0..<min(6, height - top) {
                        let bit = UInt8(1 << row)
                        var at = (top + row) * width * 3
                        for column in 0..<width {
                            let color = palette.index(pixels[at], pixels[at + 1], pixels[at + 2])
                            at += 3
                            if last[color] < 0 {
                                used.append(color)
                                first[color] = column
                            }
                            bits[color * width + column] |= bit
                            last[color] = max(last[color], column)
                            first[color] = min(first[color], column)
                        }
                    }
                    used.sort()
                    for (place, color) in used.enumerated() {
                        if place > 0 { out.append(byte: UInt8(ascii: "$")) }
                        out.append(byte: UInt8(ascii: "#"))
                        out.append(number: color)
                        let row = color * width
                        if first[color] > 0 { run(63, count: first[color], into: &out) }
                        var column = first[color]
                        while column <= last[color] {
                            let value = bits[row + column]
                            var end = column + 1
                            while end <= last[color] && bits[row + end] == value { end += 1 }
                            run(63 + value, count: end - column, into: &out)
                            column = end
                        }
                        for index in first[color]...last[color] { bits[row + index] = 0 }
                        first[color] = Int.max
                        last[color] = -1
                    }
                    out.append(byte: UInt8(ascii: "-"))
                    top += 6
                }
            }
        }
        out.append("\u{1B}\\")
        return out.bytes
    }

    /// `count` of one sixel character: `!count` and the character from four on, the characters themselves below.
    @inline(__always)
    private static func run(_ character: UInt8, count: Int, into out: inout TerminalBytes) {
        if count >= 4 {
            out.append(byte: UInt8(ascii: "!"))
            out.append(number: count)
            out.append(byte: character)
        } else {
            for _ in 0..<count { out.append(byte: character) }
        }
    }
}
