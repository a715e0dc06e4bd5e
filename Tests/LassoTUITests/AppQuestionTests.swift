import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

/// A screen that names no app: the first save asks which app it is of, writes `lasso.json`, and saves on, the form
/// as it was; questions wrap at 80 and 120 columns and never cut a choice.
@Suite("The app-key question and wrapped questions")
struct AppQuestionTests {
    /// The fixture's screen without its app.
    static let anonymous = TUIFixtures.screen.replacingOccurrences(
        of: #""app": {"key": "shop-ios", "version": "5.3.0"}, "#, with: "")

    /// A state on the anonymous screen whose settings file is `lasso.json` in a fresh folder (not there yet).
    func state(width: Int = 120, height: Int = 40) throws -> (AppState, folder: String) {
        let folder = TUIFixtures.folder()
        let snapshot = try SnapshotLoader.load(bytes: Array(Self.anonymous.utf8), file: "chat-list.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(file: folder + "/lasso.json"),
            configsFolder: folder + "/kvc-configs", size: Size(width: width, height: height))
        state.run(state.startEffects)
        return (state, folder)
    }

    func question(_ state: AppState) -> AppQuestion? {
        if case .askApp(let question) = state.overlay { return question }
        return nil
    }

    @Test("saving with no app key asks, prefilled; the answer is written to lasso.json and the save goes on")
    func askAndSave() throws {
        var (state, folder) = try state()
        #expect(state.screenText.hasPrefix("lasso · no app key (no version) · "))
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down, .down, .right)
        state.type(.enter)
        let asked = try #require(question(state))
        #expect(asked.appKey.text == "chat-list")
        #expect(asked.file == folder + "/lasso.json")
        #expect(state.screenText.contains("Which app is this screen of?"))
        #expect(state.underQuestion != .none)
        // Typed over the guess; the version goes to the form's From.
        state.type(.ctrl("u"))
        state.typeText("chat-ios")
        state.type(.down)
        state.typeText("2.1.0")
        state.type(.enter)
        #expect(state.overlay == .none)
        #expect(state.message?.text.contains("appKey chat-ios written to \(folder)/lasso.json") == true)
        #expect(state.screenText.hasPrefix("lasso · chat-ios 2.1.0 · "))
        let settings = try ProjectSettings.load(folder + "/lasso.json")
        #expect(settings.appKey == "chat-ios")
        let saved = try ConfigDirectory(root: folder + "/kvc-configs").load()
        #expect(saved.count == 1)
        #expect(saved.first?.config.appKey == "chat-ios")
        #expect(saved.first?.config.versions.description.contains("2.1.0") == true)
        // Asked once: the next save does not ask again.
        state.type(.char("c"), .down, .down, .right, .right)
        state.type(.enter)
        #expect(question(state) == nil)
    }

    @Test("the save after the question names the config file and lasso.json relative to the folder lasso runs in")
    func relativePaths() throws {
        var (state, folder) = try state()
        state.workingFolder = folder
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down, .down, .right)
        state.type(.enter)
        #expect(state.screenText.contains("Enter writes it to lasso.json"))
        state.type(.ctrl("u"))
        state.typeText("chat-ios")
        // The screen names no version: the release is asked too, and an empty one is refused.
        state.type(.enter)
        #expect(question(state)?.message?.text.contains("names no app version") == true)
        #expect(question(state)?.field == .version)
        state.typeText("2.1.0")
        state.type(.enter)
        let said = try #require(state.message?.text)
        #expect(said.hasPrefix("saved "), "\(said)")
        #expect(said.contains(" to kvc-configs/chat-ios/"), "\(said)")
        #expect(said.contains("appKey chat-ios written to lasso.json ("), "\(said)")
        #expect(!said.contains(folder), "\(said)")
        #expect(state.lastSave?.contains(folder) == false)
    }

    @Test("a form the save would refuse (no key path) says so first; the question comes for a config that can be saved")
    func formRefusedBeforeTheQuestion() throws {
        var (state, _) = try state()
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"))
        state.type(.enter)
        #expect(question(state) == nil, "\(state.overlay)")
        guard case .circle(let form) = state.overlay else {
            Issue.record("the form is gone: \(state.overlay)")
            return
        }
        #expect(form.message?.kind == .refusal, "\(String(describing: form.message))")
        #expect(form.message?.text.contains("key path") == true, "\(String(describing: form.message))")
        state.type(.down, .down, .right)
        state.type(.enter)
        #expect(question(state) != nil)
    }

    @Test("Esc goes back to the form as it was, nothing written; a bad key is refused in words")
    func backAndRefused() throws {
        var (state, folder) = try state()
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down, .down, .right)
        guard case .circle(let before) = state.overlay else { throw CancellationError() }
        state.type(.enter)
        state.type(.ctrl("u"))
        state.typeText("a/b")
        state.type(.enter)
        #expect(question(state)?.message?.text.contains("cannot name a folder") == true)
        state.type(.escape)
        #expect(state.overlay == .circle(before))
        #expect(!FileManager.default.fileExists(atPath: folder + "/lasso.json"))
        #expect(state.message?.text.contains("nothing was saved") == true)
    }

    @Test("P with no app key asks first, then plans the push for the answer")
    func pushAsks() throws {
        var (state, _) = try state()
        #expect(state.type(.char("P")) == [])
        #expect(question(state)?.then == .push)
        state.type(.ctrl("u"))
        state.typeText("chat-ios")
        #expect(state.type(.enter) == [.planPush(appKey: "chat-ios", prune: false)])
        if case .push = state.overlay {} else { Issue.record("the push panel is not open: \(state.overlay)") }
    }

    @Test(
        "the server question: an address typed whole replaces the http:// offered, one without a scheme gets it",
        arguments: [
            ([], "http://127.0.0.1:18931", "http://127.0.0.1:18931"),
            ([], " 127.0.0.1:18931 ", "http://127.0.0.1:18931"),
            // The offer edited first (→), then a whole address typed after it.
            ([Key.right], "https://lasso.example", "https://lasso.example"),
            ([Key.right], "127.0.0.1:9", "http://127.0.0.1:9"),
        ])
    func serverAddress(_ keys: [Key], _ typed: String, _ written: String) throws {
        let folder = TUIFixtures.folder()
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "chat-list.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(file: folder + "/lasso.json", appKey: "shop-ios"),
            configsFolder: folder + "/kvc-configs", size: Size(width: 120, height: 40))
        state.run(state.startEffects)
        // As `lasso open` starts it where lasso.json names no server.
        state.needsServer = true
        state.type(.char("P"))
        let asked = try #require(question(state))
        #expect(asked.kind == .server)
        #expect(asked.server.text == "http://")
        #expect(state.screenText.contains("What is filled in is a guess"))
        for key in keys { state.type(key) }
        state.typeText(typed)
        #expect(state.type(.enter) == [.planPush(appKey: "shop-ios", prune: false)])
        #expect(try ProjectSettings.load(folder + "/lasso.json").server == written)
    }

    @Test("an address with a second scheme is no address; an answer is trimmed and keeps one scheme")
    func doubledScheme() {
        #expect(!ServerAddress.isUsable("http://http://127.0.0.1:1"))
        #expect(ServerAddress.isUsable("http://127.0.0.1:1/v1"))
        #expect(ServerAddress.answered("\thttps://https://x ") == "https://x")
        #expect(ServerAddress.answered("ftp://x") == "ftp://x")
        #expect(!ServerAddress.isUsable(ServerAddress.answered("ftp://x")))
        #expect(ServerAddress.answered("  ") == "")
    }

    @Test("questions wrap at 80 and 120 columns: every key of the answer shows whole")
    func wrapped() throws {
        for width in [80, 120] {
            var (state, _) = try state(width: width, height: width == 80 ? 24 : 40)
            var texts: [String] = []
            state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
            state.type(.char("c"), .down, .down, .right)
            state.type(.ctrl("c"))
            texts.append(state.screenText)
            for item in Keymap.items(for: .confirm) {
                #expect(texts.last!.contains(item), "\(width) columns: \(item)")
            }
            #expect(texts.last!.contains("The form has unsaved changes. Quit anyway?"))
            state.type(.char("n"))
            state.type(.enter)
            let screen = state.screenText
            for item in Keymap.items(for: .appQuestion) { #expect(screen.contains(item), "\(width) columns: \(item)") }
            let start = try #require(screen.range(of: "Which app is this screen of?"))
            let box = String(screen[start.lowerBound...])
            #expect(!box.contains("…"), "\(width) columns: something is cut\n\(screen)")
        }
    }
}
