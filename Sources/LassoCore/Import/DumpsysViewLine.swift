/// One line of a dumpsys view hierarchy, as `View.toString()` writes it:
/// `android.widget.FrameLayout{8df07d6 V.E...... ........ 0,63-1080,2220 #1020002 android:id/content}`, or the
/// `DecorView@6a2f0b1[MainActivity]` line that starts a window.
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

    /// True when the text looks like a `View.toString()` line: a dotted class name, `{`, a hex hash and a flag group.
    static func looksLikeView(_ text: Substring) -> Bool {
        guard let brace = text.firstIndex(of: "{"), text.hasSuffix("}") else { return false }
        let name = text[..<brace]
        return name.contains(".") && !name.contains(" ") && text[brace...].contains(" ")
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
        guard let brace = text.firstIndex(of: "{"), text.last == "}" else { return nil }
        className = String(text[..<brace])
        guard !className.isEmpty, !className.contains(" ") else { return nil }
        guard parseFields(text[text.index(after: brace)..<text.index(before: text.endIndex)]) else { return nil }
    }

    /// Reads `hash viewFlags stateFlags left,top-right,bottom [#id [resource]]`; false when it is not that.
    private mutating func parseFields(_ inner: Substring) -> Bool {
        let fields = inner.split(separator: " ")
        guard fields.count >= 4, fields[0].allSatisfy(\.isHexDigit), fields[1].count >= 5 else { return false }
        hash = String(fields[0])
        viewFlags = Array(fields[1])
        stateFlags = Array(fields[2])
        guard let edges = Self.edges(fields[3]) else { return false }
        self.edges = edges
        var rest = fields.dropFirst(4)
        if let id = rest.first, id.hasPrefix("#") {
            idHex = String(id.dropFirst())
            rest = rest.dropFirst()
            if let name = rest.first, name.contains("/"), !name.contains("=") { resourceName = String(name) }
        }
        return true
    }

    /// `0,63-1080,2220` → (0, 63, 1080, 2220); numbers of more than 9 digits are refused.
    static func edges(_ text: Substring) -> (Double, Double, Double, Double)? {
        // The minus sign between the two corners follows a digit; a negative number's sign follows `,` or starts.
        var separator: Substring.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "-", index > text.startIndex, text[text.index(before: index)].isNumber {
                separator = index
                break
            }
            index = text.index(after: index)
        }
        guard let separator else { return nil }
        let first = text[..<separator].split(separator: ",", omittingEmptySubsequences: false)
        let second = text[text.index(after: separator)...].split(separator: ",", omittingEmptySubsequences: false)
        guard first.count == 2, second.count == 2 else { return nil }
        let numbers = (first + second).compactMap { part -> Double? in
            let digits = part.hasPrefix("-") ? part.dropFirst() : part
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(part)
            else { return nil }
            return Double(value)
        }
        guard numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The flag at `index` of a group, or `.` when the group is shorter.
    static func flag(_ group: [Character], _ index: Int) -> Character {
        index < group.count ? group[index] : "."
    }
}
