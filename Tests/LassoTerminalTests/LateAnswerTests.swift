import Testing

@testable import LassoTerminal

/// The answers to lasso's questions to the terminal, arriving late, told from keys: each answer whole is dropped,
/// its start read on, and anything else given as keys.
@Suite struct LateAnswerTests {
    static func judge(_ text: String) -> LateAnswer.Verdict { LateAnswer.judge(text.unicodeScalars.map(\.value)) }

    @Test func theAnswersToEachQuestionAreAnswers() {
        for answer in [
            "[?62;4;22c", "[?64;1;2;4;6;9;15;18;21;22c", "[?1;2c", "[?2;0;1000;1000S", "[6;20;10t",
            "_Gi=31;OK\u{1B}\\", "_Gi=31;ENOTSUPPORTED:no\u{1B}\\",
        ] {
            #expect(Self.judge(answer) == .answer, "\(answer)")
            // Every start of one is read on.
            for length in 1..<answer.unicodeScalars.count {
                #expect(Self.judge(String(String.UnicodeScalarView(answer.unicodeScalars.prefix(length)))) == .maybe)
            }
        }
    }

    @Test func keysAreKeys() {
        // Alt-x, Escape then `q`, an arrow key curses did not know, a cursor report nobody asked for, a `?` typed.
        for keys in ["x", "q", "[A", "[12;5R", "[?c", "O", "_x", "[6t", "[6;2;3tq", "_Gi=31;OK\u{1B}x", "?"] {
            #expect(Self.judge(keys) == .keys, "\(keys)")
        }
        // Past the longest answer, what was read is keys.
        #expect(Self.judge("[?" + String(repeating: "1", count: 300)) == .keys)
    }
}
