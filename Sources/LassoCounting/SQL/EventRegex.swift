import LassoDocuments
import LassoSnapshot

/// The regular expression a back end matches a record's reported viewPath with, made from a definition's location:
/// anchored, names escaped literally, each `*` of an index as `[0-9]+` (docs/event-records.md, "The regex").
///
/// Written in the subset that RE2 (ClickHouse), PostgreSQL, Java (Spark), Python and ICU read alike: only the
/// characters `\ . ^ $ | ? * + ( ) [ ] { }` are escaped, each by one backslash, and everything else, CJK included,
/// stands for itself. The reported viewPath is in lasso's notation (`Name[i]/Name[s:r]/…`).
public enum EventRegex {
    /// One piece of a location as written: literal text, or the digits a wildcard stands for.
    public enum Piece: Sendable, Equatable {
        case literal(String)
        /// One or more ASCII digits (`[0-9]+`).
        case digits
    }

    /// The characters that mean something in a regular expression of any of the engines.
    static let special: Set<Unicode.Scalar> = ["\\", ".", "^", "$", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]

    /// `^…$` for `path`.
    public static func pattern(for path: ViewPath) -> String {
        var out = "^"
        for piece in pieces(of: path) {
            switch piece {
            case .literal(let text): out += escape(text)
            case .digits: out += "[0-9]+"
            }
        }
        return out + "$"
    }

    /// `^…$` for a definition's location: lasso's own path, or its path in its profile's dialect as that SDK reports
    /// paths (`EventPathPattern(dialectText:profile:)`).
    public static func pattern(for given: EventDefinition) -> String {
        guard given.profile != .lasso else { return pattern(for: given.viewPath) }
        let definition = given.recorded
        var out = "^"
        for part in EventPathPattern.dialectParts(definition.viewPathText, profile: definition.profile) {
            switch part {
            case .literal(let bytes): out += escape(String(decoding: bytes, as: UTF8.self))
            case .digits: out += "[0-9]+"
            }
        }
        return out + "$"
    }

    /// The location as the literal texts and wildcard digit runs a matching viewPath is made of, in order; adjacent
    /// literals are joined, so no two literals follow each other.
    public static func pieces(of path: ViewPath) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        func index(_ value: Int?) {
            if let value {
                literal += String(value)
            } else {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.digits)
            }
        }
        for (offset, segment) in path.segments.enumerated() {
            if offset > 0 { literal += "/" }
            literal += segment.escapedLabel() + "["
            switch segment.index {
            case .position(let value): index(value)
            case .cell(let section, let row):
                index(section)
                literal += ":"
                index(row)
            }
            literal += "]"
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// `text` with every regex metacharacter preceded by a backslash.
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if special.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }
}
