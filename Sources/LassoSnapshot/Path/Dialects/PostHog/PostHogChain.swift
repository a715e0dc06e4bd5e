/// A PostHog `$elements_chain` read as PostHog's server reads it (`posthog/models/element/element.py`): elements
/// split outside quotes at `;` and white space, each a tag (before the first `:` that starts `key=`; a `.` starts its
/// classes) and `key="value"` attributes, values kept raw (the iOS SDK escapes nothing).
public struct PostHogChain: Sendable, Equatable {
    /// One element of the chain, the tapped view first.
    public struct Element: Sendable, Equatable {
        public var tag: String
        public var attributes: [(key: String, value: String)]

        public static func == (lhs: Element, rhs: Element) -> Bool {
            lhs.tag == rhs.tag && lhs.attributes.map(\.key) == rhs.attributes.map(\.key)
                && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
        }

        /// The value of an attribute (`text`, `attr__class`, `attr_id`), the last one when repeated.
        public subscript(key: String) -> String? { attributes.last { $0.key == key }?.value }
    }

    public var elements: [Element]

    /// The tags alone, tapped view first, joined by `;`: the path a definition in the `posthog` profile names.
    public var tagPath: String { elements.map(\.tag).joined(separator: ";") }

    public init(_ text: String) {
        elements = Self.split(Array(text.unicodeScalars)).map(Self.element)
    }

    /// `(?:[^\s;"]|"(?:\\.|[^"])*")+`, found all.
    static func split(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var tokens: [[Unicode.Scalar]] = []
        var token: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                // A quoted run, if it closes; an unclosed quote matches nothing and ends the token (and no quote follows
                // it, so the scan stays linear).
                if let end = closingQuote(in: scalars, after: index, backtracking: true) {
                    token += scalars[index...end]
                    index = end + 1
                    continue
                }
                if !token.isEmpty { tokens.append(token) }
                token = []
                index += 1
                continue
            }
            if scalar == ";" || Self.isSpace(scalar) {
                if !token.isEmpty { tokens.append(token) }
                token = []
            } else {
                token.append(scalar)
            }
            index += 1
        }
        if !token.isEmpty { tokens.append(token) }
        return tokens
    }

    /// `(.*?)($|:([a-zA-Z\-\_0-9]*=.*))`, then the tag's first `.`, then `(.*?)="((?:[^"\\]|\\.)*)"` found all.
    static func element(_ scalars: [Unicode.Scalar]) -> Element {
        func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        var split = scalars.count
        for (index, scalar) in scalars.enumerated() where scalar == ":" {
            var next = index + 1
            while next < scalars.count, isKeyScalar(scalars[next]) { next += 1 }
            if next < scalars.count, scalars[next] == "=" {
                split = index
                break
            }
        }
        var tag = String(String.UnicodeScalarView(scalars[..<split]))
        if let dot = tag.firstIndex(of: ".") { tag = String(tag[..<dot]) }
        var attributes: [(key: String, value: String)] = []
        if split < scalars.count {
            let rest = Array(scalars[(split + 1)...])
            var start = 0
            while start < rest.count {
                // The key: the shortest run up to `="` after which a value ends at a `"` no `\` escapes.
                guard
                    let open = (start..<max(start, rest.count - 1)).first(where: {
                        rest[$0] == "=" && rest[$0 + 1] == "\""
                    })
                else { break }
                // A value that does not close: no later one does either (as in `split`), so no attribute is left.
                guard let end = closingQuote(in: rest, after: open + 1, backtracking: false) else { break }
                attributes.append(
                    (
                        String(String.UnicodeScalarView(rest[start..<open])),
                        String(String.UnicodeScalarView(rest[(open + 2)..<end]))
                    ))
                start = end + 1
            }
        }
        return Element(tag: tag, attributes: attributes)
    }

    /// Python's `\s` on a `str` (`str.isspace`), which the server's split regex uses: ASCII's `\t`–`\r`, the file,
    /// group, record and unit separators and the space, and Unicode's spaces.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20: return true
        case 0..<0x85: return false
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The index of the `"` that closes the quoted run opened at `open`: the first one no `\` escapes; when there is
    /// none and `backtracking` (the split regex, whose `[^"]` may also take a `\`), the last escaped one, as the
    /// regex's backtracking finds it; nil when none closes it.
    static func closingQuote(in scalars: [Unicode.Scalar], after open: Int, backtracking: Bool) -> Int? {
        var end = open + 1
        var lastEscaped: Int?
        while end < scalars.count {
            if scalars[end] == "\\" && end + 1 < scalars.count {
                if scalars[end + 1] == "\"" { lastEscaped = end + 1 }
                end += 2
                continue
            }
            if scalars[end] == "\"" { return end }
            end += 1
        }
        return backtracking ? lastEscaped : nil
    }
}
