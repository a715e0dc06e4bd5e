import Foundation

/// The ways to write one path (docs/viewpath.md, "Notations"): lasso `A[0]/B[0:2]`, dash `A-B & 0-0:2`, hubble `A(0)_B(section:0 row:2)`.
public enum PathNotation: String, Sendable, CaseIterable {
    case lasso
    case dash
    case hubble

    public func write(_ path: ViewPath) -> String {
        switch self {
        case .lasso:
            return path.segments.map { $0.escapedLabel() + "[" + $0.index.text + "]" }.joined(separator: "/")
        case .dash:
            return path.segments.map { $0.escapedLabel(alsoEscaping: ["-"]) }.joined(separator: "-") + " & "
                + path.segments.map(\.index.text).joined(separator: "-")
        case .hubble:
            return path.segments.map { segment in
                switch segment.index {
                case .position(let value):
                    return segment.escapedLabel() + "(" + (value.map(String.init) ?? "*") + ")"
                case .cell(let section, let row):
                    return segment.escapedLabel() + "(section:" + (section.map(String.init) ?? "*") + " row:"
                        + (row.map(String.init) ?? "*") + ")"
                }
            }.joined(separator: "_")
        }
    }

    /// The notation a path is written in, judged from its text.
    public static func detect(_ text: String) -> PathNotation {
        let scalars = Array(text.unicodeScalars)
        let hasBracket = scalars.contains("[")
        let hasSpacedAmpersand = scalars.indices.dropFirst().dropLast().contains {
            scalars[$0] == "&" && scalars[$0 - 1] == " " && scalars[$0 + 1] == " "
        }
        if hasSpacedAmpersand || scalars.contains("&") && !hasBracket { return .dash }
        if hasBracket { return .lasso }
        if scalars.contains("(") { return .hubble }
        return .lasso
    }

    /// Reads a path written in any notation.
    public static func parse(_ text: String) throws(PathSyntaxError) -> ViewPath {
        try detect(text).parse(text)
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> ViewPath {
        // Read scalar by scalar, not by Character: a name may start with a mark that would join the '/', '(' or '-'
        // before it into one Character, and the notations' own characters are single ASCII scalars.
        let trimmed = PathNotation.trim(Substring(text).unicodeScalars)
        guard !trimmed.isEmpty else { throw PathSyntaxError(path: text, reason: "the path is empty") }
        switch self {
        case .lasso: return try PathNotation.parseLasso(trimmed)
        case .dash: return try PathNotation.parseDash(trimmed)
        case .hubble: return try PathNotation.parseHubble(trimmed)
        }
    }

    /// A path's text, or a part of it, as scalars.
    typealias Scalars = Substring.UnicodeScalarView

    /// The text without the whitespace and newlines at its ends (the ones `PathNameEscaping` escapes in names).
    static func trim(_ text: Scalars) -> Scalars {
        guard let first = text.firstIndex(where: { !PathNameEscaping.isTrimmed($0) }),
            let last = text.lastIndex(where: { !PathNameEscaping.isTrimmed($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    private static func parseLasso(_ text: Scalars) throws(PathSyntaxError) -> ViewPath {
        var segments: [PathSegment] = []
        for (position, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            guard part.last == "]", let open = part.lastIndex(of: "[") else {
                throw PathSyntaxError(
                    path: String(text),
                    reason: "segment \(position + 1) (\"\(String(part))\") should look like Name[0] or Name[0:2]")
            }
            let label = part[..<open]
            let index = part[part.index(after: open)..<part.index(before: part.endIndex)]
            segments.append(try segment(label: label, index: Substring(index), position: position, in: text))
        }
        return ViewPath(segments)
    }

    private static func parseDash(_ text: Scalars) throws(PathSyntaxError) -> ViewPath {
        guard let separator = text.lastIndex(of: "&") else {
            throw PathSyntaxError(path: String(text), reason: "a dash path needs names, then ' & ', then indices")
        }
        let names = trim(text[..<separator]).split(separator: "-", omittingEmptySubsequences: false)
        let indices = trim(text[text.index(after: separator)...]).split(
            separator: "-", omittingEmptySubsequences: false)
        guard names.count == indices.count else {
            throw PathSyntaxError(
                path: String(text), reason: "it has \(names.count) names but \(indices.count) indices")
        }
        var segments: [PathSegment] = []
        for position in names.indices {
            segments.append(
                try segment(label: names[position], index: Substring(indices[position]), position: position, in: text))
        }
        return ViewPath(segments)
    }

    private static func parseHubble(_ text: Scalars) throws(PathSyntaxError) -> ViewPath {
        var segments: [PathSegment] = []
        var rest = text
        var position = 0
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                throw PathSyntaxError(
                    path: String(text),
                    reason: "segment \(position + 1) should look like Name(0) or Name(section:0 row:2)")
            }
            let label = rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            var index = Substring(inside)
            if inside.starts(with: "section:".unicodeScalars) {
                let fields = inside.split(separator: " ")
                guard fields.count == 2, let row = fields[1].split(separator: ":").last,
                    fields[1].starts(with: "row:".unicodeScalars) || fields[1].starts(with: "item:".unicodeScalars)
                else {
                    throw PathSyntaxError(
                        path: String(text),
                        reason: "segment \(position + 1) has a cell index other than (section:S row:R)")
                }
                index = Substring(String(fields[0].dropFirst("section:".count)) + ":" + String(row))
            }
            segments.append(try segment(label: label, index: index, position: position, in: text))
            rest = rest[rest.index(after: close)...]
            if rest.first == "_" {
                rest = rest.dropFirst()
                guard !rest.isEmpty else { throw PathSyntaxError(path: String(text), reason: "it ends with '_'") }
            } else if !rest.isEmpty {
                throw PathSyntaxError(
                    path: String(text),
                    reason: "expected '_' after segment \(position + 1), found \"\(String(rest.prefix(1)))\"")
            }
            position += 1
        }
        return ViewPath(segments)
    }

    /// The characters the notations split on, which a name or alias must write as `%XX`.
    private static let structural: Set<Unicode.Scalar> = ["[", "]", "(", ")", "/", "&"]

    private static func segment(label: Scalars, index: Substring, position: Int, in text: Scalars)
        throws(PathSyntaxError) -> PathSegment
    {
        let parts = label.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let written = trim(parts[0])
        guard !written.isEmpty, !written.contains(where: structural.contains) else {
            throw PathSyntaxError(
                path: String(text),
                reason:
                    "segment \(position + 1) has no class name or a name with '[', ']', '(', ')', '/' or '&' (write them as %5B %5D %28 %29 %2F %26)"
            )
        }
        let name = PathNameEscaping.unescape(written)
        // The alias obeys the name's rules: trimmed, and none of the characters the notations split on (written
        // as %XX instead), so that every notation writes it and reads it back the same.
        let aliasText = parts.count > 1 ? trim(parts[1]) : nil
        if let aliasText, aliasText.isEmpty {
            throw PathSyntaxError(path: String(text), reason: "segment \(position + 1) has an empty alias after '@'")
        }
        if let aliasText, aliasText.contains(where: structural.contains) {
            throw PathSyntaxError(
                path: String(text),
                reason: "segment \(position + 1) has an alias with '[', ']', '(', ')', '/' or '&'")
        }
        let alias = aliasText.map { PathNameEscaping.unescape($0) }
        guard let parsed = parseIndex(index) else {
            throw PathSyntaxError(
                path: String(text),
                reason:
                    "segment \(position + 1) (\(name)) has the index \"\(index)\"; expected a number, '*', or section:row such as 0:2 or 0:*"
            )
        }
        return PathSegment(name: name, alias: alias, index: parsed)
    }

    static func parseIndex(_ text: Substring) -> SegmentIndex? {
        func part(_ piece: Substring) -> Int?? {
            if piece == "*" { return .some(nil) }
            guard let value = Int(piece), value >= 0 else { return nil }
            return .some(value)
        }
        let halves = text.split(separator: ":", omittingEmptySubsequences: false)
        switch halves.count {
        case 1:
            guard let value = part(halves[0]) else { return nil }
            return .position(value)
        case 2:
            guard let section = part(halves[0]), let row = part(halves[1]) else { return nil }
            return .cell(section: section, row: row)
        default:
            return nil
        }
    }
}

/// A path that could not be read: the text and why.
public struct PathSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "the path \"\(path)\" is not valid: \(reason)" }
}
