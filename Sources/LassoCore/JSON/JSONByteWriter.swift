/// Writes JSON straight into bytes, spelled exactly as `JSONWriter.compact` spells the same values, for importers that
/// write millions of views without making a `JSONValue` of each.
struct JSONByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends text that needs no escaping (markup: braces, keys known to be plain, spaces).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// `"key":` for a key that needs no escaping.
    mutating func key(_ name: StaticString) {
        bytes.append(0x22)
        raw(name)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// A JSON string literal of UTF-8 `text`, escaped as `JSONWriter.writeString` escapes it.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        bytes.append(0x22)
        var runStart = range.lowerBound
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = text[index]
            let escape: Bool
            var width = 1
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                escape = true
            } else if byte == 0xE2, index + 2 < end, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 {
                // U+2028 and U+2029, which JavaScript does not allow in a string literal.
                escape = true
                width = 3
            } else {
                escape = false
            }
            if escape {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                switch byte {
                case 0x22: raw("\\\"")
                case 0x5C: raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                case 0xE2: raw(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                default:
                    raw("\\u00")
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0x0F))
                }
                index += width
                runStart = index
            } else {
                index += 1
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<end]))
        bytes.append(0x22)
    }

    /// A JSON string literal of `text`.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0, 0..<$0.count) }
    }

    /// A number as `JSONValue.double` writes it: whole numbers below 1e15 without a fraction, others in Swift's
    /// shortest spelling, and `null` for what is not finite.
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
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        let first = bytes.count
        repeat {
            bytes.append(UInt8(magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        bytes[first...].reverse()
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }
}
