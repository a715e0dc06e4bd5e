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

    @Test("a quoted text is the whole text escaped (its quotes and backslashes too), then cut to the limit")
    func quoted() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4_000 {
            let text = Self.randomText(&generator) + (Bool.random(using: &generator) ? "a\"b\\" : "")
            let limit = Int.random(in: 1...30, using: &generator)
            let safe = DisplayText.escaped(text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\""))
            let whole = "\"" + (safe.count > limit ? String(safe.prefix(limit - 1)) + "…" : safe) + "\""
            #expect(DisplayText.quoted(text, limit: limit) == whole, "\(text.debugDescription) \(limit)")
        }
    }
}

/// A status message too long for the line keeps the keys it ends with: what a person can do next shows whole.
@Suite("Status messages that do not fit")
struct StatusMessageFitTests {
    @Test("a save message with its undo hint, at 120 and 80 columns: the file name is cut, the hint is whole")
    func hintStaysWhole() {
        let message =
            "saved title (ButtonClick) to kvc-configs/instagram/title-fb7b5dbf.json · appKey instagram written to lasso.json (u undoes · m names an event here)"
        for width in [120, 80] {
            let shown = StatusBar.messageText(message, width: width)
            #expect(CharWidth.of(shown) <= width)
            #expect(shown.hasSuffix("… (u undoes · m names an event here)"), "\(shown)")
            #expect(shown.hasPrefix("saved title (ButtonClick) to kvc-configs/"))
        }
        // What fits is left alone; a message without a hint at its end is cut at its end; a hint too long for the
        // line leaves the message cut at its end too.
        #expect(StatusBar.messageText("saved (u undoes)", width: 40) == "saved (u undoes)")
        #expect(
            StatusBar.messageText(String(repeating: "x", count: 50), width: 20) == String(repeating: "x", count: 19)
                + "…")
        let longHint = "saved it (" + String(repeating: "k", count: 30) + ")"
        #expect(StatusBar.messageText(longHint, width: 30) == CharWidth.truncate(longHint, to: 30))
    }
}
