/// Makes snapshot texts safe to show: control characters and escape sequences become visible escapes, never terminal commands.
public enum DisplayText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `"text"` with the text escaped and cut to `limit` characters.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        let safe = escaped(text)
        return "\"" + (safe.count > limit ? String(safe.prefix(limit - 1)) + "…" : safe) + "\""
    }
}
