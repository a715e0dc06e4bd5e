/// Writes JSON values as text: compact for lines of output, or indented by two spaces for files people diff.
public enum JSONWriter {
    /// One line, no spaces.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    /// Two-space indent, `"key": value`, no trailing newline.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out
    }

    static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (position, item) in items.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent: indent, level: level + 1)
                write(item, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent: indent, level: level)
            out += "]"
        case .object(let object):
            if object.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { out += "," }
                newline(&out, indent: indent, level: level + 1)
                writeString(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(member.value, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent: indent, level: level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, indent: String?, level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything else as UTF-8.
    public static func writeString(_ text: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: copied whole (0xE2 starts U+2028 and U+2029, which are escaped below).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xE2 }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
