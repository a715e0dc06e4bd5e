import CByteScan
import Foundation

/// A syntax fault found while scanning JSON bytes: the byte offset, what was expected there and what was found.
public struct ScanError: Error, Sendable, Equatable {
    public var offset: Int
    public var expected: String
    public var found: String
}

/// The span of a JSON string's content (between its quotes) in the source bytes.
public struct StringSpan: Sendable, Equatable {
    public var start: Int
    public var end: Int
    /// True when the content holds backslash escapes and must be decoded rather than copied.
    public var escaped: Bool

    @inlinable
    public init(start: Int, end: Int, escaped: Bool) {
        self.start = start
        self.end = end
        self.escaped = escaped
    }
}

/// A forward-only reader of JSON tokens over a byte buffer: the one low-level piece that every lasso parser shares.
///
/// It validates as it goes (string escapes, UTF-8, number grammar) and never recurses, so hostile input
/// costs linear time and constant stack.
package struct ByteScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var pos: Int
    /// Open containers while skipping a value (true: object), kept between calls so that skipping allocates nothing.
    private var containers = ContainerStack()

    package init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int = 0) {
        self.bytes = bytes
        self.pos = start
    }

    @inlinable
    package var atEnd: Bool { pos >= bytes.count }

    /// Moves past spaces, line feeds, carriage returns and tabs. Inlinable, as `peek`: the other modules' readers (the
    /// event counter) call both between every two tokens.
    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
            {
                pos += 1
            } else {
                return
            }
        }
    }

    /// The byte at the cursor, or nil at the end.
    @inlinable @inline(__always)
    package func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    package func error(_ expected: String, at offset: Int? = nil) -> ScanError {
        let at = offset ?? pos
        return ScanError(offset: at, expected: expected, found: describeToken(at: at))
    }

    /// Consumes `byte` after optional white space, or fails saying that `what` was expected.
    @inline(__always)
    package mutating func expect(_ byte: UInt8, _ what: String) throws(ScanError) {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == byte else { throw error(what) }
        pos += 1
    }

    /// Scans a string whose opening quote is at the cursor; returns its content span and leaves the cursor after it.
    ///
    /// Inlined where it is called: a string of plain ASCII (most of them) ends at the first byte needing a look, found
    /// sixteen bytes at a time; any other goes the whole way (`scanStringWhole`).
    @inlinable
    package mutating func scanString() throws(ScanError) -> StringSpan {
        let start = pos + 1
        let count = bytes.count
        if let base = bytes.baseAddress {
            let end = start + lasso_string_run(base + start, count - start)
            if end < count && base[end] == UInt8(ascii: "\"") {
                pos = end + 1
                return StringSpan(start: start, end: end, escaped: false)
            }
        }
        return try scanStringWhole()
    }

    /// `scanString` for a string with escapes, multi-byte characters or a fault in it.
    @usableFromInline
    mutating func scanStringWhole() throws(ScanError) -> StringSpan {
        let open = pos
        pos += 1
        let start = pos
        var escaped = false
        let count = bytes.count
        while true {
            // The plain ASCII run, sixteen bytes at a time, to the first byte needing a closer look.
            if let base = bytes.baseAddress { pos += lasso_string_run(base + pos, count - pos) }
            guard pos < count else {
                throw ScanError(
                    offset: open, expected: "a closing quote for the string that starts here",
                    found: "the end of the file")
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") {
                pos += 1
                return StringSpan(start: start, end: pos - 1, escaped: escaped)
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if byte < UInt8(ascii: " ") {
                throw ScanError(
                    offset: pos, expected: "a string character (control characters must be escaped)",
                    found: describeToken(at: pos))
            } else {
                try scanMultiByteScalar()
            }
        }
    }

    private mutating func scanEscape() throws(ScanError) {
        let at = pos
        guard pos + 1 < bytes.count else {
            throw ScanError(offset: at, expected: "an escape sequence", found: "the end of the file")
        }
        switch bytes[pos + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos += 2
        case UInt8(ascii: "u"):
            guard pos + 5 < bytes.count else {
                throw ScanError(offset: at, expected: "four hex digits after \\u", found: "the end of the file")
            }
            for offset in 2...5 where ByteScanner.hexValue(bytes[pos + offset]) == nil {
                throw ScanError(
                    offset: pos + offset, expected: "four hex digits after \\u", found: describeToken(at: pos + offset))
            }
            pos += 6
        default:
            throw ScanError(
                offset: at, expected: "an escape such as \\n, \\\" or \\u00e9", found: "\\" + describeChar(at: pos + 1))
        }
    }

    /// Validates one UTF-8 sequence of two to four bytes at the cursor.
    private mutating func scanMultiByteScalar() throws(ScanError) {
        let lead = bytes[pos]
        var length = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw invalidUTF8(at: pos)
        }
        guard pos + length <= bytes.count else { throw invalidUTF8(at: pos) }
        let second = bytes[pos + 1]
        guard second >= low && second <= high else { throw invalidUTF8(at: pos) }
        var offset = 2
        while offset < length {
            let next = bytes[pos + offset]
            guard next & 0xC0 == 0x80 else { throw invalidUTF8(at: pos) }
            offset += 1
        }
        pos += length
    }

    private func invalidUTF8(at offset: Int) -> ScanError {
        ScanError(offset: offset, expected: "valid UTF-8 text", found: String(format: "the byte 0x%02X", bytes[offset]))
    }

    /// Scans a number at the cursor and returns the bytes that spell it.
    package mutating func scanNumber() throws(ScanError) -> Range<Int> {
        let start = pos
        let count = bytes.count
        if pos < count && bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard pos < count, isDigit(bytes[pos]) else { throw error("a digit") }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
        } else {
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard pos < count, isDigit(bytes[pos]) else { throw error("a digit after the decimal point") }
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            pos += 1
            if pos < count && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard pos < count, isDigit(bytes[pos]) else { throw error("a digit in the exponent") }
            while pos < count && isDigit(bytes[pos]) { pos += 1 }
        }
        return start..<pos
    }

    /// Scans `true`, `false` or `null` at the cursor.
    package mutating func scanLiteral() throws(ScanError) -> JSONValue {
        if matches("true") {
            pos += 4
            return .bool(true)
        }
        if matches("false") {
            pos += 5
            return .bool(false)
        }
        if matches("null") {
            pos += 4
            return .null
        }
        throw error("a value (an object, array, string, number, true, false or null)")
    }

    private func matches(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard pos + length <= bytes.count else { return false }
        let pointer = word.utf8Start
        for offset in 0..<length where bytes[pos + offset] != pointer[offset] { return false }
        return true
    }

    /// Skips one complete value of any kind, validating it, with nesting limited to `maxDepth` levels.
    package mutating func skipValue(maxDepth: Int) throws(ScanError) {
        containers.removeAll()
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw error("a value") }
            var closedValue = true
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard containers.count < maxDepth else {
                    throw ScanError(
                        offset: pos, expected: "at most \(maxDepth) levels of nested arrays and objects",
                        found: "deeper nesting")
                }
                let isObject = byte == UInt8(ascii: "{")
                pos += 1
                skipWhitespace()
                if peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                } else {
                    containers.append(isObject)
                    if isObject { try scanKeyAndColon() }
                    closedValue = false
                }
            case UInt8(ascii: "\""): _ = try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
            default: _ = try scanLiteral()
            }
            guard closedValue else { continue }
            // After a value: close containers or move to the next element.
            while true {
                guard let isObject = containers.last else { return }
                skipWhitespace()
                guard let next = peek() else { throw error(isObject ? "',' or '}'" : "',' or ']'") }
                if next == UInt8(ascii: ",") {
                    pos += 1
                    if isObject { try scanKeyAndColon() }
                    break
                } else if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                    containers.removeLast()
                } else {
                    throw error(isObject ? "',' or '}'" : "',' or ']'")
                }
            }
        }
    }

    /// Scans an object key and the colon after it, returning the key's span.
    @discardableResult
    package mutating func scanKeyAndColon() throws(ScanError) -> StringSpan {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("a key in double quotes") }
        let key = try scanString()
        try expect(UInt8(ascii: ":"), "':' after the key")
        return key
    }

    // MARK: Decoding

    /// The text of a scanned string, escapes decoded.
    package func decode(_ span: StringSpan) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        guard span.escaped else { return String(decoding: slice, as: UTF8.self) }
        return ByteScanner.unescape(slice)
    }

    package static func unescape(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var index = 0
        var pendingHigh: UInt32? = nil
        func appendScalar(_ value: UInt32, _ out: inout [UInt8]) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        while index < slice.count {
            let byte = slice[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < slice.count else {
                if let high = pendingHigh {
                    appendScalar(high, &out)
                    pendingHigh = nil
                }
                out.append(byte)
                index += 1
                continue
            }
            let code = slice[index + 1]
            if code == UInt8(ascii: "u"), index + 5 < slice.count {
                var value: UInt32 = 0
                for offset in 2...5 { value = value << 4 | UInt32(hexValue(slice[index + offset]) ?? 0) }
                index += 6
                if (0xD800...0xDBFF).contains(value) {
                    if let high = pendingHigh { appendScalar(high, &out) }
                    pendingHigh = value
                    continue
                }
                if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
                    appendScalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), &out)
                    pendingHigh = nil
                    continue
                }
                if let high = pendingHigh {
                    appendScalar(high, &out)
                    pendingHigh = nil
                }
                appendScalar(value, &out)
                continue
            }
            if let high = pendingHigh {
                appendScalar(high, &out)
                pendingHigh = nil
            }
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            default: out.append(code)
            }
            index += 2
        }
        if let high = pendingHigh { appendScalar(high, &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value of a number scanned from `range`; a fast path for plain decimals, `strtod` for the rest.
    package func double(_ range: Range<Int>) -> Double {
        var index = range.lowerBound
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
                index += 1
                continue
            }
            guard isDigit(byte), digits < 15 else { return slowDouble(range) }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            if mantissa > 0 || inFraction { digits += 1 }
            if inFraction { fractionDigits += 1 }
            index += 1
        }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= ByteScanner.powersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10.0, Double($0)) }

    private func slowDouble(_ range: Range<Int>) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    // MARK: Describing what was found

    /// Names the token that starts at `offset`, for "found …" in messages.
    package func describeToken(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        switch bytes[offset] {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return matchesWord(at: offset) ? "a boolean" : describeWord(at: offset)
        case UInt8(ascii: "n"):
            return matchesWord(at: offset) ? "null" : describeWord(at: offset)
        default: return describeChar(at: offset)
        }
    }

    /// The letters at `offset` that are no `true`, `false` or `null`, quoted (at most twelve); one of those words cut by
    /// the end of the file says so (`'nu' (null cut off by the end of the file)`).
    private func describeWord(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 12,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20)
        {
            end += 1
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        if end == bytes.count, let cut = ["true", "false", "null"].first(where: { $0.hasPrefix(word) }) {
            return "'\(word)' (\(cut) cut off by the end of the file)"
        }
        return "'\(word)'"
    }

    private func matchesWord(at offset: Int) -> Bool {
        let scanner = ByteScanner(bytes, at: offset)
        return scanner.matches("true") || scanner.matches("false") || scanner.matches("null")
    }

    /// One character at `offset`, quoted and made printable.
    package func describeChar(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte < UInt8(ascii: " ") || byte == 0x7F { return String(format: "the control character 0x%02X", byte) }
        if byte < 0x80 { return "'" + String(UnicodeScalar(byte)) + "'" }
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[offset..<end])
        if let text = String(validating: slice, as: UTF8.self) { return "'" + text + "'" }
        return String(format: "the byte 0x%02X", byte)
    }
}
