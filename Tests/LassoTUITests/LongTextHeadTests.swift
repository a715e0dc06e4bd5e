import Testing

@testable import LassoSnapshot
@testable import LassoTUI

/// A view's text is measured and escaped only as far as it can be shown: what is drawn must be what measuring the
/// whole text drew, whatever the text holds.
@Suite("long texts: only the start that can be shown is measured")
struct LongTextHeadTests {
    static let pieces = ["a", "商", "\n", "\u{1B}", "e\u{301}", "👍🏽", "\u{200E}", "\u{200B}", " ", "🇨🇳", "\u{85}"]

    static func randomText(_ generator: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test("a text cut to any width from its head is the text cut from the whole")
    func head() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4_000 {
            let text = Self.randomText(&generator)
            let columns = Int.random(in: 0...20, using: &generator)
            let head = String(CharWidth.head(text, beyond: columns))
            #expect((CharWidth.of(head) > columns) == (CharWidth.of(text) > columns), "\(text.debugDescription)")
            for width in 0...columns {
                #expect(
                    CharWidth.truncate(DisplayText.escaped(head), to: width)
                        == CharWidth.truncate(DisplayText.escaped(text), to: width), "\(text.debugDescription) \(width)"
                )
            }
        }
        let huge = String(repeating: "长文", count: 1_000_000)
        #expect(CharWidth.head(huge, beyond: 30).count == 16)
    }

    @Test("a quoted text is the whole text escaped, then cut to the limit")
    func quoted() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4_000 {
            let text = Self.randomText(&generator)
            let limit = Int.random(in: 1...30, using: &generator)
            let safe = DisplayText.escaped(text)
            let whole = "\"" + (safe.count > limit ? String(safe.prefix(limit - 1)) + "…" : safe) + "\""
            #expect(DisplayText.quoted(text, limit: limit) == whole, "\(text.debugDescription) \(limit)")
        }
    }
}
