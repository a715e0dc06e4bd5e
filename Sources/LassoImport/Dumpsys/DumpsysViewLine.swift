import Foundation

/// One line of a dumpsys view hierarchy, as `View.toString()` writes it:
/// `android.widget.FrameLayout{8df07d6 V.E...... ........ 0,63-1080,2220 #1020002 android:id/content}`, or the
/// `DecorView@6a2f0b1[MainActivity]` line that starts a window. Android 12 and later write the window's root as
/// `com.android.internal.policy.DecorView{b6c1c0 V.E...... R....... 0,0-1080,2400 aid=0}[MainActivity]`: its fields,
/// then the window's title in brackets (empty, `[]`, for some windows).
///
/// The first flag group is the view's flags (visibility `V`/`I`/`G`, focusable, enabled, draws, scroll bars,
/// clickable `C`, long-clickable `L`, context-clickable), the second its private flags (root `R`, focused `F`,
/// selected `S`, pressed, hovered, activated `A`, …); the numbers are `left,top-right,bottom` in the parent's pixels.
struct DumpsysViewLine {
    var className: String
    var hash = ""
    var viewFlags: [Character] = []
    var stateFlags: [Character] = []
    /// left, top, right, bottom.
    var edges: (Double, Double, Double, Double)?
    var idHex: String?
    var resourceName: String?
    var title: String?
    /// The `name=value` words after the resource name that some Androids add (`aid=1073741824`, the autofill id).
    var extras: [(name: String, value: String)] = []

    /// True when the text looks like a `View.toString()` line: a dotted class name, `{`, a hex hash and a flag group.
    static func looksLikeView(_ text: Substring) -> Bool {
        let (body, _) = splitTitle(text)
        let bytes = body.utf8
        guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")), bytes.last == UInt8(ascii: "}") else { return false }
        let name = bytes[..<brace]
        return name.contains(UInt8(ascii: ".")) && !name.contains(UInt8(ascii: " "))
            && bytes[brace...].contains(UInt8(ascii: " "))
    }

    /// A line `…}[Title]` as its view part `…}` and its title; any other line as it is, with no title.
    static func splitTitle(_ text: Substring) -> (view: Substring, title: String?) {
        // On the bytes: the last `}[` before a final `]`, with no `]` between them.
        let bytes = text.utf8
        guard bytes.last == UInt8(ascii: "]") else { return (text, nil) }
        let close = bytes.index(before: bytes.endIndex)
        var index = close
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            if bytes[index] == UInt8(ascii: "[") && bytes[before] == UInt8(ascii: "}") {
                return (text[..<index], String(text[bytes.index(after: index)..<close]))
            }
            if bytes[before] == UInt8(ascii: "]") && before != close { return (text, nil) }
            index = before
        }
        return (text, nil)
    }

    /// Parses a line, or nil when it is not a view line.
    init?(_ text: Substring) {
        if text.hasPrefix("DecorView@") {
            className = "DecorView"
            let rest = text.dropFirst(10)
            hash = String(rest.prefix { $0.isHexDigit })
            let brace = rest.firstIndex(of: "{")
            let titleEnd = brace ?? rest.endIndex
            if let open = rest[..<titleEnd].firstIndex(of: "["), let close = rest[..<titleEnd].lastIndex(of: "]"),
                open < close
            {
                title = String(rest[rest.index(after: open)..<close])
            }
            // Some Androids print the DecorView's own fields after its title: `DecorView@5c1a2b[Main]{8d3e4f V.E…}`.
            if let brace {
                guard rest.last == "}", parseFields(rest[rest.index(after: brace)..<rest.index(before: rest.endIndex)])
                else { return nil }
            }
            return
        }
        let (body, title) = Self.splitTitle(text)
        let bytes = body.utf8
        guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")), bytes.last == UInt8(ascii: "}") else { return nil }
        className = String(body[..<brace])
        guard !className.isEmpty, !className.utf8.contains(UInt8(ascii: " ")) else { return nil }
        guard parseFields(body[bytes.index(after: brace)..<bytes.index(before: bytes.endIndex)]) else { return nil }
        self.title = title
    }

    /// Reads `hash flags state edges [#id [resource-name]]`, the fields inside the braces, on the text's bytes.
    private mutating func parseFields(_ inner: Substring) -> Bool {
        let fields = inner.utf8.split(separator: UInt8(ascii: " "))
        guard fields.count >= 4, fields[0].allSatisfy(Self.isHexDigit), fields[1].count >= 5 else { return false }
        hash = String(Substring(fields[0]))
        viewFlags = Array(Substring(fields[1]))
        stateFlags = Array(Substring(fields[2]))
        guard let edges = Self.edges(Substring(fields[3])) else { return false }
        self.edges = edges
        var rest = fields.dropFirst(4)
        if let id = rest.first, id.first == UInt8(ascii: "#") {
            idHex = String(Substring(id.dropFirst()))
            rest = rest.dropFirst()
            if let name = rest.first, name.contains(UInt8(ascii: "/")), !name.contains(UInt8(ascii: "=")) {
                resourceName = String(Substring(name))
                rest = rest.dropFirst()
            }
        }
        for word in rest {
            guard let equals = word.firstIndex(of: UInt8(ascii: "=")), equals > word.startIndex else { continue }
            let pair = Substring(word)
            extras.append((String(pair[..<equals]), String(pair[pair.utf8.index(after: equals)...])))
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// `left,top-right,bottom` as four numbers, read on the text's bytes.
    static func edges(_ text: Substring) -> (Double, Double, Double, Double)? {
        let bytes = Array(text.utf8)
        // The minus sign between the two corners follows a digit; a negative number's sign follows `,` or starts.
        guard
            let separator = bytes.indices.first(where: {
                bytes[$0] == UInt8(ascii: "-") && $0 > 0
                    && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0 - 1])
            })
        else { return nil }
        let first = bytes[..<separator].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let second = bytes[(separator + 1)...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard first.count == 2, second.count == 2 else { return nil }
        var numbers: [Double] = []
        for part in first + second {
            let digits = part.first == UInt8(ascii: "-") ? part.dropFirst() : part
            guard !digits.isEmpty, digits.count <= 9,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else {
                return nil
            }
            let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            numbers.append(Double(part.first == UInt8(ascii: "-") ? -magnitude : magnitude))
        }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    static func flag(_ group: [Character], _ index: Int) -> Character {
        index < group.count ? group[index] : "."
    }
}
