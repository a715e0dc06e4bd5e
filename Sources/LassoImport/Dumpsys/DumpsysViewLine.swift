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
    /// The view's flags (`V.E......`) and its private flags (`........`), as written.
    var viewFlags = ""
    var stateFlags = ""
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

    /// Reads `hash flags state edges [#id [resource-name]]`, the fields inside the braces.
    private mutating func parseFields(_ inner: Substring) -> Bool {
        var inner = inner
        return inner.withUTF8 { bytes in parseFields(bytes) }
    }

    /// The fields read from the bytes themselves: words are cut at spaces and read in place, and only what is kept
    /// becomes a string (a dump has a line per view, and tens of thousands of views).
    private mutating func parseFields(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = 0
        func nextWord() -> Range<Int>? {
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            let start = cursor
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: " ") { cursor += 1 }
            return start..<cursor
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func contains(_ range: Range<Int>, _ byte: UInt8) -> Bool {
            bytes[range].contains(byte)
        }
        guard let hashWord = nextWord(), let flagsWord = nextWord(), let stateWord = nextWord(),
            let edgesWord = nextWord(), bytes[hashWord].allSatisfy(Self.isHexDigit), flagsWord.count >= 5,
            let edges = Self.edges(UnsafeBufferPointer(rebasing: bytes[edgesWord]))
        else { return false }
        hash = string(hashWord)
        viewFlags = string(flagsWord)
        stateFlags = string(stateWord)
        self.edges = edges
        var word = nextWord()
        if let id = word, bytes[id.lowerBound] == UInt8(ascii: "#") {
            idHex = string(id.lowerBound + 1..<id.upperBound)
            word = nextWord()
            if let name = word, contains(name, UInt8(ascii: "/")), !contains(name, UInt8(ascii: "=")) {
                resourceName = string(name)
                word = nextWord()
            }
        }
        while let pair = word {
            if let equals = bytes[pair].firstIndex(of: UInt8(ascii: "=")), equals > pair.lowerBound {
                extras.append((string(pair.lowerBound..<equals), string(equals + 1..<pair.upperBound)))
            }
            word = nextWord()
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// `left,top-right,bottom` as four numbers, read on the text's bytes.
    static func edges(_ text: Substring) -> (Double, Double, Double, Double)? {
        var text = text
        return text.withUTF8 { edges($0) }
    }

    /// `left,top-right,bottom` as four numbers: each an optional minus and one to nine digits.
    static func edges(_ bytes: UnsafeBufferPointer<UInt8>) -> (Double, Double, Double, Double)? {
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        // The minus sign between the two corners follows a digit; a negative number's sign follows `,` or starts.
        guard
            let separator = bytes.indices.first(where: {
                $0 > 0 && bytes[$0] == UInt8(ascii: "-") && isDigit(bytes[$0 - 1])
            })
        else { return nil }
        /// The number in `range`, or nil.
        func number(_ range: Range<Int>) -> Double? {
            let negative = range.lowerBound < range.upperBound && bytes[range.lowerBound] == UInt8(ascii: "-")
            let digits = (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            var magnitude = 0
            for index in digits {
                guard isDigit(bytes[index]) else { return nil }
                magnitude = magnitude * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return Double(negative ? -magnitude : magnitude)
        }
        /// The two numbers of `range`, cut at its one comma.
        func pair(_ range: Range<Int>) -> (Double, Double)? {
            guard let comma = bytes[range].firstIndex(of: UInt8(ascii: ",")),
                !bytes[(comma + 1)..<range.upperBound].contains(UInt8(ascii: ",")),
                let first = number(range.lowerBound..<comma), let second = number((comma + 1)..<range.upperBound)
            else { return nil }
            return (first, second)
        }
        guard let (left, top) = pair(0..<separator), let (right, bottom) = pair((separator + 1)..<bytes.count) else {
            return nil
        }
        return (left, top, right, bottom)
    }

    /// The flag at `index` of a flag group (`.` past its end). Flag groups are ASCII, read by their bytes; any other
    /// is read by characters.
    static func flag(_ group: String, _ index: Int) -> Character {
        let bytes = group.utf8
        var position = bytes.startIndex
        var ascii = true
        for _ in 0..<index {
            guard position < bytes.endIndex else { return "." }
            ascii = ascii && bytes[position] < 0x80
            position = bytes.index(after: position)
        }
        guard position < bytes.endIndex else { return "." }
        let next = bytes.index(after: position)
        if ascii, bytes[position] < 0x80, next == bytes.endIndex || bytes[next] < 0x80 {
            return Character(Unicode.Scalar(bytes[position]))
        }
        let characters = Array(group)
        return index < characters.count ? characters[index] : "."
    }
}
