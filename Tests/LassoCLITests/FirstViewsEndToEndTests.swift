import Foundation
import Testing
import _LassoTestSupport

/// A snapshot too big to wait for opens on its first views through the real binary in tmux, and the rest loads
/// while the person looks at them.
@Suite("A big snapshot opens on its first views (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct FirstViewsEndToEndTests {
    /// 30,001 views in about 37 MB (each label carries a long property), more than `SnapshotReader`'s 32 MB; with
    /// `brokenLast`, the last view has a number for its class.
    static func bigSnapshot(in folder: String, brokenLast: Bool = false) throws -> String {
        let blob = String(repeating: "x", count: 1_150)
        var text =
            #"{"format": "lasso.snapshot/1", "app": {"key": "big-ios", "version": "1.0"}, "screen": {"width": 390, "height": 844}, "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": ["#
        for index in 0..<30_000 {
            if index > 0 { text += "," }
            let last = index == 29_999
            text +=
                #"{"class": \#(brokenLast && last ? "5" : "\"UILabel\""), "frame": [0, \#(index % 800), 390, 20], "text": "row \#(index)", "properties": {"blob": "\#(blob)"}}"#
        }
        text += "]}}"
        let file = folder + "/big.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("the first views show at once with what is loading; a circle waits; then every view is there and found")
    func opensOnFirstViews() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try Self.bigSnapshot(in: folder)
        let session = try TmuxSession(["open", file], in: folder)
        defer { session.kill() }
        try session.waitFor("─ Views ─", timeout: 30)
        // The first frame comes before the rest is read (the load starts after it is drawn); the rest takes seconds.
        #expect(try session.screen().contains("loading: the first 20,000 views of 37 MB shown"))
        try session.keys("c")
        try session.waitFor("still loading: search, circling")
        try session.keys("j")
        try session.waitFor("loaded: all 30,001 views", timeout: 120)
        #expect(!(try session.screen()).contains("loading: the first"))
        try session.keys("/")
        try session.type("row 29999")
        try session.keys("Enter")
        try session.waitFor("match 1 of 1")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("a file that is not valid after its first views: the UI closes and says where, with the bad-input status")
    func brokenFurtherOn() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try Self.bigSnapshot(in: folder, brokenLast: true)
        let session = try TmuxSession(["open", file], in: folder)
        defer { session.kill() }
        try session.waitFor("LASSO-EXIT=65", timeout: 120)
        let screen = try session.screen()
        #expect(screen.contains("big.json"))
        #expect(screen.contains("children[29999]"))
    }
}
