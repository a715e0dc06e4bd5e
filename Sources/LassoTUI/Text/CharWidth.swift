import LassoSnapshot

/// How many terminal columns a character takes, from the Unicode tables rather than the machine's locale.
public enum CharWidth {
    /// 0 for combining marks and zero-width characters, 2 for East Asian wide and fullwidth, 1 otherwise.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < UInt8(ascii: " ") || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        if contains(WidthTables.zero, value) { return 0 }
        if contains(WidthTables.wide, value) { return 2 }
        return 1
    }

    /// The width of a grapheme cluster: its widest scalar, and 2 for an emoji presentation sequence; a control
    /// character takes the width of the escape it is shown as (`Grid.put`, `DisplayText`).
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if DisplayText.isEscaped(scalar) { return DisplayText.escaped(String(character)).unicodeScalars.count }
            if scalar.value == 0xFE0F { return 2 }
            width = max(width, of(scalar))
        }
        return width
    }

    /// The width of a string, in columns.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The start of `text` up to the first character that makes it wider than `columns` (that one included): whether
    /// it fits in `columns`, and where it is cut to fit, are those of the whole text, at the cost of its start only.
    public static func head(_ text: String, beyond columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex, used <= columns {
            used += of(text[end])
            end = text.index(after: end)
        }
        return text[..<end]
    }

    /// The longest prefix of `text` that fits in `columns`, never splitting a wide character.
    public static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var out = ""
        for character in text {
            let width = of(character)
            if used + width > columns { break }
            used += width
            out.append(character)
        }
        return out
    }

    /// The first of `wordings` (longest first) that fits in `columns` whole, else the last: a message said in the
    /// longest words there is room for, rather than cut.
    public static func fitting(_ wordings: [String], in columns: Int) -> String {
        wordings.first { of($0) <= columns } ?? wordings.last ?? ""
    }

    /// `text` cut to `columns`, ending in `…` when it was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        // One walk that stops at the first character past the room: a text of megabytes costs what its start does.
        var used = 0
        var cut = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            used += of(text[index])
            if used > columns { return String(text[..<cut]) + "…" }
            index = text.index(after: index)
            if used <= columns - 1 { cut = index }
        }
        return text
    }

    private static func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = table.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[middle].lowerBound {
                high = middle - 1
            } else if value > table[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
