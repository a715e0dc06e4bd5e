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

    /// Two-space indent as `value` is written `level` deep in a pretty document (an item of an array written one
    /// item at a time), no leading or trailing newline.
    public static func pretty(_ value: JSONValue, level: Int) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: level)
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

    /// A JSON string literal: escaped by the one rule of `JSONEscaping`, everything else as UTF-8.
    public static func writeString(_ text: String, into out: inout String) {
        var text = text
        let plain = text.withUTF8 { JSONEscaping.isPlain($0) }
        if plain {
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        text.withUTF8 { JSONEscaping.appendLiteral($0, to: &bytes) }
        out += String(decoding: bytes, as: UTF8.self)
    }
}
