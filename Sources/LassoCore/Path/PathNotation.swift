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
        if text.contains(" & ") || text.contains("&") && !text.contains("[") { return .dash }
        if text.contains("[") { return .lasso }
        if text.contains("(") { return .hubble }
        return .lasso
    }

    /// Reads a path written in any notation.
    public static func parse(_ text: String) throws(PathSyntaxError) -> ViewPath {
        try detect(text).parse(text)
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> ViewPath {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw PathSyntaxError(path: text, reason: "the path is empty") }
        switch self {
        case .lasso: return try PathNotation.parseLasso(trimmed)
        case .dash: return try PathNotation.parseDash(trimmed)
        case .hubble: return try PathNotation.parseHubble(trimmed)
        }
    }

    private static func parseLasso(_ text: String) throws(PathSyntaxError) -> ViewPath {
        var segments: [PathSegment] = []
        for (position, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            guard part.hasSuffix("]"), let open = part.lastIndex(of: "[") else {
                throw PathSyntaxError(
                    path: text, reason: "segment \(position + 1) (\"\(part)\") should look like Name[0] or Name[0:2]")
            }
            let label = part[..<open]
            let index = part[part.index(after: open)..<part.index(before: part.endIndex)]
            segments.append(try segment(label: label, index: index, position: position, in: text))
        }
        return ViewPath(segments)
    }

    private static func parseDash(_ text: String) throws(PathSyntaxError) -> ViewPath {
        guard let separator = text.range(of: "&", options: .backwards) else {
            throw PathSyntaxError(path: text, reason: "a dash path needs names, then ' & ', then indices")
        }
        let names = text[..<separator.lowerBound].trimmingCharacters(in: .whitespaces).split(
            separator: "-", omittingEmptySubsequences: false)
        let indices = text[separator.upperBound...].trimmingCharacters(in: .whitespaces).split(
            separator: "-", omittingEmptySubsequences: false)
        guard names.count == indices.count else {
            throw PathSyntaxError(path: text, reason: "it has \(names.count) names but \(indices.count) indices")
        }
        var segments: [PathSegment] = []
        for position in names.indices {
            segments.append(try segment(label: names[position], index: indices[position], position: position, in: text))
        }
        return ViewPath(segments)
    }

    private static func parseHubble(_ text: String) throws(PathSyntaxError) -> ViewPath {
        var segments: [PathSegment] = []
        var rest = Substring(text)
        var position = 0
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                throw PathSyntaxError(
                    path: text, reason: "segment \(position + 1) should look like Name(0) or Name(section:0 row:2)")
            }
            let label = rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            var index = Substring(inside)
            if inside.hasPrefix("section:") {
                let fields = inside.split(separator: " ")
                guard fields.count == 2, let row = fields[1].split(separator: ":").last,
                    fields[1].hasPrefix("row:") || fields[1].hasPrefix("item:")
                else {
                    throw PathSyntaxError(
                        path: text, reason: "segment \(position + 1) has a cell index other than (section:S row:R)")
                }
                index = Substring(fields[0].dropFirst("section:".count) + ":" + row)
            }
            segments.append(try segment(label: label, index: index, position: position, in: text))
            rest = rest[rest.index(after: close)...]
            if rest.first == "_" {
                rest = rest.dropFirst()
                guard !rest.isEmpty else { throw PathSyntaxError(path: text, reason: "it ends with '_'") }
            } else if !rest.isEmpty {
                throw PathSyntaxError(
                    path: text, reason: "expected '_' after segment \(position + 1), found \"\(rest.prefix(1))\"")
            }
            position += 1
        }
        return ViewPath(segments)
    }

    private static func segment(label: Substring, index: Substring, position: Int, in text: String)
        throws(PathSyntaxError) -> PathSegment
    {
        let parts = label.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let written = parts[0].trimmingCharacters(in: .whitespaces)
        guard !written.isEmpty, !written.contains(where: { "[]()/&".contains($0) }) else {
            throw PathSyntaxError(
                path: text,
                reason:
                    "segment \(position + 1) has no class name or a name with '[', ']', '(', ')', '/' or '&' (write them as %5B %5D %28 %29 %2F %26)"
            )
        }
        let name = PathNameEscaping.unescape(Substring(written))
        // The alias obeys the name's rules: trimmed, and none of the characters the notations split on (written
        // as %XX instead), so that every notation writes it and reads it back the same.
        let aliasText = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        if let aliasText, aliasText.isEmpty {
            throw PathSyntaxError(path: text, reason: "segment \(position + 1) has an empty alias after '@'")
        }
        if let aliasText, aliasText.contains(where: { "[]()/&".contains($0) }) {
            throw PathSyntaxError(
                path: text, reason: "segment \(position + 1) has an alias with '[', ']', '(', ')', '/' or '&'")
        }
        let alias = aliasText.map { PathNameEscaping.unescape(Substring($0)) }
        guard let parsed = parseIndex(index) else {
            throw PathSyntaxError(
                path: text,
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
