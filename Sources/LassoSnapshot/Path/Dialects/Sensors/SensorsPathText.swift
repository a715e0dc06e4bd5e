import Foundation

/// Reading the slash-joined paths of the Sensors Analytics iOS SDK (`$element_path` and the legacy
/// `$element_selector`), with an error in words where a segment is not one the SDK writes.
enum SensorsPathText {
    /// The classes the SDK writes no segment for (UP L76-83).
    static let skippedClasses: Set<String> = [
        "UITableViewWrapperView", "UISegment", "_UISearchBarFieldEditor", "UIFieldEditor",
    ]

    /// The segments of `text`: `Name`, `Name[i]`, `Name[s][r]`, `Name[s][-]`, `[SectionHeader][s]`, and with
    /// `selector` also `Name[(jjf_varE='…' AND …)]`.
    static func segments(of text: String, selector: Bool) throws(PathSyntaxError) -> [DialectSegment] {
        func failure(_ reason: String) -> PathSyntaxError { PathSyntaxError(path: text, reason: reason) }
        guard !text.isEmpty else {
            throw failure("the path is empty; expected segments such as UIView/UIScrollView[0]/UIButton[0]")
        }
        if text.hasPrefix("/") {
            throw failure(
                "a Sensors path has no leading /; it starts with the page's root view, as in UIView/UIButton[0]")
        }
        var result: [DialectSegment] = []
        for (number, part) in splitSegments(text).enumerated() {
            let place = "segment \(number + 1) (\"\(part)\")"
            guard !part.isEmpty else { throw failure("\(place) is empty: two / in a row, or a / at the end") }
            var rest = Substring(part)
            let name = rest.prefix { $0 != "[" }
            rest = rest.dropFirst(name.count)
            var segment = DialectSegment(name: String(name))
            while !rest.isEmpty {
                guard rest.first == "[", let close = closingBracket(in: rest) else {
                    throw failure("\(place): expected [index] after the class name, found \"\(rest)\"")
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if inside == "-" {
                    segment.indices.append(nil)
                } else if let value = Int(inside), value >= -1 {
                    segment.indices.append(value)
                } else if name.isEmpty && segment.indices.isEmpty
                    && (inside == "SectionHeader" || inside == "SectionFooter")
                {
                    segment.name = String(inside)
                    segment.flags.insert("supplementary")
                } else if selector, inside.hasPrefix("("), inside.hasSuffix(")"), segment.predicate == nil {
                    segment.predicate = try predicate(String(inside), in: text)
                } else {
                    throw failure(
                        "\(place): [\(inside)] is not an index; expected a number, - for any row"
                            + (selector ? ", or (jjf_varE='…' AND …)" : ""))
                }
            }
            guard !segment.name.isEmpty else { throw failure("\(place) has no class name") }
            guard segment.indices.count <= 2 else { throw failure("\(place) has more than two indices") }
            result.append(segment)
        }
        return result
    }

    /// The `/`-separated parts, keeping a `/` inside a quoted predicate value.
    private static func splitSegments(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "'" { quoted.toggle() }
            if character == "/" && !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    private static func closingBracket(in text: Substring) -> Substring.Index? {
        var quoted = false
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "'": quoted.toggle()
            case "[" where !quoted: depth += 1
            case "]" where !quoted:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// A legacy selector's `(jjf_varX='hex' AND …)`, checked term by term.
    private static func predicate(_ inside: String, in text: String) throws(PathSyntaxError) -> String {
        let body = inside.dropFirst().dropLast()
        for term in body.components(separatedBy: " AND ") {
            let pieces = term.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, ["jjf_varA", "jjf_varB", "jjf_varC", "jjf_varE"].contains(String(pieces[0])),
                pieces[1].count >= 2, pieces[1].first == "'", pieces[1].last == "'"
            else {
                throw PathSyntaxError(
                    path: text,
                    reason:
                        "\"\(term)\" is not a selector term; expected jjf_varA, jjf_varB, jjf_varC or jjf_varE = '…', joined by AND"
                )
            }
        }
        return inside
    }

    /// The class names a view must have to be named by a pattern's last segment, or nil for any view.
    static func lastNames(of pattern: DialectPattern) -> Set<String>? {
        guard case .segments(let segments) = pattern.parsed, let last = segments.last,
            !last.flags.contains("supplementary")
        else { return nil }
        // A segmented control's path ends in its segment: the control or the segment itself names it.
        return last.name == "UISegment" ? nil : [last.name]
    }

    /// The place among same-class siblings of a controller, -1 when it is alone in no parent.
    static func sameClassIndex(_ siblings: (classes: [String], index: Int)) -> Int {
        let name = siblings.classes[siblings.index]
        return siblings.classes[..<siblings.index].filter { $0 == name }.count
    }
}
