import LassoSnapshot

/// Reads a view's `frame = (x y; width height)` from a dump's bytes: superview-relative already.
enum UIKitFrame {
    enum Reading {
        case frame(Rect)
        /// UIKit prints a frame of NaN or infinity as "nan" / "inf": such a view has no frame lasso can use.
        case unusable
        /// Not a frame: what was expected instead.
        case malformed(expected: String)
    }

    static func read(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Reading {
        var start = range.lowerBound
        var end = range.upperBound
        func isTrim(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: " ")
        }
        while start < end, isTrim(text[start]) { start += 1 }
        while end > start, isTrim(text[end - 1]) { end -= 1 }
        // Numbers split by ' ', in two halves split by ';' (empty pieces dropped); four numbers at most are kept, so
        // that reading a million frames allocates nothing.
        var tokens: (Range<Int>, Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0, 0..<0)
        var count = 0
        var halves = 0
        var halfStart = start
        var tokenStart = start
        var index = start
        while index <= end {
            let byte: UInt8 = index < end ? text[index] : UInt8(ascii: ";")
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ";") {
                if index > tokenStart {
                    switch count {
                    case 0: tokens.0 = tokenStart..<index
                    case 1: tokens.1 = tokenStart..<index
                    case 2: tokens.2 = tokenStart..<index
                    case 3: tokens.3 = tokenStart..<index
                    default: break
                    }
                    count += 1
                }
                if byte == UInt8(ascii: ";") {
                    if index > halfStart { halves += 1 }
                    halfStart = index + 1
                }
                tokenStart = index + 1
            }
            index += 1
        }
        guard halves == 2, count == 4 else { return .malformed(expected: "frame = (x y; width height)") }
        if containsNotANumber(text, tokens.0) || containsNotANumber(text, tokens.1)
            || containsNotANumber(text, tokens.2) || containsNotANumber(text, tokens.3)
        {
            return .unusable
        }
        // A number too big for a Double (1e999) reads as infinity: refused, at the dump's line.
        guard let x = finite(text, tokens.0), let y = finite(text, tokens.1), let width = finite(text, tokens.2),
            let height = finite(text, tokens.3)
        else {
            return .malformed(expected: "frame = (x y; width height) with four numbers (each at most about 1.8e308)")
        }
        return .frame(Rect(x: x, y: y, width: max(0, width), height: max(0, height)))
    }

    private static func finite(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard let value = ByteText.double(text, range), value.isFinite else { return nil }
        return value
    }

    /// Whether the token holds "nan" or "inf" in any letter case.
    private static func containsNotANumber(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        for index in range.lowerBound...(range.upperBound - 3) {
            let a = text[index] | 0x20
            let b = text[index + 1] | 0x20
            let c = text[index + 2] | 0x20
            if (a == UInt8(ascii: "n") && b == UInt8(ascii: "a") && c == UInt8(ascii: "n"))
                || (a == UInt8(ascii: "i") && b == UInt8(ascii: "n") && c == UInt8(ascii: "f"))
            {
                return true
            }
        }
        return false
    }
}
