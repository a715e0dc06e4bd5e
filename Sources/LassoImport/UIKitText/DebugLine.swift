import Foundation

/// One line of UIKit debugger output, read from its UTF-8 bytes: a view of `recursiveDescription`, a view controller
/// of `_printHierarchy`, a layer, or something else.
///
/// A view line is `<Class: 0xADDR; key = value; key: value; …>` after a prefix of spaces and `|`, or, as
/// snapshot-testing libraries record it with the addresses taken out, `<Class; key = value; …>`. Values may hold
/// nested `<…>`, `(…)`, `{…}` and quoted texts (`text = 'It's; here'`), which the scanner steps over. Everything is
/// byte ranges into the text, so reading a line allocates nothing.
enum DebugLine {
    /// A member of a view's description: where its key and its value (trimmed, quotes taken off) are.
    struct Member {
        var key: Range<Int>
        var value: Range<Int>
    }

    /// A view's description: its class, its address (`0x…`, nil when the dump has none), and where it ends.
    struct View {
        var className: Range<Int>
        var address: Range<Int>?
    }

    /// One controller of `_printHierarchy`: `<Class 0xADDR>, state: appeared, view: <ViewClass 0xADDR>`.
    struct Controller {
        var className: String
        var address: String?
        var state: String?
        var viewAddress: String?
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

    /// The nesting a line's prefix gives (its `|` and `+` marks, and its indentation) and where the rest starts.
    static func prefix(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (
        marks: Int, indent: Int, rest: Int, presented: Bool
    ) {
        var marks = 0
        var indent = 0
        var presented = false
        var index = line.lowerBound
        while index < line.upperBound {
            switch text[index] {
            case UInt8(ascii: "|"): marks += 1
            case UInt8(ascii: "+"):
                marks += 1
                presented = true
            case UInt8(ascii: " "): indent += 1
            case UInt8(ascii: "\t"): indent += 4
            default: return (marks, indent, index, presented)
            }
            index += 1
        }
        return (marks, indent, index, presented)
    }

    /// Reads the description in `range` (a line's rest, or several lines joined); a view's members go to `members`.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, members: inout [Member]) -> Parsed {
        members.removeAll(keepingCapacity: true)
        // Output pasted with a prefix such as "  - some : " or a log timestamp: start at the first description.
        guard let start = text[range].firstIndex(of: UInt8(ascii: "<")) else { return .other }
        if let view = parseView(text, start..<range.upperBound, members: &members) { return view }
        let line = String(decoding: UnsafeBufferPointer(rebasing: text[start..<range.upperBound]), as: UTF8.self)
        if let controller = parseController(Substring(line)) { return .controller(controller) }
        return .other
    }

    // MARK: Views

    private static func parseView(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, members: inout [Member])
        -> Parsed?
    {
        let end = range.upperBound
        let open = range.lowerBound
        // `<Class: 0x…`: the class runs to the first ": 0x"; without addresses, to the first ';'.
        var colon = open + 1
        var addressless = false
        while colon + 3 < end {
            let byte = s[colon]
            if byte == UInt8(ascii: ":") && s[colon + 1] == UInt8(ascii: " ") && s[colon + 2] == UInt8(ascii: "0")
                && s[colon + 3] == UInt8(ascii: "x")
            {
                break
            }
            if byte == UInt8(ascii: ";") {
                guard !s[(open + 1)..<colon].contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
                else { return nil }
                addressless = true
                break
            }
            if byte == UInt8(ascii: ">") && !hasOpenAngle(s, from: open + 1, to: colon) { return nil }
            colon += 1
        }
        guard colon + 3 < end || addressless, colon > open + 1 else { return nil }
        let className = (open + 1)..<colon
        var index = colon
        var address: Range<Int>?
        if !addressless {
            index = colon + 4
            let addressStart = index
            while index < end, isHexDigit(s[index]) { index += 1 }
            guard index > addressStart else { return nil }
            address = (addressStart - 2)..<index
        }
        var hasFrame = false
        while true {
            guard index < end else { return .incomplete }
            if s[index] == UInt8(ascii: ">") { break }
            guard s[index] == UInt8(ascii: ";") else { return nil }
            index += 1
            while index < end, s[index] == UInt8(ascii: " ") { index += 1 }
            guard index < end else { return .incomplete }
            if s[index] == UInt8(ascii: ">") { break }
            let keyStart = index
            index = keyEnd(s, from: index, to: end)
            let key = keyStart..<index
            if index + 2 < end, s[index] == UInt8(ascii: " "), s[index + 1] == UInt8(ascii: "="),
                s[index + 2] == UInt8(ascii: " ")
            {
                index += 3
            } else if index + 1 < end, s[index] == UInt8(ascii: ":"), s[index + 1] == UInt8(ascii: " ") {
                index += 2
            } else if index < end, s[index] == UInt8(ascii: "=") {
                index += 1
            } else {
                guard index < end else { return .incomplete }
            }
            guard let valueEnd = valueEnd(s, from: index, to: end) else { return .incomplete }
            var value = ByteText.trimmed(s, index..<valueEnd)
            if value.count >= 2, s[value.lowerBound] == UInt8(ascii: "'"), s[value.upperBound - 1] == UInt8(ascii: "'")
            {
                value = (value.lowerBound + 1)..<(value.upperBound - 1)
            }
            if !key.isEmpty {
                members.append(Member(key: key, value: value))
                if ByteText.equals(s, key, "frame") { hasFrame = true }
            }
            index = valueEnd
        }
        if !hasFrame, ByteText.hasSuffix(s, className, "Layer") { return .layer }
        return .view(View(className: className, address: address))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// Where a key that starts at `start` ends: letters, digits, `_` and `.`.
    private static func keyEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            let byte = s[index]
            if byte < 0x80 {
                let isKey =
                    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".")
                guard isKey else { return index }
                index += 1
            } else {
                // A letter or digit of another script (the text is valid UTF-8).
                let (scalar, length) = ByteText.scalar(s, at: index, end: end)
                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return index }
                index += length
            }
        }
        return index
    }

    private static func hasOpenAngle(_ s: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var depth = 0
        for index in from..<to {
            if s[index] == UInt8(ascii: "<") { depth += 1 } else if s[index] == UInt8(ascii: ">") { depth -= 1 }
        }
        return depth > 0
    }

    /// Where a member's value ends: at `;` or the closing `>` outside brackets and quotes; nil when the text ends first.
    private static func valueEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        if index < end, s[index] == UInt8(ascii: "'") {
            // A quoted text ends at a quote followed by ';' or '>' (a quote inside the text is followed by anything else).
            index += 1
            while index < end {
                if s[index] == UInt8(ascii: "'"), index + 1 < end,
                    s[index + 1] == UInt8(ascii: ";") || s[index + 1] == UInt8(ascii: ">")
                {
                    return index + 1
                }
                index += 1
            }
            return nil
        }
        var angle = 0
        var round = 0
        var curly = 0
        while index < end {
            switch s[index] {
            case UInt8(ascii: "<"): angle += 1
            case UInt8(ascii: ">"):
                if angle == 0 && round == 0 && curly == 0 { return index }
                angle -= 1
            case UInt8(ascii: "("): round += 1
            case UInt8(ascii: ")"): round = max(0, round - 1)
            case UInt8(ascii: "{"): curly += 1
            case UInt8(ascii: "}"): curly = max(0, curly - 1)
            case UInt8(ascii: ";"): if angle == 0 && round == 0 && curly == 0 { return index }
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
            state: String(state), viewAddress: nil)
        if let viewRange = afterState.range(of: "view: <") {
            let view = afterState[viewRange.upperBound...].prefix { $0 != ">" }.split(separator: " ")
            if view.count > 1, view[1].hasPrefix("0x") { controller.viewAddress = String(view[1]) }
        }
        return controller
    }
}
