import Foundation
import LassoSnapshot

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs Foundation's event-based `XMLParser` over an XML dump and hands each element to an importer, turning the
/// first fault (libxml2's or the importer's) into one message with the file, line, column, expected and found.
///
/// The importer keeps its own stack of open elements: nothing here recurses over the document.
struct XMLDumpReader {
    /// One start tag as the importer sees it.
    struct Element {
        var name: String
        var attributes: [String: String]
        var line: Int
        var column: Int
    }

    /// The most attributes one element may have: real dumps have a few dozen, and each one costs the importers time.
    static let mostAttributes = 1_000
    /// The deepest nesting of elements read, as for JSON (`JSONParser.maxDepth`): real dumps are a few dozen deep.
    static let mostLevels = 512

    let file: String
    let bytes: [UInt8]
    /// Text around the XML that was cut away before parsing (such as uiautomator's "UI hierchary dumped to: …").
    private(set) var strayText: String?

    /// Keeps the XML of `bytes`, dropping plain text before the first `<` and after the last `>` (UTF-8 files only).
    init(file: String, bytes: [UInt8]) {
        self.file = file
        var bytes = bytes
        if SourceText.encoding(of: bytes).encoding == .utf8 {
            let mark = SourceText.encoding(of: bytes).markLength
            if let first = bytes[mark...].firstIndex(of: UInt8(ascii: "<")), first > mark {
                let prefix = String(decoding: bytes[mark..<first], as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                if !prefix.isEmpty {
                    strayText = prefix
                    bytes.removeSubrange(mark..<first)
                }
            }
            if let last = bytes.lastIndex(of: UInt8(ascii: ">")), last + 1 < bytes.count {
                let suffix = bytes[(last + 1)...]
                let text = String(decoding: suffix, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty && !suffix.contains(UInt8(ascii: "<")) {
                    strayText = strayText.map { $0 + " … " + text } ?? text
                    bytes.removeSubrange((last + 1)...)
                }
            }
        }
        self.bytes = bytes
    }

    /// Parses the document, calling `start` and `end` for each element in order; throws the first fault.
    func parse(start: @escaping (Element) throws(InputError) -> Void, end: @escaping (String) -> Void)
        throws(InputError)
    {
        let (encoding, mark) = SourceText.encoding(of: bytes)
        // libxml2 (2.9.14) dereferences nil on a UTF-16 surrogate without its partner: refused before it parses.
        if encoding != .utf8,
            let bad = SourceText.firstInvalidUTF16(bytes, from: mark, bigEndian: encoding == .utf16BigEndian)
        {
            throw SourceText.brokenUTF16(file: file, at: bad)
        }
        if let crowded = AttributeScan(bytes: bytes, encoding: encoding, markLength: mark).first(
            over: XMLDumpReader.mostAttributes)
        {
            throw InputError(
                file: file, line: crowded.line, column: crowded.column,
                expected: "at most \(GroupedNumber.text(XMLDumpReader.mostAttributes)) attributes on an element",
                found: "<\(crowded.name)> with \(GroupedNumber.text(crowded.count)) attributes")
        }
        let delegate = Delegate(file: file, start: start, end: end)
        // Fed as a stream, libxml2 gets the document in chunks: given as one piece, inputs over its 10 MB lookup limit
        // fail at their end with an internal error.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let finished = parser.parse()
        if let fault = delegate.fault { throw fault }
        if let error = delegate.xmlError {
            throw describe(code: error.code, line: error.line, column: error.column, open: delegate.open)
        }
        if !finished {
            let code = parser.parserError.map { ($0 as NSError).code } ?? 1
            throw describe(code: code, line: parser.lineNumber, column: parser.columnNumber, open: delegate.open)
        }
        guard delegate.sawElement else {
            throw InputError(
                file: file, line: 1, column: 1, expected: "an XML document with elements", found: "no element")
        }
    }

    /// Receives the parser's events; keeps the open elements (names and lines) only to describe a fault.
    private final class Delegate: NSObject, XMLParserDelegate {
        let file: String
        let start: (Element) throws(InputError) -> Void
        let end: (String) -> Void
        var fault: InputError?
        var xmlError: (code: Int, line: Int, column: Int)?
        var open: [(name: String, line: Int)] = []
        var sawElement = false

        init(file: String, start: @escaping (Element) throws(InputError) -> Void, end: @escaping (String) -> Void) {
            self.file = file
            self.start = start
            self.end = end
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard fault == nil, xmlError == nil else { return }
            sawElement = true
            func refuse(_ expected: String, _ found: String) {
                fault = InputError(
                    file: file, line: parser.lineNumber, column: parser.columnNumber, expected: expected, found: found)
                parser.abortParsing()
            }
            guard attributes.count <= XMLDumpReader.mostAttributes else {
                return refuse(
                    "at most \(GroupedNumber.text(XMLDumpReader.mostAttributes)) attributes on an element",
                    "<\(elementName)> with \(GroupedNumber.text(attributes.count)) attributes")
            }
            // Refused while reading, as JSON is: an unclosed dump a million levels deep never builds its tree.
            guard open.count < XMLDumpReader.mostLevels else {
                return refuse(
                    "at most \(XMLDumpReader.mostLevels) levels of nested elements",
                    "<\(elementName)> at level \(open.count + 1)")
            }
            open.append((elementName, parser.lineNumber))
            do throws(InputError) {
                try start(
                    Element(
                        name: elementName, attributes: attributes, line: parser.lineNumber, column: parser.columnNumber)
                )
            } catch {
                fault = error
                parser.abortParsing()
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard fault == nil, xmlError == nil else { return }
            if !open.isEmpty { open.removeLast() }
            end(elementName)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard fault == nil, xmlError == nil else { return }
            xmlError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
        }
    }

    /// The message for libxml2's error `code` at `line`:`column`, said in terms of the dump (never as a number).
    private func describe(code: Int, line: Int, column: Int, open: [(name: String, line: Int)]) -> InputError {
        func fault(_ expected: String, _ found: String) -> InputError {
            InputError(file: file, line: max(1, line), column: max(1, column), expected: expected, found: found)
        }
        // libxml2 refuses a longer value as an internal error or a malformed attribute, by its length.
        if XMLDumpReader.longValueCodes.contains(code), hasValueOverParserLimit() {
            return fault(
                "attribute values and texts of at most 10,000,000 bytes (the XML parser's limit)", "a longer one")
        }
        if let innermost = open.last, XMLDumpReader.truncationCodes.contains(code), isAtEnd(line: line, column: column)
        {
            return fault(
                "the rest of the XML (the closing tag of <\(innermost.name)> opened on line \(innermost.line))",
                "the end of the file: the dump is cut short")
        }
        switch code {
        case 5:
            return open.isEmpty
                ? fault("the end of the file after the root element", "more content")
                : fault("the closing tag of <\(open.last!.name)>", "the end of the document")
        case 76:
            return fault("the closing tag of <\(open.last?.name ?? "the open element")>", "a different closing tag")
        case 77:
            return fault(
                "the closing tag of <\(open.last?.name ?? "the open element")>",
                "the end of the file: the dump is cut short")
        default:
            let words = XMLFaultWords.words(for: code)
            return fault(words.expected, words.found)
        }
    }

    /// The errors libxml2 gives a value longer than it reads: an internal error, or an attribute it calls malformed.
    static let longValueCodes: Set<Int> = [1, 33, 34, 38, 39, 40, 41, 43, 44, 65]

    /// True when some attribute value or text is about as long as libxml2 reads without its "huge" option
    /// (10,000,000 bytes, the attribute's name and quotes counted with it). A value runs to its own closing quote
    /// (the other quote is a character of it); a text runs between `>` and `<`, its quotes characters of it too.
    private func hasValueOverParserLimit() -> Bool {
        let limit = 9_999_000
        var run = 0
        var inTag = false
        var quote: UInt8?
        for byte in bytes {
            if let open = quote {
                if byte == open {
                    quote = nil
                    run = 0
                    continue
                }
            } else if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                inTag = byte == UInt8(ascii: "<")
                run = 0
                continue
            } else if inTag && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
                quote = byte
                run = 0
                continue
            }
            run += 1
            if run > limit { return true }
        }
        return false
    }

    /// libxml2 errors that a file cut short in the middle of a tag, an attribute or an element ends with.
    static let truncationCodes: Set<Int> = [5, 10, 14, 23, 33, 34, 38, 39, 40, 41, 43, 44, 45, 65, 68, 73, 74, 77]

    /// True when a parser position is at (or just before) the end of the bytes: where a cut-short file fails.
    private func isAtEnd(line: Int, column: Int) -> Bool {
        guard SourceText.encoding(of: bytes).encoding == .utf8 else { return false }
        var lastLine = 1
        var lastLineCharacters = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lastLine += 1
                lastLineCharacters = 0
            } else if byte & 0xC0 != 0x80 {
                lastLineCharacters += 1
            }
        }
        return line > lastLine || (line == lastLine && column >= lastLineCharacters)
    }
}
