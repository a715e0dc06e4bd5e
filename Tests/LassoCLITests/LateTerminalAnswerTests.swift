import Foundation
import Testing
import _LassoTestSupport

/// A terminal's answers to lasso's questions that come after the wait (a slow ssh link) are not keys: the real
/// binary in tmux is sent them as the terminal would, and neither opens help nor keeps `q` from quitting.
@Suite(.serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct LateTerminalAnswerTests {
    @Test func lateAnswersAreDroppedAndKeysStillWork() throws {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession([LassoProcess.sample("shop-home.json")], in: folder, width: 120, height: 40)
        defer { TUIEndToEndTests.stop(folder, session) }
        try session.waitFor("─ Views ─")
        // The device attributes (its `?` would open help), the cell size, xterm's graphics attributes, kitty's answer.
        for answer in ["\u{1B}[?62;4;22c", "\u{1B}[6;20;10t", "\u{1B}[?2;0;1000;1000S", "\u{1B}_Gi=31;OK\u{1B}\\"] {
            try session.type(answer)
        }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try !session.screen().contains("Keys ("), "an answer's ? opened help")
        // Escape is still Escape: it leaves the search `/` opened.
        try session.keys("/")
        try session.waitFor("Search")
        try session.keys("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        // And a `?` typed is still help.
        try session.type("?")
        try session.waitFor("Keys (")
        try session.keys("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }
}
