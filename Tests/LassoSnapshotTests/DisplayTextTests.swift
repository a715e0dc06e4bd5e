import LassoSnapshot
import Testing

/// What a terminal is given: control characters escaped, lines, columns and other Unicode as they are.
@Suite("display text")
struct DisplayTextTests {
    @Test(
        "terminalSafe escapes ESC, BEL, C1 controls, carriage returns and bidi overrides, keeping lines, tabs and Chinese"
    )
    func terminalSafe() {
        #expect(
            DisplayText.terminalSafe("a\u{1b}[31mb\u{07}c\u{9b}2J\r\u{202e}d\n中文\te")
                == #"a\e[31mb\u{7}c\u{9b}2J\r\u{202e}d"# + "\n中文\te")
        let plain = "第1行\n\tsecond line"
        #expect(DisplayText.terminalSafe(plain) == plain)
    }

    @Test("escaped still escapes line feeds and tabs too")
    func escaped() {
        #expect(DisplayText.escaped("a\nb\tc\u{1b}") == #"a\nb\tc\e"#)
    }

    @Test("every bidirectional control is escaped: U+061C, U+200E–F, U+202A–E, U+2066–9")
    func bidiControls() {
        let text = "A\u{61c}B\u{200e}C\u{200f}D\u{202a}\u{202e}E\u{2066}\u{2069}F"
        #expect(DisplayText.terminalSafe(text) == #"A\u{61c}B\u{200e}C\u{200f}D\u{202a}\u{202e}E\u{2066}\u{2069}F"#)
        #expect(!SafeName.isSafe("shop\u{200e}ios"))
        #expect(!SafeName.isSafe("shop\u{9b}ios"))
        #expect(SafeName.isSafe("购物-ios é"))
    }

    @Test("the terminal escapes the same characters as JSON output does")
    func sameAsJSON() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value), scalar != "\"", scalar != "\\" else { continue }
            let text = String(Character(scalar))
            let inJSON = JSONWriter.compact(.string(text)) != "\"" + text + "\""
            #expect(DisplayText.isEscaped(scalar) == inJSON, "U+\(String(value, radix: 16))")
        }
    }
}
