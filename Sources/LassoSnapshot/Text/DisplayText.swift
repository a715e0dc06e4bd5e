/// Makes snapshot texts safe to show: control characters and escape sequences become visible escapes, never terminal commands.
public enum DisplayText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// Text for a terminal: escaped as `escaped` does (ESC, BEL, C1 controls such as CSI, the bidirectional
    /// controls), except the line feeds and tabs that lay out lines and columns; other Unicode, Chinese included,
    /// stays as it is.
    public static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isEscaped($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
            } else {
                append(scalar, to: &out)
            }
        }
        return out
    }

    /// `"text"` with the text escaped (its own `"` and `\` too, so the quotes end where it ends) and cut to `limit`
    /// characters.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        // Only the start is escaped and counted: a text of millions of characters costs what its first ones do.
        let head = limit < Int.max - 2 ? String(text.prefix(limit + 2)) : text
        let safe = escaped(head.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))
        return "\"" + (safe.count > limit ? String(safe.prefix(limit - 1)) + "…" : safe) + "\""
    }

    /// True for the scalars that are shown as escapes rather than as themselves: C0 controls and DEL, C1 controls
    /// (U+0080–U+009F, which terminals read as escape sequences), the line and paragraph separators, and the
    /// bidirectional controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) that reorder what follows them.
    /// The same characters as JSON output escapes (`JSONEscaping`).
    /// True when `text` holds a character `escaped` would escape (a control or bidirectional character).
    public static func hasEscaped(_ text: String) -> Bool { text.unicodeScalars.contains(where: isEscaped) }

    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{1B}": out += "\\e"
        case _ where isEscaped(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
}
