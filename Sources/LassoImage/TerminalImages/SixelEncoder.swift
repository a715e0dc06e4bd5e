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
        // Each pixel's palette index, in one pass.
        var indices = [UInt8](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                palette.indexOf.withUnsafeBufferPointer { indexOf in
                    var at = 0
                    for index in 0..<(width * height) {
                        indices[index] = indexOf[SixelPalette.key(pixels[at], pixels[at + 1], pixels[at + 2])]
                        at += 3
                    }
                }
            }
        }
        // Per colour, the six bits of each column in the band now, and the first and last column it sets there
        // (first past the end when the band does not use it).
        var bits = [UInt8](repeating: 0, count: colorCount * width)
        var firsts = [Int](repeating: width, count: colorCount)
        var lasts = [Int](repeating: -1, count: colorCount)
        indices.withUnsafeBufferPointer { indices in
            bits.withUnsafeMutableBufferPointer { bits in
                firsts.withUnsafeMutableBufferPointer { firsts in
                    lasts.withUnsafeMutableBufferPointer { lasts in
                        var top = 0
                        while top < height {
                            for row in 0..<min(6, height - top) {
                                let bit = UInt8(1 << row)
                                let line = (top + row) * width
                                for column in 0..<width {
                                    let color = Int(indices[line + column])
                                    bits[color * width + column] |= bit
                                    if column < firsts[color] { firsts[color] = column }
                                    if column > lasts[color] { lasts[color] = column }
                                }
                            }
                            var first = true
                            for color in 0..<colorCount where lasts[color] >= 0 {
                                let start = firsts[color]
                                let stop = lasts[color]
                                firsts[color] = width
                                lasts[color] = -1
                                let row = color * width
                                if !first { out.append(byte: UInt8(ascii: "$")) }
                                first = false
                                out.append(byte: UInt8(ascii: "#"))
                                out.append(number: color)
                                if start > 0 { run(63, count: start, into: &out) }
                                var column = start
                                while column <= stop {
                                    let value = bits[row + column]
                                    var end = column + 1
                                    while end <= stop && bits[row + end] == value { end += 1 }
                                    run(63 + value, count: end - column, into: &out)
                                    column = end
                                }
                                for index in start...stop { bits[row + index] = 0 }
                            }
                            out.append(byte: UInt8(ascii: "-"))
                            top += 6
                        }
                    }
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
