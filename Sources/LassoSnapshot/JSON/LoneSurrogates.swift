extension JSONParser {
    /// Refuses a JSON text, already parsed, in which a string escapes one half of a UTF-16 surrogate pair alone
    /// (`"\ud800"`, or `"\udc00"` with no high half before it): such an escape names no character, and reading it
    /// as U+FFFD, as the parser does, would keep a text other than the one sent. The config server refuses it.
    public static func refuseLoneSurrogates(_ bytes: [UInt8], file: String) throws(InputError) {
        let found: Int? = bytes.withUnsafeBufferPointer { loneSurrogate(in: $0) }
        guard let offset = found else { return }
        let (line, column) = bytes.withUnsafeBufferPointer { SourcePosition.lineAndColumn(of: offset, in: $0) }
        let escape = String(decoding: bytes[offset..<min(offset + 6, bytes.count)], as: UTF8.self)
        throw InputError(
            file: file, line: line, column: column,
            expected: "a character, or a UTF-16 surrogate pair such as \\ud83d\\ude00",
            found: "\(escape), half of a surrogate pair alone")
    }

    /// The offset of the first `\u` escape of a lone surrogate in valid JSON text, where a backslash only occurs
    /// inside strings; nil when there is none.
    static func loneSurrogate(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        func unit(at index: Int) -> UInt32? {
            guard index + 5 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u") else {
                return nil
            }
            var value: UInt32 = 0
            for offset in 2...5 {
                guard let digit = ByteScanner.hexValue(text[index + offset]) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard let value = unit(at: index) else {
                // `\n`, `\\`, `\"`…: two bytes.
                index += 2
                continue
            }
            if (0xDC00...0xDFFF).contains(value) { return index }
            if (0xD800...0xDBFF).contains(value) {
                guard let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) else { return index }
                index += 12
                continue
            }
            index += 6
        }
        return nil
    }
}
