import Foundation

/// Small questions about ranges of UTF-8 text (equal to a word, white space at the ends, a number), answered without
/// making a `String`, for importers that read millions of lines.
enum ByteText {
    /// Whether `word` is in `text`, compared as UTF-8 bytes: what recognizing a format asks of a file's first 64 KB,
    /// a dozen times, at memory speed (a search by characters costs milliseconds each).
    static func contains(_ text: String, _ word: String) -> Bool {
        var text = text
        var word = word
        return text.withUTF8 { text in word.withUTF8 { contains(text, $0) } }
    }

    /// Whether `word` is in `text`, both UTF-8 bytes.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !word.isEmpty else { return true }
        guard let base = text.baseAddress, text.count >= word.count else { return false }
        // Each place of the word's first byte (memchr), then the rest compared.
        let last = text.count - word.count
        var start = 0
        while start <= last {
            guard let found = memchr(base + start, Int32(word[0]), last - start + 1) else { return false }
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, word.baseAddress!, word.count) == 0 { return true }
            start = at + 1
        }
        return false
    }

    /// Whether `text` is `word`.
    static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        equals(text, 0..<text.count, word)
    }

    static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { word in
            var index = 0
            while index < word.count {
                if text[range.lowerBound + index] != word[index] { return false }
                index += 1
            }
            return true
        }
    }

    static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard range.count >= length else { return false }
        return equals(text, (range.upperBound - length)..<range.upperBound, word)
    }

    /// The same bytes in two places.
    static func same(_ text: UnsafeBufferPointer<UInt8>, _ left: Range<Int>, _ right: Range<Int>) -> Bool {
        guard left.count == right.count else { return false }
        var offset = 0
        while offset < left.count {
            if text[left.lowerBound + offset] != text[right.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// The scalar that starts at `index` of valid UTF-8 text, and its length in bytes.
    static func scalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int) {
        let lead = text[index]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= end else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The length of the white space (space, tab, no-break or ideographic space) that starts at `index`, or 0.
    private static func spaceAt(_ text: UnsafeBufferPointer<UInt8>, _ index: Int, end: Int) -> Int {
        let byte = text[index]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return 1 }
        if byte == 0xC2, index + 1 < end, text[index + 1] == 0xA0 { return 2 }
        if byte == 0xE3, index + 2 < end, text[index + 1] == 0x80, text[index + 2] == 0x80 { return 3 }
        return 0
    }

    /// The length of the white space that ends just before `end`, or 0.
    private static func spaceBefore(_ text: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        let byte = text[end - 1]
        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return 1 }
        if byte == 0xA0, end - 2 >= start, text[end - 2] == 0xC2 { return 2 }
        if byte == 0x80, end - 3 >= start, text[end - 3] == 0xE3, text[end - 2] == 0x80 { return 3 }
        return 0
    }

    /// The range without white space at either end.
    static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end {
            let length = spaceAt(text, start, end: end)
            if length == 0 { break }
            start += length
        }
        while end > start {
            let length = spaceBefore(text, end, start: start)
            if length == 0 { break }
            end -= length
        }
        return start..<end
    }

    /// The number the range spells, as `Double(String)` reads it (nil when it reads none); plain decimals with up to 15
    /// digits are worked out directly (exactly, since both halves of the division are exact), the rest by `Double`.
    static func double(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        let end = range.upperBound
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var sawDigit = false
        var sawPoint = false
        var plain = index < end
        while index < end {
            let byte = text[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                if mantissa > 0 || digits > 0 { digits += 1 }
                if sawPoint { fraction += 1 }
                sawDigit = true
            } else if byte == UInt8(ascii: "."), !sawPoint, sawDigit {
                sawPoint = true
            } else {
                plain = false
                break
            }
            index += 1
        }
        if plain, sawDigit, digits <= 15, fraction <= 22, !(sawPoint && text[end - 1] == UInt8(ascii: ".")) {
            var value = Double(mantissa)
            if fraction > 0 { value /= powersOfTen[fraction] }
            return negative ? -value : value
        }
        // Not a plain decimal: only text that could start a number is worth asking `Double` about.
        let first = text[range.lowerBound]
        let couldBeNumber =
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || first | 0x20 == UInt8(ascii: "i") || first | 0x20 == UInt8(ascii: "n")
        guard couldBeNumber else { return nil }
        return Double(string(text, range))
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `{0, -64}` → (0, -64): two finite numbers in braces, separated by a comma.
    static func pair(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Double, Double)? {
        guard range.count >= 2, text[range.lowerBound] == UInt8(ascii: "{"),
            text[range.upperBound - 1] == UInt8(ascii: "}")
        else { return nil }
        var numbers: [Double] = []
        var partStart = range.lowerBound + 1
        let inner = partStart..<(range.upperBound - 1)
        var index = inner.lowerBound
        while index <= inner.upperBound {
            if index == inner.upperBound || text[index] == UInt8(ascii: ",") {
                // Parts that are not numbers are passed over, as `compactMap(Double.init)` would.
                if index > partStart, let value = double(text, trimmed(text, partStart..<index)) {
                    numbers.append(value)
                    if numbers.count > 2 { return nil }
                }
                partStart = index + 1
            }
            index += 1
        }
        guard numbers.count == 2, numbers[0].isFinite, numbers[1].isFinite else { return nil }
        return (numbers[0], numbers[1])
    }
}
