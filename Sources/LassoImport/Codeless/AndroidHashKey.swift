/// A view's hash code as the tree looks it up: the text of a `hashCode` number, or of a `subviews` entry, as a number
/// when it is a plain integer (hashed and compared without text), else as the text itself; two keys are equal exactly
/// when their texts are.
enum AndroidHashKey: Hashable, Sendable {
    case integer(Int64)
    case text(String)

    /// The key of a text as the snapshot spells it.
    init(_ text: String) {
        var text = text
        self = text.withUTF8 { AndroidHashKey($0) }
    }

    /// The key of UTF-8 text: an integer only in its one plain spelling (no `+`, no leading zero, no `-0`), so that
    /// keys made of two different texts differ.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let value = AndroidHashKey.plainInteger(bytes) {
            self = .integer(value)
        } else {
            self = .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The text the key was made of.
    var text: String {
        switch self {
        case .integer(let value): return String(value)
        case .text(let text): return text
        }
    }

    private static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        let digits = bytes.count - index
        guard digits >= 1, digits <= 18 else { return nil }
        if bytes[index] == UInt8(ascii: "0") && (digits > 1 || negative) { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }
}
