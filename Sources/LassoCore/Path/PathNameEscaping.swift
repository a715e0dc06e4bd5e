/// Writes class names and aliases inside a path so that every notation reads them back: a character a notation
/// uses for its own structure (`/ [ ] ( ) & @ %`, and `-` in the dash notation) is written as `%XX`.
///
/// Runtime names can hold such characters (`ListCell<(Int, String)>`, `Foo<any A & B>`); ordinary names hold
/// none, so their paths read exactly as the SDKs write them.
enum PathNameEscaping {
    /// The characters escaped in every notation.
    static let reserved: Set<Character> = ["/", "[", "]", "(", ")", "&", "@", "%"]

    static func escape(_ name: String, alsoEscaping extra: Set<Character> = []) -> String {
        guard name.contains(where: { reserved.contains($0) || extra.contains($0) }) else { return name }
        var out = ""
        for character in name {
            if reserved.contains(character) || extra.contains(character), let ascii = character.asciiValue {
                out += "%" + String(ascii, radix: 16, uppercase: true)
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The name with every `%XX` of an ASCII character turned back into it; any other `%` stays as it is.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var out = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let digits = rest[rest.index(after: percent)...].prefix(2)
            if digits.count == 2, let value = UInt8(digits, radix: 16), value < 0x80 {
                out.append(Character(Unicode.Scalar(value)))
                rest = rest[rest.index(percent, offsetBy: 3)...]
            } else {
                out.append("%")
                rest = rest[rest.index(after: percent)...]
            }
        }
        return out + rest
    }
}

extension PathSegment {
    /// `Name@alias` with the name and alias escaped for a notation.
    func escapedLabel(alsoEscaping extra: Set<Character> = []) -> String {
        PathNameEscaping.escape(name, alsoEscaping: extra)
            + (alias.map { "@" + PathNameEscaping.escape($0, alsoEscaping: extra) } ?? "")
    }
}
