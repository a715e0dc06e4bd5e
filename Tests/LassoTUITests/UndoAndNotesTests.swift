import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@testable import LassoTUI

@Suite("Undo, configs matching no view, server-only configs, import notes")
struct UndoAndNotesTests {
    /// A state on a real, empty configs folder, with the first button circled and saved as "productId".
    static func savedOne() throws -> (AppState, String) {
        let folder = TUIFixtures.folder()
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down, .down, .right, .enter)
        return (state, folder)
    }

    static func files(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }
    }

    @Test("u takes back a save: the new config's file goes")
    func undoSave() throws {
        var (state, folder) = try Self.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.files(folder).count == 1)
        #expect(state.status.hasSuffix("(u undoes · m names an event here)"))
        state.type(.char("u"))
        #expect(Self.files(folder).isEmpty)
        #expect(state.status.hasPrefix("undone: the new"))
        #expect(state.undoStep == nil)
        state.type(.char("u"))
        #expect(state.status.hasPrefix("nothing to undo"))
    }

    @Test("u takes back an edit and a delete")
    func undoEditAndDelete() throws {
        var (state, folder) = try Self.savedOne()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let saved = try #require(state.configs.first?.config)
        // Edit: a new key name.
        state.type(.char("L"), .char("e"))
        guard case .circle = state.overlay else {
            Issue.record("the edit form did not open")
            return
        }
        state.type(.down)  // key name, after the key path
        state.type(.ctrl("u"))
        state.typeText("pid")
        state.type(.enter)
        #expect(state.configs.first?.config.keyName == "pid")
        state.type(.char("u"))
        #expect(state.configs.first?.config.keyName == saved.keyName)
        #expect(state.status.contains("as it was"))
        // Delete, then undo: it is back, with the same id.
        state.type(.char("L"), .char("d"), .char("y"))
        #expect(state.configs.isEmpty)
        state.type(.char("u"))
        #expect(state.configs.map(\.config.id) == [saved.id])
        #expect(state.status.contains("put back"))
    }

    @Test("a config that matches no view here gets its versions and note edited")
    func versionsOfUnmatchedConfig() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let elsewhere = KVCConfig(
            appKey: "shop-ios", versions: VersionRanges([]), viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("CartViewController[0]/UIView[0]/UIButton[0]"), notation: .lasso,
            hash: .md5, conditions: [], keyPath: "titleLabel.text", keyName: "checkout", note: nil)
        try ConfigDirectory(root: folder).save(elsewhere, replacing: [])
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        state.type(.char("L"), .char("e"))
        guard case .versions = state.overlay else {
            Issue.record("expected the versions form, got \(state.overlay)")
            return
        }
        #expect(state.screenText.contains("matches no view on this screen"))
        state.typeText("5.4.0")
        state.type(.down, .down)
        state.typeText("moved to the cart page")
        state.type(.enter)
        let config = try #require(state.configs.first?.config)
        #expect(config.id == elsewhere.id)
        #expect(config.versions.intervals.first?.from?.text == "5.4.0")
        #expect(config.note == "moved to the cart page")
        guard case .configs = state.overlay else {
            Issue.record("the list did not come back after the save")
            return
        }
        // A bad version is refused in the form's words, and nothing is written.
        state.type(.char("e"), .ctrl("u"))
        state.typeText("five")
        state.type(.enter)
        #expect(state.screenText.contains("is not a version such as 5.3.0"))
        #expect(state.configs.first?.config.versions.intervals.first?.from?.text == "5.4.0")
        // Esc on the changed form asks; "n" keeps it.
        state.type(.escape)
        #expect(state.overlay == .confirmDiscard)
        state.type(.char("n"))
        guard case .versions = state.overlay else {
            Issue.record("'n' lost the form")
            return
        }
    }

    @Test(
        "a question asked over a panel keeps the panel's layout while the picture is zoomed: the push under its prune question"
    )
    func questionOverPanelWhileZoomed() async throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        let push = FakePush(
            planned: .success(PushReply(lines: ["2 only on the server"], serverOnly: 2)),
            sent: .success(PushReply(lines: ["done"])),
            prunePlanned: .success(PushReply(lines: ["  delete a"], plan: TUIFixtures.plan)))
        let runner = EffectRunner(documents: FakeDocuments(), push: push)
        await state.press(.char("z"), with: runner)
        #expect(state.canvasZoomed)
        await state.press(.char("P"), with: runner)
        let panelLayout = state.layout
        await state.press(.char("x"), with: runner)
        #expect(state.overlay == .confirmPrune(count: 2))
        #expect(state.overlay.isQuestion && !AppState.Overlay.push(PushPanel(lines: [], busy: false)).isQuestion)
        // The panel stays where it was, drawn under the question.
        #expect(state.layout == panelLayout)
        #expect(state.screenText.contains("2 only on the server"))
    }

    @Test("push offers to delete the configs only on the server, after a question")
    func pruneAfterQuestion() async throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        let push = FakePush(
            planned: .success(PushReply(lines: ["2 only on the server"], serverOnly: 2)),
            sent: .success(PushReply(lines: ["done: 2 deleted"])),
            prunePlanned: .success(PushReply(lines: ["  delete a", "  delete b"], plan: TUIFixtures.plan)))
        let runner = EffectRunner(documents: FakeDocuments(), push: push)
        await state.press(.char("P"), with: runner)
        #expect(state.screenText.contains("x deletes the 2 only on the server"))
        await state.press(.char("x"), with: runner)
        #expect(state.overlay == .confirmPrune(count: 2))
        #expect(state.screenText.contains("Delete the 2 that are only on the server, from the server?"))
        // "n" goes back to the panel as it was.
        await state.press(.char("n"), with: runner)
        guard case .push(let panel) = state.overlay else {
            Issue.record("'n' closed the panel")
            return
        }
        #expect(panel.serverOnly == 2)
        await state.press(.char("x"), with: runner)
        #expect(state.handle(.key(.char("y"))) == [.planPush(appKey: "shop-ios", prune: true)])
        await state.drive([.planPush(appKey: "shop-ios", prune: true)], with: runner)
        #expect(state.screenText.contains("delete a"))
        await state.press(.enter, with: runner)
        #expect(state.screenText.contains("done: 2 deleted"))
    }

    @Test("import notes: pointed to on opening, explained a key away")
    func notesPanel() throws {
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: "/nonexistent",
            size: Size(width: 120, height: 40),
            notes: [
                "Appium page sources have no view controllers: the window is the page",
                "Appium page sources have no index paths: a cell's row is its place among its list's cells",
            ])
        #expect(state.status.contains("press i"))
        state.type(.char("i"))
        let screen = state.screenText
        #expect(screen.contains("What this import could not know (2)"))
        #expect(screen.contains("Pages are unknown here"))
        #expect(screen.contains("its place on the screen, not its place in the"))
        state.type(.escape)
        #expect(state.overlay == .none)
        var plain = try TUIFixtures.state()
        plain.type(.char("i"))
        #expect(plain.overlay == .none)
        #expect(plain.status.contains("nothing is missing"))
    }
}

@Suite("What import notes mean")
struct NoteMeaningTests {
    @Test("each importer's notes get the meaning that fits them, not the first word that matches")
    func meanings() {
        let cases: [(String, String)] = [
            ("Maestro's hierarchy has no activities or fragments: the window is the page", "Pages are unknown here"),
            (
                "the dump has no addresses, so it has no view controllers: the top view is the page",
                "Pages are unknown here"
            ),
            (
                "3 activities with views: took .MainActivity (resumed); the others can be taken with --activity NAME",
                "several screens"
            ),
            ("Sensors Analytics gives frames in window coordinates, clipped to what is visible", "approximate"),
            ("2 windows (top-level nodes) are kept side by side under the root", "Several windows"),
            ("Maestro's iOS nodes carry no class, so they are named UIButton, UILabel or UIView", "made-up one"),
            ("bounds are in screen pixels (the dump has no density)", "pixels rather than points"),
        ]
        for (note, meaning) in cases {
            #expect(NoteMeaning.explain(note).contains(meaning), "\(note)")
        }
    }
}
