import LassoTUI
import Testing

/// Text fields at scale: a paste of 100,000 characters is one cheap step per character and one insertion, a field
/// holds at most its limit and says so, and a Ctrl-C in a batch of input is answered first.
@Suite("Text fields at scale: pastes, the length limit, Ctrl-C")
struct TextFieldScaleTests {
    /// `count` characters, the last ones a marker that says the end arrived.
    static func paste(_ count: Int, marker: String = "END-OF-PASTE") -> String {
        String(repeating: "x", count: count - marker.count) + marker
    }

    /// The keys a terminal gives for `text`, one a character.
    static func keys(_ text: String) -> [InputEvent] { text.map { .key(.char($0)) } }

    @Test("100,000 characters typed one at a time, then edits in the middle: the field is the text, its cursor in it")
    func hundredThousandInserts() {
        var field = TextField()
        for _ in 0..<100_000 { field.insert("a") }
        #expect(field.count == 100_000)
        #expect(field.cursor == 100_000)
        for _ in 0..<50_000 { field.moveLeft() }
        field.insert("b")
        field.deleteForward()
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.count == 99_998)
        #expect(field.cursor == 49_999)
        #expect(field.text == String(repeating: "a", count: 99_998))
        field.moveEnd()
        #expect(field.cursor == 99_998)
    }

    @Test("a combining mark typed alone after a letter, then more typing: no crash, and the cursor stays in the text")
    func combiningMarkTypedAlone() {
        var field = TextField()
        field.insert("e")
        field.insert("\u{301}")
        field.insert("x")
        #expect(field.characters == ["e", "\u{301}", "x"])
        #expect(field.cursor == 3)
        #expect(field.text == "e\u{301}x")
        field.deleteBackward()
        field.deleteBackward()
        #expect(field.text == "e")
    }

    @Test("a paste of 100,000 characters into the circle form's Note, as the loop hands it over: all of it, in order")
    func pasteIntoTheNote() throws {
        var state = try TUIFixtures.state()
        state.type(.char("c"))
        guard case .circle = state.overlay else {
            Issue.record("no circle form")
            return
        }
        for _ in 0..<CircleForm.Field.allCases.count {
            guard case .circle(let form) = state.overlay, form.field != .note else { break }
            state.type(.down)
        }
        guard case .circle(let form) = state.overlay, form.field == .note else {
            Issue.record("the Note field was not reached")
            return
        }
        let text = Self.paste(100_000)
        // As the terminal hands it over: in reads of 4,096 keys.
        let events = Self.keys(text)
        var start = 0
        while start < events.count {
            state.run(state.handle(batch: Array(events[start..<min(start + 4_096, events.count)])))
            start += 4_096
        }
        guard case .circle(let form) = state.overlay else {
            Issue.record("the form closed")
            return
        }
        #expect(form.note.count == 100_000)
        #expect(form.note.text == text)
        #expect(form.changed)
        // The form shows the end of the note, where the cursor is.
        #expect(state.screenText.contains("END-OF-PASTE"))
    }

    @Test("a paste of 100 KB into the search prompt: searched once, the prompt shows its end")
    func pasteIntoTheSearch() throws {
        var state = try TUIFixtures.state()
        state.type(.char("/"))
        state.run(state.handle(batch: Self.keys(Self.paste(100_000))))
        guard case .search(let field) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(field.count == 100_000)
        #expect(state.message?.text.hasPrefix("no view matches") == true)
        let bottom = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bottom.contains("END-OF-PASTE"))
    }

    @Test("more than a field holds: the rest is left out, and the status line says how much and why")
    func theLimit() throws {
        var state = try TUIFixtures.state()
        state.type(.char("/"))
        state.run(state.handle(batch: Self.keys(Self.paste(TextField.maximumLength + 10))))
        guard case .search(let field) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(field.count == TextField.maximumLength)
        #expect(field.refused == 10)
        let words = "the field is full: it holds at most \(TextField.maximumLength) characters"
        #expect(state.message?.text.hasPrefix(words) == true)
        #expect(state.screenText.contains("the field is full"))
        // One more key is refused too, and says so; a deletion makes room again.
        state.type(.char("y"))
        #expect(state.message?.text.hasSuffix("the last 1 typed were left out") == true)
        state.type(.backspace, .char("z"))
        guard case .search(let after) = state.overlay else { return }
        #expect(after.count == TextField.maximumLength)
        #expect(after.text.hasSuffix("xEz"))
        #expect(after.refused == 0)
    }

    @Test("Ctrl-C after a paste in the same batch: the paste is one insertion, then Ctrl-C quits; nothing after it")
    func interruptAfterPaste() throws {
        var state = try TUIFixtures.state()
        state.type(.char("/"))
        state.handle(batch: Self.keys(Self.paste(50_000)) + [.key(.ctrl("c"))] + Self.keys("more"))
        #expect(state.shouldQuit)
        guard case .search(let field) = state.overlay else { return }
        #expect(field.count == 50_000, "the paste was typed, and nothing after the Ctrl-C")
    }

    @Test("a run of typed characters is one insertion; a key that is no text in between is handled on its own")
    func runsAndKeys() throws {
        var state = try TUIFixtures.state()
        state.type(.char("/"))
        state.handle(batch: Self.keys("UIBut") + [.key(.left), .key(.backspace)] + Self.keys("tt"))
        guard case .search(let field) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(field.text == "UIBttt")
        #expect(field.cursor == 5)
    }
}
