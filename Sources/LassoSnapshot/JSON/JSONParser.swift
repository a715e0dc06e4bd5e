/// Parses JSON text into a `JSONValue`, with nesting limited so that hostile input cannot exhaust the stack.
public enum JSONParser {
    /// How deep arrays and objects may nest in any JSON lasso reads outside the view tree.
    public static let maxDepth = 512

    /// Parses a whole document, or what follows its first `start` bytes (which are not read: a line before the JSON);
    /// `file` names it in errors, whose places count from the start of `bytes`.
    public static func parse(_ bytes: [UInt8], file: String, from start: Int = 0) throws(InputError) -> JSONValue {
        try parse(bytes, file: file, from: start, reading: nil)
    }

    /// Parses a whole document as `parse(_:file:from:)` does, except that the value of every member `reader` asks for
    /// is read by `reader` (an importer that reads a dump's bulk in place), which gives what stands in the document.
    package static func parse(
        _ bytes: [UInt8], file: String, from start: Int = 0, reading reader: (any JSONMemberReader)?
    ) throws(InputError) -> JSONValue {
        let result: Result<JSONValue, InputError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = ByteScanner(buffer, at: start)
            do throws(ScanError) {
                scanner.skipWhitespace()
                let value = try parseValue(&scanner, depth: 0, reading: reader)
                scanner.skipWhitespace()
                guard scanner.atEnd else { throw scanner.error("the end of the document") }
                return .success(value)
            } catch {
                let (line, column) = SourcePosition.lineAndColumn(of: error.offset, in: buffer)
                return .failure(
                    InputError(file: file, line: line, column: column, expected: error.expected, found: error.found))
            }
        }
        return try result.get()
    }

    /// Parses a value already validated by the snapshot loader (a property bag kept as a byte range).
    static func parseValidated(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> JSONValue {
        var scanner = ByteScanner(UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), at: range.lowerBound)
        return (try? parseValue(&scanner, depth: 0)) ?? .null
    }

    package static func parseValue(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue {
        try parseValue(&scanner, depth: depth, reading: nil)
    }

    /// Parses the value at the cursor; `reader`, when there is one, reads the value of each member it asks for.
    static func parseValue(
        _ scanner: inout ByteScanner, depth: Int, reading reader: (any JSONMemberReader)?
    ) throws(ScanError) -> JSONValue {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else { throw scanner.error("a value") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < maxDepth else { throw nestingError(scanner) }
            scanner.pos += 1
            var members: [JSONObject.Member] = []
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.pos += 1
                return .object(JSONObject(members))
            }
            while true {
                let key = scanner.decode(try scanner.scanKeyAndColon())
                let value: JSONValue
                if let reader, reader.reads(key) {
                    value = try reader.read(&scanner, depth: depth + 1)
                } else {
                    value = try parseValue(&scanner, depth: depth + 1, reading: reader)
                }
                members.append(JSONObject.Member(key: key, value: value))
                scanner.skipWhitespace()
                guard let next = scanner.peek() else { throw scanner.error("',' or '}'") }
                scanner.pos += 1
                if next == UInt8(ascii: "}") { return .object(JSONObject(members)) }
                guard next == UInt8(ascii: ",") else {
                    scanner.pos -= 1
                    throw scanner.error("',' or '}'")
                }
            }
        case UInt8(ascii: "["):
            guard depth < maxDepth else { throw nestingError(scanner) }
            scanner.pos += 1
            var items: [JSONValue] = []
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") {
                scanner.pos += 1
                return .array(items)
            }
            while true {
                items.append(try parseValue(&scanner, depth: depth + 1, reading: reader))
                scanner.skipWhitespace()
                guard let next = scanner.peek() else { throw scanner.error("',' or ']'") }
                scanner.pos += 1
                if next == UInt8(ascii: "]") { return .array(items) }
                guard next == UInt8(ascii: ",") else {
                    scanner.pos -= 1
                    throw scanner.error("',' or ']'")
                }
            }
        case UInt8(ascii: "\""):
            return .string(scanner.decode(try scanner.scanString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try scanner.scanNumber()
            return .number(String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self))
        default:
            return try scanner.scanLiteral()
        }
    }

    private static func nestingError(_ scanner: ByteScanner) -> ScanError {
        ScanError(
            offset: scanner.pos, expected: "at most \(maxDepth) levels of nested arrays and objects",
            found: "deeper nesting")
    }
}
