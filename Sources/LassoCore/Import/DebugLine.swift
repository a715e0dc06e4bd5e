import Foundation

/// One line of UIKit debugger output, read: a view of `recursiveDescription`, a view controller of
/// `_printHierarchy`, a layer, or something else.
///
/// A view line is `<Class: 0xADDR; key = value; key: value; …>` after a prefix of spaces and `|`; values may hold
/// nested `<…>`, `(…)`, `{…}` and quoted texts (`text = 'It's; here'`), which the scanner steps over.
enum DebugLine {
    /// A view's description, its members in the order printed.
    struct View {
        var className: String
        var address: String
        var members: [(key: String, value: String)]

        func value(_ key: String) -> String? { members.first { $0.key == key }?.value }
    }

    /// One controller of `_printHierarchy`: `<Class 0xADDR>, state: appeared, view: <ViewClass 0xADDR>`.
    struct Controller {
        var className: String
        var address: String?
        var state: String?
        var viewAddress: String?
        var presented: Bool
    }

    /// What a line turned out to be.
    enum Parsed {
        case view(View)
        case controller(Controller)
        case layer
        /// A description that the line does not finish (a text with a line break): join the next line and try again.
        case incomplete
        case other
    }

    /// The nesting level a line's prefix gives (its `|` and `+` marks, or its indentation when it has none) and the rest.
    static func prefix(of line: Substring) -> (marks: Int, indent: Int, rest: Substring, presented: Bool) {
        var marks = 0
        var indent = 0
        var presented = false
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case "|": marks += 1
            case "+":
                marks += 1
                presented = true
            case " ": indent += 1
            case "\t": indent += 4
            default:
                return (marks, indent, line[index...], presented)
            }
            index = line.index(after: index)
        }
        return (marks, indent, line[index...], presented)
    }

    static func parse(_ text: Substring) -> Parsed {
        // Output pasted with a prefix such as "  - some : " or a log timestamp: start at the first description.
        guard let start = text.firstIndex(of: "<") else { return .other }
        let body = Array(text[start...].unicodeScalars)
        if let view = parseView(body) { return view }
        if let controller = parseController(Substring(text[start...])) { return .controller(controller) }
        return .other
    }

    // MARK: Views

    private static func parseView(_ s: [Unicode.Scalar]) -> Parsed? {
        // `<Class: 0x…`: the class runs to the first ": 0x".
        var colon = 1
        while colon + 3 < s.count {
            if s[colon] == ":" && s[colon + 1] == " " && s[colon + 2] == "0" && s[colon + 3] == "x" { break }
            if s[colon] == ";" || s[colon] == ">" && !hasOpenAngle(s, from: 1, to: colon) { return nil }
            colon += 1
        }
        guard colon + 3 < s.count, colon > 1 else { return nil }
        let className = String(String.UnicodeScalarView(s[1..<colon]))
        var index = colon + 4
        let addressStart = index
        while index < s.count, s[index].properties.isASCIIHexDigit { index += 1 }
        guard index > addressStart else { return nil }
        let address = "0x" + String(String.UnicodeScalarView(s[addressStart..<index]))
        var members: [(key: String, value: String)] = []
        while true {
            guard index < s.count else { return .incomplete }
            if s[index] == ">" { break }
            guard s[index] == ";" else { return nil }
            index += 1
            while index < s.count, s[index] == " " { index += 1 }
            guard index < s.count else { return .incomplete }
            if s[index] == ">" { break }
            let keyStart = index
            while index < s.count,
                s[index].properties.isAlphabetic || s[index].properties.numericType != nil || s[index] == "_"
                    || s[index] == "."
            {
                index += 1
            }
            let key = String(String.UnicodeScalarView(s[keyStart..<index]))
            if index + 2 < s.count, s[index] == " ", s[index + 1] == "=", s[index + 2] == " " {
                index += 3
            } else if index + 1 < s.count, s[index] == ":", s[index + 1] == " " {
                index += 2
            } else if index < s.count, s[index] == "=" {
                index += 1
            } else {
                guard index < s.count else { return .incomplete }
            }
            guard let end = valueEnd(s, from: index) else { return .incomplete }
            var value = String(String.UnicodeScalarView(s[index..<end])).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
                value = String(value.dropFirst().dropLast())
            }
            if !key.isEmpty { members.append((key, value)) }
            index = end
        }
        let view = View(className: className, address: address, members: members)
        if className.hasSuffix("Layer") && view.value("frame") == nil { return .layer }
        return .view(view)
    }

    private static func hasOpenAngle(_ s: [Unicode.Scalar], from: Int, to: Int) -> Bool {
        var depth = 0
        for index in from..<to {
            if s[index] == "<" { depth += 1 } else if s[index] == ">" { depth -= 1 }
        }
        return depth > 0
    }

    /// Where a member's value ends: at `;` or the closing `>` outside brackets and quotes; nil when the text ends first.
    private static func valueEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        if index < s.count, s[index] == "'" {
            // A quoted text ends at a quote followed by ';' or '>' (a quote inside the text is followed by anything else).
            index += 1
            while index < s.count {
                if s[index] == "'", index + 1 < s.count, s[index + 1] == ";" || s[index + 1] == ">" { return index + 1 }
                index += 1
            }
            return nil
        }
        var angle = 0
        var round = 0
        var curly = 0
        while index < s.count {
            switch s[index] {
            case "<": angle += 1
            case ">":
                if angle == 0 && round == 0 && curly == 0 { return index }
                angle -= 1
            case "(": round += 1
            case ")": round = max(0, round - 1)
            case "{": curly += 1
            case "}": curly = max(0, curly - 1)
            case ";": if angle == 0 && round == 0 && curly == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    // MARK: Controllers

    private static func parseController(_ text: Substring) -> Controller? {
        guard let close = text.firstIndex(of: ">") else { return nil }
        let head = text[text.index(after: text.startIndex)..<close].split(separator: " ")
        guard let name = head.first, !name.isEmpty else { return nil }
        let rest = text[text.index(after: close)...]
        guard rest.hasPrefix(", state: ") else { return nil }
        let afterState = rest.dropFirst(", state: ".count)
        let state = afterState.prefix { $0 != "," }
        var controller = Controller(
            className: String(name), address: head.count > 1 ? String(head[1]) : nil,
            state: String(state), viewAddress: nil, presented: false)
        if let viewRange = afterState.range(of: "view: <") {
            let view = afterState[viewRange.upperBound...].prefix { $0 != ">" }.split(separator: " ")
            if view.count > 1, view[1].hasPrefix("0x") { controller.viewAddress = String(view[1]) }
        }
        return controller
    }
}
