/// The escapes some tools print inside a `recursiveDescription` text (Cycript writes `text = '\u8d2d\u7269'`, a C
/// string's bytes come out as `\xe4\xb8\xad`), decoded into the characters they stand for.
///
/// `\uXXXX` is a UTF-16 unit: a surrogate pair makes one character, a lone surrogate is kept as written. A run of
/// `\xNN` is UTF-8 when it is valid UTF-8, else each is the character U+00NN (`Caf\xe9`). An escape with too few hex
/// digits is kept as written, and so is what follows `\\`. Both ways of reading a dump (its table built at once, its
/// snapshot JSON written) decode through this one type.
enum UIKitTextEscapes {
    /// The UTF-8 of `range` of `source` with its escapes decoded, or nil when it has none to decode.
    static func decoded(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8]? {
        guard let first = firstEscape(source, range) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[range.lowerBound..<first]))
        var index = first
        let end = range.upperBound
        while index < end {
            let byte = source[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < end else {
                out.append(byte)
                index += 1
                continue
            }
            switch source[index + 1] {
            case UInt8(ascii: "\\"):
                out.append(contentsOf: [byte, byte])
                index += 2
            case UInt8(ascii: "u"):
                index = unicode(source, at: index, end: end, into: &out)
            case UInt8(ascii: "x"):
                index = hexBytes(source, at: index, end: end, into: &out)
            default:
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// Where the first `\u` or `\x` escape with its hex digits is, or nil: most texts have none and are kept as bytes.
    private static func firstEscape(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if source[index] == UInt8(ascii: "\\") {
                let next = source[index + 1]
                if next == UInt8(ascii: "u"), hex(source, index + 2, 4, end: range.upperBound) != nil { return index }
                if next == UInt8(ascii: "x"), hex(source, index + 2, 2, end: range.upperBound) != nil { return index }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    /// Decodes the `\uXXXX` at `index` (with its low surrogate when it is a high one) into `out`; the index after it.
    private static func unicode(
        _ source: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, into out: inout [UInt8]
    ) -> Int {
        guard let unit = hex(source, index + 2, 4, end: end) else {
            out.append(source[index])
            return index + 1
        }
        var scalar = Unicode.Scalar(unit)
        var next = index + 6
        if (0xD800...0xDBFF).contains(unit), next + 1 < end, source[next] == UInt8(ascii: "\\"),
            source[next + 1] == UInt8(ascii: "u"), let low = hex(source, next + 2, 4, end: end),
            (0xDC00...0xDFFF).contains(low)
        {
            scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            next += 6
        }
        guard let scalar else {
            // A lone surrogate is no character: kept as written.
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[index..<(index + 6)]))
            return index + 6
        }
        out.append(contentsOf: String(Character(scalar)).utf8)
        return next
    }

    /// Decodes the run of `\xNN` escapes at `index` into `out`: as UTF-8 when the run is valid UTF-8, else each byte as
    /// the character of that number; the index after the run.
    private static func hexBytes(
        _ source: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, into out: inout [UInt8]
    ) -> Int {
        var bytes: [UInt8] = []
        var next = index
        while next + 1 < end, source[next] == UInt8(ascii: "\\"), source[next + 1] == UInt8(ascii: "x"),
            let value = hex(source, next + 2, 2, end: end)
        {
            bytes.append(UInt8(value))
            next += 4
        }
        guard !bytes.isEmpty else {
            out.append(source[index])
            return index + 1
        }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var valid = true
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error:
                valid = false
                break loop
            }
        }
        if valid {
            out.append(contentsOf: bytes)
        } else {
            for byte in bytes { out.append(contentsOf: String(Character(Unicode.Scalar(byte))).utf8) }
        }
        return next
    }

    /// The number written by `count` hex digits at `index`, or nil when they are not all there.
    private static func hex(_ source: UnsafeBufferPointer<UInt8>, _ index: Int, _ count: Int, end: Int) -> UInt32? {
        guard index + count <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<count {
            let byte = source[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
