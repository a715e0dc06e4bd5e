import LassoCore
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
}
