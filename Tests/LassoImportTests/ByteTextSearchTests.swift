import Testing

@testable import LassoImport

/// Recognizing a format asks a file's head for words byte by byte; the answers must be those of a search by text.
@Suite("format recognition: words found in a head by their bytes")
struct ByteTextSearchTests {
    @Test("at the start, at the end, overlapping first bytes, longer than the text, empty, multi-byte")
    func edges() {
        #expect(ByteText.contains("View Hierarchy: x", "View Hierarchy:"))
        #expect(ByteText.contains("x ACTIVITY", "ACTIVITY"))
        #expect(ByteText.contains("aaab", "aab"))
        #expect(!ByteText.contains("aab", "aaab"))
        #expect(ByteText.contains("abc", ""))
        #expect(!ByteText.contains("", "a"))
        #expect(ByteText.contains("商品 \"sa_id_name\": 1", "\"sa_id_name\""))
        #expect(!ByteText.contains("DecorView", "DecorView@"))
    }

    @Test("random texts of a few letters: the same answers as String.contains")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let letters: [Character] = ["a", "b", "\"", " ", "@"]
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...30, using: &generator)).map { _ in letters.randomElement()! })
            let word = String((0..<Int.random(in: 1...4, using: &generator)).map { _ in letters.randomElement()! })
            #expect(ByteText.contains(text, word) == text.contains(word), "\(text) \(word)")
        }
    }
}
