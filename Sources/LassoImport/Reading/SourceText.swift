import Foundation
import LassoSnapshot

/// Turns the bytes of a foreign dump into text: byte order marks, UTF-16, and the place of the first byte that is not UTF-8.
enum SourceText {
    /// The encodings lasso reads dumps in (XML may declare others, which the XML parser handles).
    enum Encoding: Equatable {
        case utf8, utf16LittleEndian, utf16BigEndian
    }

    /// The encoding the bytes announce by a byte order mark or by the zero bytes of UTF-16 ASCII, and the mark's length.
    static func encoding<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> (encoding: Encoding, markLength: Int)
    where Bytes.Index == Int {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0, bytes[2] != 0 {
            return (.utf16LittleEndian, 0)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0, bytes[3] != 0 { return (.utf16BigEndian, 0) }
        return (.utf8, 0)
    }

    /// The first `limit` bytes as text, leniently (bad bytes become U+FFFD): enough to recognize a format.
    static func head(_ bytes: [UInt8], limit: Int) -> String {
        let (encoding, mark) = encoding(of: bytes)
        let end = min(bytes.count, mark + limit)
        switch encoding {
        case .utf8: return String(decoding: bytes[mark..<end], as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            return utf16(bytes[mark..<end], bigEndian: encoding == .utf16BigEndian)
        }
    }

    /// The text of `bytes` as a String, read as `withUTF8` reads it (the importers that work on text use it).
    static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> String {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                try withUTF8(buffer, file: file) { String(decoding: $0, as: UTF8.self) }
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: file, line: 1, column: 1, expected: "UTF-8 text", found: "\(error)")
        }
    }

    /// The text of `bytes` as UTF-8, as `withUTF8` reads it, kept as an array and the range of it the text is (past a
    /// byte order mark), so that it can be handed to another thread.
    static func utf8(_ bytes: [UInt8], file: String) throws(InputError) -> SharedText {
        let (encoding, mark) = bytes.withUnsafeBufferPointer { Self.encoding(of: $0) }
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            let text = bytes.withUnsafeBufferPointer {
                Array(utf16($0[mark...], bigEndian: encoding == .utf16BigEndian).utf8)
            }
            return SharedText(bytes: text, range: 0..<text.count)
        case .utf8:
            try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
                if let bad = firstInvalidUTF8(buffer, from: mark) { throw invalidUTF8(buffer, at: bad, file: file) }
            }
            return SharedText(bytes: bytes, range: mark..<bytes.count)
        }
    }

    /// The text of `bytes` as plain UTF-8 when it is not already: past a UTF-8 byte order mark, or UTF-16 transcoded
    /// (refused where a surrogate has no partner); nil for UTF-8 without a mark, which is read as it is.
    static func plainUTF8(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(InputError) -> [UInt8]? {
        let (encoding, mark) = encoding(of: bytes)
        switch encoding {
        case .utf8:
            return mark == 0 ? nil : Array(bytes[mark...])
        case .utf16LittleEndian, .utf16BigEndian:
            let bigEndian = encoding == .utf16BigEndian
            if let bad = firstInvalidUTF16(Array(bytes), from: mark, bigEndian: bigEndian) {
                throw brokenUTF16(file: file, at: bad)
            }
            return Array(utf16(bytes[mark...], bigEndian: bigEndian).utf8)
        }
    }

    /// The message for UTF-16 that stops being UTF-16 at `place` (`firstInvalidUTF16`).
    static func brokenUTF16(file: String, at place: (line: Int, column: Int)) -> InputError {
        InputError(
            file: file, line: place.line, column: place.column, expected: "UTF-16 text, as the file's first bytes say",
            found: "a broken character (a surrogate without its partner, or an odd last byte)")
    }

    /// Runs `body` on the text of `bytes` as UTF-8: the bytes themselves past a UTF-8 byte order mark (checked, with a
    /// message naming the first invalid byte, and suggesting `--encoding gb18030` when the bytes look like it), or
    /// UTF-16 transcoded.
    static func withUTF8<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        let (encoding, mark) = encoding(of: bytes)
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            let text = Array(utf16(bytes[mark...], bigEndian: encoding == .utf16BigEndian).utf8)
            return try text.withUnsafeBufferPointer { try body($0) }
        case .utf8:
            if let bad = firstInvalidUTF8(bytes, from: mark) { throw invalidUTF8(bytes, at: bad, file: file) }
            return try body(UnsafeBufferPointer(rebasing: bytes[mark...]))
        }
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil: ASCII is passed over eight bytes at a
    /// time.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        let count = bytes.count
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = characterLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The message for a byte that is not UTF-8, with a hint when the text around it reads as GB18030.
    static func invalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, file: String) -> InputError {
        let (line, column) = SourcePosition.lineAndColumn(of: offset, in: bytes)
        return InputError(
            file: file, line: line, column: column, expected: "UTF-8 text",
            found: "the byte 0x" + String(bytes[offset], radix: 16, uppercase: true) + ", which is not UTF-8"
                + gbHint(bytes, at: offset))
    }

    /// ` (…: try --encoding gb18030)` when the bytes around `offset` look like GB18030 Chinese text, else nothing.
    static func gbHint(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard GB18030Text.looksLikeGB(bytes, near: offset) else { return "" }
        return " (the bytes read as GB18030/GBK Chinese text: try --encoding gb18030)"
    }

    private static func utf16<Bytes: Collection<UInt8>>(_ bytes: Bytes, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var pending: UInt8?
        for byte in bytes {
            guard let first = pending else {
                pending = byte
                continue
            }
            pending = nil
            units.append(bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first))
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Where UTF-16 `bytes` (after the `mark`) stop being UTF-16, as a line and column of text: a surrogate without
    /// its partner, or an odd last byte; nil when they are valid.
    static func firstInvalidUTF16(_ bytes: [UInt8], from mark: Int, bigEndian: Bool) -> (line: Int, column: Int)? {
        var line = 1
        var column = 1
        var index = mark
        func unit(at offset: Int) -> UInt16? {
            guard offset + 1 < bytes.count else { return nil }
            let first = UInt16(bytes[offset])
            let second = UInt16(bytes[offset + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index < bytes.count {
            guard let current = unit(at: index) else { return (line, column) }
            switch current {
            case 0xD800...0xDBFF:
                guard let next = unit(at: index + 2), (0xDC00...0xDFFF).contains(next) else { return (line, column) }
                index += 4
                column += 1
            case 0xDC00...0xDFFF:
                return (line, column)
            case UInt16(UInt8(ascii: "\n")):
                index += 2
                line += 1
                column = 1
            default:
                index += 2
                column += 1
            }
        }
        return nil
    }

    /// The index of the first byte that does not belong to valid UTF-8, or nil: the buffer scan above, on the
    /// collection's own indices.
    static func firstInvalidUTF8<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int?
    where Bytes.Index == Int {
        let offset = bytes.startIndex
        if let found = bytes.withContiguousStorageIfAvailable({ firstInvalidUTF8($0, from: start - offset) }) {
            return found.map { $0 + offset }
        }
        return Array(bytes).withUnsafeBufferPointer { firstInvalidUTF8($0, from: start - offset) }.map { $0 + offset }
    }

    /// The length of the valid UTF-8 character of two to four bytes that starts at `index`, or nil.
    private static func characterLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int?
    where Bytes.Index == Int {
        let byte = bytes[index]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch byte {
        case 0xC2...0xDF:
            length = 2
            minimum = 0x80
            scalar = UInt32(byte & 0x1F)
        case 0xE0...0xEF:
            length = 3
            minimum = 0x800
            scalar = UInt32(byte & 0x0F)
        case 0xF0...0xF4:
            length = 4
            minimum = 0x10000
            scalar = UInt32(byte & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }

    /// The encodings libxml2 converts by itself. It hands any other that an XML declaration names to iconv, and its
    /// version on Debian 12 (2.9.14) crashes the process when the text is not valid in it (`encoding="UTF-32"`, or
    /// `windows-1252` with an unassigned byte), so such a dump is refused before it is parsed.
    static let xmlEncodings: Set<String> = [
        "UTF-8", "UTF8", "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "ISO-8859-1", "ISO_8859-1", "ISO-LATIN-1",
        "LATIN1", "ASCII", "US-ASCII",
    ]

    /// Throws when the XML declaration at the start of the dump (after any stray text, which the reader drops) names
    /// an encoding other than those in `xmlEncodings`.
    static func checkXMLEncoding(_ bytes: [UInt8], file: String) throws(InputError) {
        let (encoding, mark) = encoding(of: bytes)
        let text: String
        if encoding == .utf8 {
            guard let open = bytes[mark...].firstIndex(of: UInt8(ascii: "<")) else { return }
            text = String(decoding: bytes[open..<min(bytes.count, open + 1024)], as: UTF8.self)
        } else {
            text = head(bytes, limit: 2048)
        }
        for name in declaredXMLEncodings(text) where !xmlEncodings.contains(name.uppercased()) {
            throw InputError(
                file: file, line: 1, column: 1,
                expected: "an XML dump in UTF-8, UTF-16 or ISO-8859-1 (save it as UTF-8)",
                found: "encoding=\"\(DisplayText.escaped(String(name.prefix(40))))\"")
        }
    }

    /// Every `encoding="…"` of an XML declaration that starts the text (after stray text): libxml2 reads one, and
    /// a declaration odd enough to hold two is checked for both.
    static func declaredXMLEncodings(_ text: String) -> [String] {
        declaredXMLEncodingRanges(text).map { String(text[$0]) }
    }

    /// Where each of `declaredXMLEncodings`' names is in `text`.
    static func declaredXMLEncodingRanges(_ text: String) -> [Range<String.Index>] {
        guard let open = text.firstIndex(of: "<") else { return [] }
        let declaration = text[open...].prefix { $0 != ">" }
        guard declaration.hasPrefix("<?xml"), declaration.dropFirst(5).first?.isWhitespace == true else { return [] }
        var names: [Range<String.Index>] = []
        var rest = declaration.dropFirst(5)
        while let key = rest.range(of: "encoding") {
            rest = rest[key.upperBound...]
            var value = rest.drop { $0.isWhitespace }
            guard value.first == "=" else { continue }
            value = value.dropFirst().drop { $0.isWhitespace }
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            let name = value.dropFirst().prefix { $0 != quote }
            names.append(name.startIndex..<name.endIndex)
        }
        return names
    }

    /// The name of the first element of XML text, past its declaration and comments.
    static func firstElementName(_ text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let first = after.first else { return nil }
            if first == "?" || first == "!" {
                guard let close = after.firstIndex(of: ">") else { return nil }
                rest = after[after.index(after: close)...]
                continue
            }
            let name = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.isEmpty ? nil : String(name.prefix(60))
        }
        return nil
    }
}

/// UTF-8 text that threads can share: an array and the range of it that is the text.
struct SharedText: Sendable {
    let bytes: [UInt8]
    let range: Range<Int>

    /// Runs `body` on the text, whose offsets start at 0.
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
