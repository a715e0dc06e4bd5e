/// Base64 text (RFC 4648, the standard alphabet, `=` padding) read straight from its UTF-8 bytes: checked, measured
/// and decoded into one array of the exact size, so a 50 MB screenshot costs its text and its bytes, no more (no
/// `String` of it, no `Data` and then an array of the `Data`). Line breaks and spaces, which some SDKs put in, are
/// skipped.
public enum Base64 {
    /// What a look at base64 text found without decoding it all: the size it decodes to and its first bytes.
    public struct Summary: Sendable, Equatable {
        public var byteCount: Int
        /// The first (up to) 12 decoded bytes, enough to tell a PNG from a JPEG.
        public var head: [UInt8]
    }

    /// Why text is not base64, in words: "the character '%' at character 40".
    public struct Fault: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The value of each byte as a base64 digit; 64 for `=`, 65 for whitespace, 255 for anything else.
    static let values: [UInt8] = (0...255).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt8(byte) - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt8(byte) - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        case UInt8(ascii: "="): return 64
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return 65
        default: return 255
        }
    }

    /// Checks `text` and says what it decodes to, decoding only its first bytes.
    public static func summary(_ text: UnsafeBufferPointer<UInt8>) -> Result<Summary, Fault> {
        measure(text).map { count in
            let head = [UInt8](unsafeUninitializedCapacity: min(12, count)) { buffer, initialized in
                initialized = decode(text, into: buffer)
            }
            return Summary(byteCount: count, head: head)
        }
    }

    /// The bytes `text` decodes to, in one array of the exact size; the fault when it is not base64.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Fault> {
        measure(text).map { count in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = decode(text, into: buffer)
            }
        }
    }

    /// Checks `text` (digits, then at most two `=` that finish a group of four, whitespace anywhere) and gives the
    /// number of bytes it decodes to.
    private static func measure(_ text: UnsafeBufferPointer<UInt8>) -> Result<Int, Fault> {
        values.withUnsafeBufferPointer { table in
            var digits = 0
            var padding = 0
            for index in text.indices {
                let value = table[Int(text[index])]
                if value < 64 {
                    guard padding == 0 else {
                        return .failure(Fault(description: "a digit after the '=' padding, at byte \(index + 1)"))
                    }
                    digits += 1
                } else if value == 64 {
                    padding += 1
                    guard padding <= 2, digits % 4 >= 2, digits % 4 + padding <= 4 else {
                        return .failure(Fault(description: "'=' where no padding goes, at byte \(index + 1)"))
                    }
                } else if value == 255 {
                    let byte = text[index]
                    let shown =
                        byte >= UInt8(ascii: "!") && byte < 0x7F
                        ? "the character '\(Character(Unicode.Scalar(byte)))'"
                        : "the byte 0x" + String(byte, radix: 16, uppercase: true)
                    return .failure(Fault(description: "\(shown) at byte \(index + 1), which base64 does not use"))
                }
            }
            guard digits > 0 else { return .failure(Fault(description: "no base64 digits")) }
            guard (digits + padding) % 4 == 0 else {
                return .failure(
                    Fault(description: "\(digits) digits and \(padding) '=', not a whole number of 4-character groups"))
            }
            // Each whole group gives 3 bytes; a last group of 2 digits gives 1, of 3 gives 2.
            let rest = digits % 4
            return .success(digits / 4 * 3 + (rest == 0 ? 0 : rest - 1))
        }
    }

    /// Decodes text that `measure` accepted into `out`, stopping when it is full; gives the number of bytes written.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        values.withUnsafeBufferPointer { table in
            var group: UInt32 = 0
            var inGroup = 0
            var written = 0
            func put(_ byte: UInt32) {
                guard written < out.count else { return }
                out[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            for byte in text {
                guard written < out.count else { break }
                let value = table[Int(byte)]
                guard value < 64 else { continue }
                group = group << 6 | UInt32(value)
                inGroup += 1
                if inGroup == 4 {
                    put(group >> 16)
                    put(group >> 8)
                    put(group)
                    group = 0
                    inGroup = 0
                }
            }
            if inGroup == 2 {
                put(group >> 4)
            } else if inGroup == 3 {
                put(group >> 10)
                put(group >> 2)
            }
            return written
        }
    }
}
