/// The one rule for what a JSON string literal that lasso writes escapes, shared by every JSON writer: the quote and
/// the backslash, and every character that a terminal or an editor would act on or show misleadingly — C0 controls
/// and DEL, C1 controls (U+0080–U+009F, which terminals read as escape sequences), the bidirectional controls
/// (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), and U+2028/U+2029, which JavaScript does not allow in a
/// string literal. All are written as `\u` escapes (or `\n`, `\t`…), so the JSON means the same text and shows it
/// inert.
package enum JSONEscaping {
    /// What the first byte of a UTF-8 sequence says: 0, copied as it is; 1, an ASCII byte that is escaped; 2, the
    /// lead byte of a sequence that may be one of the escaped characters (0xC2, 0xD8, 0xE2), looked at closer.
    package static let firstByte: [UInt8] = (0...255).map { byte -> UInt8 in
        if byte < UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
            return 1
        }
        if byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { return 2 }
        return 0
    }

    /// The code point that the sequence at `index` of `text` encodes when it is one that is escaped; nil otherwise.
    /// Only asked for a byte whose `firstByte` entry is not 0.
    @inline(__always)
    package static func escapedScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> UInt32? {
        let lead = text[index]
        if lead < 0x80 { return UInt32(lead) }
        if lead == 0xC2 {
            // U+0080–U+009F: C2 80–C2 9F.
            guard index + 1 < end, text[index + 1] >= 0x80, text[index + 1] <= 0x9F else { return nil }
            return UInt32(text[index + 1])
        }
        if lead == 0xD8 {
            // U+061C (Arabic letter mark): D8 9C.
            guard index + 1 < end, text[index + 1] == 0x9C else { return nil }
            return 0x061C
        }
        // 0xE2: U+200E–U+200F (E2 80 8E–8F), U+2028–U+202E (E2 80 A8–AE), U+2066–U+2069 (E2 81 A6–A9).
        guard index + 2 < end else { return nil }
        let second = text[index + 1]
        let third = text[index + 2]
        if second == 0x80, third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE) {
            return 0x2000 + UInt32(third - 0x80)
        }
        if second == 0x81, third >= 0xA6, third <= 0xA9 { return 0x2040 + UInt32(third - 0x80) }
        return nil
    }

    /// How many bytes the UTF-8 sequence of an escaped code point takes.
    @inline(__always)
    package static func length(of scalar: UInt32) -> Int { scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : 3 }

    /// Writes the escape of one code point a byte at a time through `write`: the short forms JSON has, else `\u`
    /// and four hex digits.
    @inline(__always)
    package static func writeEscape(_ scalar: UInt32, _ write: (UInt8) -> Void) {
        let short: UInt8? =
            switch Unicode.Scalar(scalar) {
            case "\"": UInt8(ascii: "\"")
            case "\\": UInt8(ascii: "\\")
            case "\n": UInt8(ascii: "n")
            case "\r": UInt8(ascii: "r")
            case "\t": UInt8(ascii: "t")
            case "\u{08}": UInt8(ascii: "b")
            case "\u{0C}": UInt8(ascii: "f")
            default: nil
            }
        write(UInt8(ascii: "\\"))
        if let short {
            write(short)
            return
        }
        write(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { write(hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF))) }
    }

    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// True when no byte of `text` needs a closer look: the string is written as it is.
    @inline(__always)
    package static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        firstByte.withUnsafeBufferPointer { table in
            for byte in text where table[Int(byte)] != 0 { return false }
            return true
        }
    }

    /// Appends the JSON string literal of UTF-8 `text` (quotes included) to `out`.
    package static func appendLiteral(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if isPlain(text) {
            out.append(contentsOf: text)
        } else {
            var runStart = 0
            var index = 0
            let end = text.count
            while index < end {
                guard firstByte[Int(text[index])] != 0, let scalar = escapedScalar(text, at: index, end: end) else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                writeEscape(scalar) { out.append($0) }
                index += length(of: scalar)
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<end]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
