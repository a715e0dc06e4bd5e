import Foundation
import Testing
import _LassoTestSupport

/// A big paste into the real binary's terminal UI (tmux `load-buffer` and `paste-buffer`): the UI answers within a
/// generous bound, and a Ctrl-C right after the paste quits promptly.
@Suite("Pasting 100 KB into the terminal UI (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct PasteEndToEndTests {
    /// Loads 100,000 characters, ending in `marker`, into tmux's buffer `big`.
    static func loadPaste(_ session: TmuxSession, in folder: String, marker: String) throws {
        let file = folder + "/paste.txt"
        try (String(repeating: "x", count: 100_000 - marker.count) + marker).write(
            toFile: file, atomically: true, encoding: .utf8)
        try session.tmux(["load-buffer", "-b", "big", file])
    }

    @Test("100 KB pasted into the search prompt: its end shows in the prompt, then Esc and q quit with status 0")
    func pasteIntoSearch() throws {
        let (folder, session) = try TUIEndToEndTests.start([LassoProcess.sample("shop-home.json")])
        defer { TUIEndToEndTests.stop(folder, session) }
        try Self.loadPaste(session, in: folder, marker: "PASTE-END")
        try session.keys("/")
        try session.waitFor("Enter stay on the match")
        try session.tmux(["paste-buffer", "-b", "big", "-t", session.name])
        // Before, this took minutes (each character walked the text, was searched for, and drew a frame).
        try session.waitFor("PASTE-END", timeout: 60)
        try session.keys("Escape")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0", timeout: 20)
    }

    @Test("Ctrl-C right after a 100 KB paste into the search prompt quits promptly")
    func interruptAfterPaste() throws {
        let (folder, session) = try TUIEndToEndTests.start([LassoProcess.sample("shop-home.json")])
        defer { TUIEndToEndTests.stop(folder, session) }
        try Self.loadPaste(session, in: folder, marker: "PASTE-END")
        try session.keys("/")
        try session.waitFor("Enter stay on the match")
        try session.tmux(["paste-buffer", "-b", "big", "-t", session.name])
        try session.keys("C-c")
        try session.waitFor("LASSO-EXIT=0", timeout: 30)
    }
}
