/// Writes JSON straight into memory it is given, spelled exactly as `JSONWriter.compact` spells the same values, for
/// importers that write millions of views without making a `JSONValue` of each.
///
/// It does not check for room on each byte: the caller asks `fits(_:)` before each piece with a bound of what the
/// piece can take (a string at most 6 bytes a byte of text, a number at most 24 bytes).
struct JSONByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Whether `extra` more bytes fit.
    func fits(_ extra: Int) -> Bool { extra <= capacity - count }

    mutating func byte(_ value: UInt8) {
        base[count] = value
        count += 1
    }

    /// Appends bytes as they are (markup, or JSON written before).
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { raw($0) }
    }

    mutating func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { raw($0) }
    }

    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { raw($0) }
    }

    /// `"key":` for a key that needs no escaping.
    mutating func key(_ name: StaticString) {
        byte(0x22)
        raw(name)
        byte(0x22)
        byte(0x3A)
    }

    /// A JSON string literal of UTF-8 `text`, escaped as `JSONWriter.writeString` escapes it: at most 6 bytes a byte.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        byte(0x22)
        var runStart = range.lowerBound
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let value = text[index]
            if value >= 0x20 && value != 0x22 && value != 0x5C && value != 0x7F && value != 0xE2 {
                index += 1
                continue
            }
            if value == 0xE2 {
                // U+2028 and U+2029, which JavaScript does not allow in a string literal.
                guard index + 2 < end, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
            }
            raw(UnsafeBufferPointer(rebasing: text[runStart..<index]))
            switch value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0xE2:
                raw(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            default:
                raw("\\u00")
                byte(Self.hexDigit(value >> 4))
                byte(Self.hexDigit(value & 0x0F))
            }
            index += 1
            runStart = index
        }
        raw(UnsafeBufferPointer(rebasing: text[runStart..<end]))
        byte(0x22)
    }

    /// A JSON string literal of `text`.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0, 0..<$0.count) }
    }

    /// A number as `JSONValue.double` writes it: whole numbers below 1e15 without a fraction, others in Swift's
    /// shortest spelling (at most 24 bytes), and `null` for what is not finite.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else {
            raw(String(value))
        }
    }

    mutating func integer(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        var magnitude = value.magnitude
        let first = count
        repeat {
            byte(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        var low = first
        var high = count - 1
        while low < high {
            let swap = base[low]
            base[low] = base[high]
            base[high] = swap
            low += 1
            high -= 1
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }
}
