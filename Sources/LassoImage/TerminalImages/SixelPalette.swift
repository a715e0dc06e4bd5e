import LassoSnapshot

/// At most 256 colours for an image, chosen by median cut over its 15-bit colour histogram, and the palette index of
/// every 15-bit colour: what a sixel image is drawn with.
public struct SixelPalette: Sendable {
    /// The palette's colours, at most `limit`.
    public let colors: [RGB]
    /// For each 15-bit colour (5 bits a channel, red highest), its palette index.
    let indexOf: [UInt8]
    /// The most colours a sixel image gets: what xterm's `numColorRegisters` allows at most, and what foot, mlterm
    /// and Windows Terminal keep.
    public static let limit = 256

    /// The 15-bit key of a colour.
    @inline(__always)
    static func key(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
    }

    /// The palette of `image`: each of its colours exactly when it has at most `limit` 15-bit colours, else the
    /// weighted means of the boxes a median cut splits them into.
    public init(_ image: RGBImage, limit: Int = SixelPalette.limit) {
        // Per 15-bit colour: its pixel count and the sums of its red, green and blue, side by side.
        var histogram = [Int](repeating: 0, count: 4 << 15)
        histogram.withUnsafeMutableBufferPointer { histogram in
            image.pixels.withUnsafeBufferPointer { pixels in
                var at = 0
                while at < pixels.count {
                    let red = pixels[at]
                    let green = pixels[at + 1]
                    let blue = pixels[at + 2]
                    let slot = Self.key(red, green, blue) << 2
                    histogram[slot] += 1
                    histogram[slot + 1] += Int(red)
                    histogram[slot + 2] += Int(green)
                    histogram[slot + 3] += Int(blue)
                    at += 3
                }
            }
        }
        var counts = [Int](repeating: 0, count: 1 << 15)
        for key in 0..<(1 << 15) { counts[key] = histogram[key << 2] }
        var keys: [Int] = []
        for key in 0..<(1 << 15) where counts[key] > 0 { keys.append(key) }
        // Boxes as ranges of `keys`, each split at the pixel-weighted median of its widest channel; each box's
        // widest channel and score are worked out once, when it is made.
        func measured(_ range: Range<Int>) -> Box {
            var low = (31, 31, 31)
            var high = (0, 0, 0)
            var pixels = 0
            for at in range {
                let key = keys[at]
                let red = key >> 10
                let green = (key >> 5) & 31
                let blue = key & 31
                low = (min(low.0, red), min(low.1, green), min(low.2, blue))
                high = (max(high.0, red), max(high.1, green), max(high.2, blue))
                pixels += counts[key]
            }
            let spans = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
            let channel = spans.0 >= spans.1 && spans.0 >= spans.2 ? 0 : (spans.1 >= spans.2 ? 1 : 2)
            let span = [spans.0, spans.1, spans.2][channel]
            // The widest box that holds many pixels splits first: an even spread of error over the image.
            let score = range.count > 1 ? (span + 1) * (span + 1) * Int(Double(pixels).squareRoot() + 1) : 0
            return Box(range: range, channel: channel, score: score)
        }
        var boxes: [Box] = keys.isEmpty ? [] : [measured(0..<keys.count)]
        let most = max(1, min(limit, 256))
        while boxes.count < most {
            var best = -1
            var bestScore = 0
            for (index, box) in boxes.enumerated() where box.score > bestScore {
                bestScore = box.score
                best = index
            }
            guard best >= 0 else { break }
            let box = boxes[best].range
            let shift = [10, 5, 0][boxes[best].channel]
            keys[box].sort { ($0 >> shift) & 31 < ($1 >> shift) & 31 }
            var total = 0
            for at in box { total += counts[keys[at]] }
            var running = 0
            var cut = box.lowerBound + 1
            for at in box {
                running += counts[keys[at]]
                if running * 2 >= total {
                    cut = min(max(at + 1, box.lowerBound + 1), box.upperBound - 1)
                    break
                }
            }
            boxes[best] = measured(box.lowerBound..<cut)
            boxes.append(measured(cut..<box.upperBound))
        }
        var colors: [RGB] = []
        var indexOf = [UInt8](repeating: 0, count: 1 << 15)
        for (number, box) in boxes.map(\.range).enumerated() {
            var total = 0
            var red = 0
            var green = 0
            var blue = 0
            for at in box {
                let key = keys[at]
                total += counts[key]
                red += histogram[key << 2 + 1]
                green += histogram[key << 2 + 2]
                blue += histogram[key << 2 + 3]
                indexOf[key] = UInt8(number)
            }
            let count = max(total, 1)
            colors.append(RGB(UInt8(red / count), UInt8(green / count), UInt8(blue / count)))
        }
        self.colors = colors.isEmpty ? [RGB(0, 0, 0)] : colors
        self.indexOf = indexOf
    }

    /// The palette index of a colour.
    @inline(__always)
    public func index(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(indexOf[Self.key(red, green, blue)])
    }

    /// A box of the median cut: its colours (a range of the sorted keys), the channel it spans most, and how much
    /// splitting it would help.
    private struct Box {
        var range: Range<Int>
        var channel: Int
        var score: Int
    }
}
