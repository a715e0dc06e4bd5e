import LassoSnapshot

/// Finds, in one pass over an XML dump, the first start tag with more attributes than allowed, before libxml2 parses it:
/// libxml2 compares an element's attributes pair by pair, so an element with 100,000 of them takes seconds.
///
/// Works on UTF-8 (a UTF-16 dump is transcoded first), where the markup characters `< > = " '` never occur inside
/// another character; comments, CDATA, processing instructions and declarations are skipped.
struct AttributeScan {
    /// A start tag over the limit: where its `<` is, its name and how many attributes it has.
    struct Found: Equatable {
        var line: Int
        var column: Int
        var name: String
        var count: Int
    }

    private let text: [UInt8]

    /// The UTF-8 text of `bytes` in `encoding`, the byte order mark (`markLength` bytes) left out.
    init(bytes: [UInt8], encoding: SourceText.Encoding, markLength: Int) {
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - markLength) / 2)
            var index = markLength
            while index + 1 < bytes.count {
                let (low, high) = little ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            text = Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf8:
            text = markLength == 0 ? bytes : Array(bytes[markLength...])
        }
    }

    /// The first start tag with more than `limit` attributes, or nil.
    func first(over limit: Int) -> Found? {
        text.withUnsafeBufferPointer { units in
            let count = units.count
            var index = 0
            while index < count {
                guard units[index] == Self.lessThan else {
                    index += 1
                    continue
                }
                let start = index
                index += 1
                guard index < count else { return nil }
                switch units[index] {
                case Self.bang:
                    if Self.has("!--", at: index, in: units) {
                        index = Self.end(of: "-->", from: index + 3, in: units)
                    } else if Self.has("![CDATA[", at: index, in: units) {
                        index = Self.end(of: "]]>", from: index + 8, in: units)
                    } else {
                        index = Self.endOfDeclaration(from: index, in: units)
                    }
                case Self.question:
                    index = Self.end(of: "?>", from: index + 1, in: units)
                case Self.slash:
                    index = Self.end(of: ">", from: index, in: units)
                default:
                    var attributes = 0
                    var quote: UInt8?
                    while index < count {
                        let unit = units[index]
                        if let open = quote {
                            if unit == open { quote = nil }
                        } else if unit == Self.doubleQuote || unit == Self.singleQuote {
                            quote = unit
                        } else if unit == Self.equals {
                            attributes += 1
                        } else if unit == Self.greaterThan {
                            break
                        }
                        index += 1
                    }
                    if attributes > limit { return found(at: start, attributes: attributes, in: units) }
                    index += 1
                }
            }
            return nil
        }
    }

    /// Line and column (from 1, in characters) of the `<` at `start`, and the tag's name.
    private func found(at start: Int, attributes: Int, in units: UnsafeBufferPointer<UInt8>) -> Found {
        let (line, column) = SourcePosition.lineAndColumn(of: start, in: units)
        var end = start + 1
        while end < units.count, end - start <= 80,
            ![
                UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), Self.slash,
                Self.greaterThan,
            ].contains(units[end])
        {
            end += 1
        }
        let name = String(decoding: units[(start + 1)..<end], as: UTF8.self)
        return Found(line: line, column: column, name: name, count: attributes)
    }

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let bang = UInt8(ascii: "!")
    private static let question = UInt8(ascii: "?")
    private static let slash = UInt8(ascii: "/")
    private static let equals = UInt8(ascii: "=")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")

    private static func has(_ text: StaticString, at index: Int, in units: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= units.count else { return false }
        return text.withUTF8Buffer { ascii in (0..<count).allSatisfy { units[index + $0] == ascii[$0] } }
    }

    /// The index just after the first `text` at or after `index` (the end when there is none).
    private static func end(of text: StaticString, from index: Int, in units: UnsafeBufferPointer<UInt8>) -> Int {
        let first = text.withUTF8Buffer { $0[0] }
        var index = index
        while index < units.count {
            if units[index] == first, has(text, at: index, in: units) { return index + text.utf8CodeUnitCount }
            index += 1
        }
        return units.count
    }

    /// The index just after a `<!…>` declaration, its quoted strings and `[…]` internal subset included.
    private static func endOfDeclaration(from index: Int, in units: UnsafeBufferPointer<UInt8>) -> Int {
        var index = index
        var depth = 0
        var quote: UInt8?
        while index < units.count {
            let unit = units[index]
            if let open = quote {
                if unit == open { quote = nil }
            } else if unit == doubleQuote || unit == singleQuote {
                quote = unit
            } else if unit == UInt8(ascii: "[") {
                depth += 1
            } else if unit == UInt8(ascii: "]") {
                depth -= 1
            } else if unit == greaterThan, depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return units.count
    }
}
