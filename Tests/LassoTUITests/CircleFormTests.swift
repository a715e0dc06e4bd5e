import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("The circle form")
struct CircleFormTests {
    func formOnButton(_ folder: String = TUIFixtures.folder()) throws -> AppState {
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"))
        return state
    }

    /// The form on the button with `keyPath` read under `name`, saved with Enter.
    func saved(_ folder: String, keyPath: String, name: String) throws -> AppState {
        var state = try formOnButton(folder)
        state.type(.down, .down, .down)
        state.typeText(keyPath)
        state.type(.down)
        state.typeText(name)
        state.type(.enter)
        return state
    }

    func form(_ state: AppState) -> CircleForm? {
        if case .circle(let form) = state.overlay { return form }
        return nil
    }

    @Test("the events that apply come first; ←/→ choose")
    func eventsFirst() throws {
        var state = try formOnButton()
        #expect(form(state)?.event == "ButtonClick")
        #expect(state.screenText.contains("◂ ButtonClick ▸  applies to this view"))
        state.type(.right)
        #expect(form(state)?.event == "Exposure")
        state.type(.right)
        #expect(state.screenText.contains("does not apply to this view"))
    }

    @Test("location toggles put * in an index and the match count follows")
    func locationToggles() throws {
        var state = try formOnButton()
        state.type(.down)
        #expect(state.screenText.contains("matches 1 view on this screen"))
        state.type(.left)
        state.type(.char(" "))
        #expect(
            form(state)?.pattern.description
                == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]")
        #expect(state.screenText.contains("matches 2 views on this screen"))
        #expect(!state.screenText.contains("more than one"))
        // "Any" on a plain position (the button among its siblings) widens more than a row does: a warning.
        state.type(.right, .right)
        state.type(.char(" "))
        #expect(state.screenText.contains("matches 2 views on this screen — “any”"))
    }

    @Test("the key path's value shows as the user types, with the event the SDK would send; Tab completes")
    func liveValue() throws {
        var state = try formOnButton()
        state.type(.down, .down, .down)
        state.typeText("superview.model.prod")
        state.type(.tab)
        #expect(form(state)?.keyPath.text == "superview.model.productId")
        state.type(.down)
        state.typeText("productId")
        let text = state.screenText
        #expect(text.contains("= \"P1002\"") || text.contains("= \"P1001\""))
        #expect(text.contains("sends {\"event\":\"ButtonClick\",\"productId\":"))
    }

    @Test("Enter saves through the core; the status line says where")
    func saves() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try saved(folder, keyPath: "superview.model.productId", name: "productId")
        #expect(state.overlay == .none)
        #expect(state.status.hasPrefix("saved productId (ButtonClick) to \(folder)/shop-ios/productId-"))
        let entries = try ConfigDirectory(root: folder).load()
        #expect(entries.count == 1)
        #expect(entries[0].config.keyPath == "superview.model.productId")
        #expect(entries[0].config.versions.description == "5.3.0 on")
        // The same again (a new config beside the one the button has: "n") is a conflict, shown, nothing written.
        state.type(.char("c"))
        #expect(state.screenText.contains("This view already has the config productId"))
        state.type(.char("n"), .down, .down, .down)
        state.typeText("superview.model.productId")
        state.type(.down)
        state.typeText("productId")
        state.type(.enter)
        #expect(form(state)?.message?.text.contains("conflict") == true)
        #expect(try ConfigDirectory(root: folder).load().count == 1)
    }

    @Test("refusals: an event that does not apply, private text, a key path giving nothing; Ctrl-F overrides")
    func refusals() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("secret", in: state)))
        state.type(.char("c"), .down, .down, .down)
        state.typeText("text")
        state.type(.down)
        state.typeText("nickname")
        state.type(.enter)
        #expect(form(state)?.message?.text.hasPrefix("refused: this key path reads a text field's text") == true)
        state.type(.up, .up, .up, .up, .right, .right, .right)
        state.type(.enter)
        #expect(form(state)?.message?.text.contains("does not apply") == true)
        state.type(.ctrl("f"))
        #expect(state.overlay == .none)
        #expect(try ConfigDirectory(root: folder).load().count == 1)
    }

    @Test("Esc cancels; q with unsaved changes asks first")
    func cancelAndQuit() throws {
        var state = try formOnButton()
        state.type(.down, .down, .down)
        state.typeText("model")
        state.type(.ctrl("c"))
        #expect(state.overlay == .confirmQuit)
        #expect(!state.shouldQuit)
        #expect(state.screenText.contains("Quit anyway?"))
        // "No" keeps the form as it was.
        state.type(.char("n"))
        #expect(form(state)?.keyPath.text == "model")
        // Esc on a changed form asks too; "no" keeps it, "yes" closes it.
        state.type(.escape)
        #expect(state.overlay == .confirmDiscard)
        #expect(state.screenText.contains("Close the form and lose its changes?"))
        #expect(state.screenText.contains("Key path"))
        state.type(.char("n"))
        #expect(form(state)?.keyPath.text == "model")
        state.type(.escape, .char("y"))
        #expect(state.overlay == .none)
        // An unchanged form closes with Esc at once.
        state.type(.char("c"))
        state.type(.escape)
        #expect(state.overlay == .none)
    }

    @Test("the configs list marks what matches here; Enter jumps, d deletes after asking")
    func configsList() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try saved(folder, keyPath: "superview.model.price", name: "price")
        let button = state.cursor
        state.type(.char("g"))
        state.type(.char("L"))
        let text = state.screenText
        #expect(text.contains("● price  ButtonClick"))
        #expect(text.contains("1 here"))
        state.type(.enter)
        #expect(state.cursor == button)
        state.type(.char("L"), .char("d"))
        #expect(state.screenText.contains("Delete the config price"))
        state.type(.char("y"))
        #expect(try ConfigDirectory(root: folder).load().isEmpty)
    }

    @Test("the configs list opened right after a save shows its own keys on the status line, not the save's words")
    func listKeysAfterASave() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try saved(folder, keyPath: "superview.model.price", name: "price")
        #expect(state.message?.text.hasPrefix("saved price") == true)
        state.type(.char("L"))
        let bottom = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(!bottom.contains("saved price"), "\(bottom)")
        #expect(bottom.contains("d delete"), "\(bottom)")
    }
}

@Suite("Pushing from the UI")
struct PushPanelTests {
    @Test("P asks the runner for the plan; Enter asks it to send only when the plan can be applied")
    func pushEffects() throws {
        var state = try TUIFixtures.state()
        #expect(state.type(.char("P")) == [.planPush(appKey: "shop-ios", prune: false)])
        #expect(state.screenText.contains("Reading the server's configs…"))
        #expect(state.type(.enter) == [])
        state.reduce(
            .pushPlanned(
                .success(
                    PushReply(
                        lines: ["plan for shop-ios: 1 create", "  create    productId-3c1f0a9e"], plan: TUIFixtures.plan
                    ))
            )
        )
        #expect(state.screenText.contains("Enter sends this plan"))
        #expect(state.type(.enter) == [.sendPush(TUIFixtures.plan, appKey: "shop-ios")])
        state.reduce(.pushSent(.failure(EffectFailure("no server"))))
        #expect(state.screenText.contains("cannot push: no server"))
        #expect(state.type(.enter) == [])
        state.type(.escape)
        #expect(state.overlay == .none)
    }
}

@Suite("Location in plain words")
struct LocationWordsTests {
    @Test("the index under the cursor is said in plain words, and Space flips it")
    func plainWords() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down)
        #expect(state.screenText.contains("▸ UIButton: this one only (number 0 here)"))
        #expect(state.screenText.contains("Space: any position here"))
        state.type(.left)
        #expect(state.screenText.contains("▸ ProductCell: this row only (row 0)"))
        #expect(state.screenText.contains("any row of this list"))
        state.type(.char(" "))
        #expect(state.screenText.contains("▸ ProductCell: any row of this list"))
        #expect(state.screenText.contains("this row only"))
        #expect(state.screenText.contains("matches 2 views on this screen"))
    }
}

@Suite("Picking the value to report")
struct ValuePickerTests {
    @Test("the button offers its cell's model fields; a pick fills key path and key name, and shows every row's value")
    func pickFromCell() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down)
        // Any row of the list: the location's cell index.
        state.type(.left, .char(" "))
        state.type(.down)
        guard case .circle(var form) = state.overlay else {
            Issue.record("no form")
            return
        }
        #expect(form.valueChoices.contains { $0.keyPath == "superview.model.productId" })
        // → until the product id is picked; no key path typed.
        var steps = 0
        while form.keyPath.text != "superview.model.productId" && steps < form.valueChoices.count {
            state.type(.right)
            if case .circle(let now) = state.overlay { form = now }
            steps += 1
        }
        #expect(form.keyPath.text == "superview.model.productId")
        #expect(form.keyName.text == "productId")
        let screen = state.screenText
        #expect(screen.contains("← superview.model.productId"))
        #expect(screen.contains("on the 2 matched views: \"P1001\", \"P1002\""))
        // A key name the person typed is kept by the next pick.
        state.type(.down, .down)
        state.type(.ctrl("u"))
        state.typeText("sku")
        state.type(.up, .up, .right)
        if case .circle(let now) = state.overlay { form = now }
        #expect(form.keyName.text == "sku")
        #expect(form.keyPath.text != "superview.model.productId")
    }

    @Test("the candidates: the row's business values first, then what the view shows; each gives a value")
    func candidates() throws {
        let state = try TUIFixtures.state(width: 120, height: 40)
        let button = TUIFixtures.node("加入购物车", in: state)
        let list = ValueCandidates.list(for: button, in: state.table)
        // The seed's point: the row's model (productId) leads, before the labels beside the button.
        #expect(list.first?.keyPath.hasSuffix("model.productId") == true, "\(list.prefix(3).map(\.keyPath))")
        #expect(list.first?.group == .model)
        #expect(list.first?.source.hasPrefix("the row ProductCell") == true)
        let title = try #require(list.firstIndex { $0.keyPath == "title" })
        #expect(list[title].source == "this button UIButton")
        #expect(list[..<title].allSatisfy { $0.group == .model })
        let price = try #require(list.first { $0.keyPath.hasSuffix("model.price") })
        #expect(price.value == .number("99") || price.value == .number("199"))
        #expect(list.allSatisfy { $0.value != .null })
        #expect(!list.contains { $0.keyPath.hasSuffix("text") && $0.keyPath.contains("secret") })
    }

    @Test("a screen that names no app version: saving asks for its release once instead of holding in every version")
    func versionlessScreen() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = TUIFixtures.screen.replacingOccurrences(of: #", "version": "5.3.0""#, with: "")
        var state = try TUIFixtures.state(text, width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"), .down, .down, .down)
        state.typeText("superview.model.productId")
        state.type(.down)
        state.typeText("productId")
        state.type(.enter)
        #expect(state.screenText.contains("Which release is this screen of?"))
        #expect(try ConfigDirectory(root: folder).load().isEmpty)
        // An empty release is refused; the answer becomes the config's From and the screen's version.
        state.type(.enter)
        #expect(state.screenText.contains("names no app version"))
        state.typeText("5.2.0")
        state.type(.enter)
        #expect(state.overlay == .none)
        #expect(try ConfigDirectory(root: folder).load().first?.config.versions.description == "5.2.0 on")
        #expect(state.screenText.hasPrefix("lasso · shop-ios 5.2.0 · "))
    }

    @Test("the release question offers lasso.json's appVersion, else the newest release a config here starts from")
    func versionlessOffered() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = TUIFixtures.screen.replacingOccurrences(of: #", "version": "5.3.0""#, with: "")
        // The first session circles the first row's button, the next ones the second row's.
        func circleAndSave(_ state: inout AppState, row: Int = 1) {
            let buttons = state.snapshot.indices.filter { state.snapshot.title(of: $0) == "加入购物车" }
            state.reduce(.select(node: buttons[row]))
            state.type(.char("c"), .down, .down, .down)
            state.typeText("superview.model.productId")
            state.type(.down)
            state.typeText("productId")
            state.type(.enter)
        }
        // The first session: nothing to offer; 5.2.0 is written.
        var first = try TUIFixtures.state(text, width: 120, height: 40, configs: folder)
        circleAndSave(&first, row: 0)
        #expect(!first.screenText.contains("Offered:"))
        first.typeText("5.2.0")
        first.type(.enter)
        // The next session on the folder: 5.2.0 is offered, said, and Enter takes it.
        var next = try TUIFixtures.state(text, width: 120, height: 40, configs: folder)
        circleAndSave(&next)
        #expect(next.screenText.contains("Which release is this screen of?"))
        #expect(next.screenText.contains("Offered: 5.2.0, the"))
        guard case .askApp(let offered) = next.overlay else {
            Issue.record("no release question: \(next.overlay)")
            return
        }
        #expect(offered.version.text == "5.2.0")
        #expect(offered.versionOffered == "the newest release a config of this app starts from")
        // lasso.json's appVersion comes first.
        var settings = ProjectSettings(file: folder + "/lasso.json")
        settings.appVersion = "5.4.0"
        let snapshot = try SnapshotLoader.load(bytes: Array(text.utf8), file: "tui.json")
        next = AppState(
            table: PathTable(snapshot), settings: settings, configsFolder: folder, size: Size(width: 120, height: 40))
        next.run(next.startEffects)
        circleAndSave(&next)
        #expect(next.screenText.contains("Offered: 5.4.0,"))
        next.type(.enter)
        let saved = try ConfigDirectory(root: folder).load().map(\.config.versions.description)
        #expect(saved.sorted() == ["5.2.0 on", "5.4.0 on"])
        // lasso.json's release is its app's: a screen that names another app, with no config yet, is offered none.
        settings.appKey = "settings"
        let otherApp = try SnapshotLoader.load(
            bytes: Array(text.replacingOccurrences(of: #""key": "shop-ios""#, with: #""key": "shop-android""#).utf8),
            file: "other.json")
        var other = AppState(
            table: PathTable(otherApp), settings: settings, configsFolder: folder, size: Size(width: 120, height: 40))
        other.run(other.startEffects)
        circleAndSave(&other)
        #expect(other.screenText.contains("Which release is this screen of?"), "\(other.screenText)")
        #expect(!other.screenText.contains("Offered:"), "\(other.screenText)")
    }

    @Test("a version typed over the one offered replaces it; ← or ⌫ first edits the offer instead")
    func typedOverOffer() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = TUIFixtures.screen.replacingOccurrences(of: #", "version": "5.3.0""#, with: "")
        var settings = ProjectSettings(file: folder + "/lasso.json")
        settings.appVersion = "5.3.0"
        let snapshot = try SnapshotLoader.load(bytes: Array(text.utf8), file: "tui.json")
        func asked() -> AppState {
            var state = AppState(
                table: PathTable(snapshot), settings: settings, configsFolder: folder,
                size: Size(width: 80, height: 24))
            state.run(state.startEffects)
            let buttons = state.snapshot.indices.filter { state.snapshot.title(of: $0) == "加入购物车" }
            state.reduce(.select(node: buttons[0]))
            state.type(.char("c"), .down, .down, .right)
            state.type(.enter)
            return state
        }
        func version(_ state: AppState) -> TextField? {
            if case .askApp(let question) = state.overlay { return question.version }
            return nil
        }
        var replaced = asked()
        #expect(version(replaced)?.offered == true)
        #expect(replaced.screenText.contains("typing replaces it"))
        replaced.typeText("1.0.0")
        #expect(version(replaced)?.text == "1.0.0")
        #expect(version(replaced)?.offered == false)
        #expect(!replaced.screenText.contains("typing replaces it"))
        var edited = asked()
        edited.type(.backspace)
        edited.typeText("1")
        #expect(version(edited)?.text == "5.3.1")
        var moved = asked()
        moved.type(.left)
        moved.typeText("9")
        #expect(version(moved)?.text == "5.3.90")
        // What was offered stays said as offered; the app key is no field of this question, so ↑ and typing cannot
        // change the project's app key; Esc says what was missing.
        #expect(moved.screenText.contains("Offered:"))
        #expect(moved.screenText.contains("5.3.0, appVersion in"))
        moved.type(.up)
        moved.typeText("x")
        if case .askApp(let question) = moved.overlay {
            #expect(question.fields == [.version])
            #expect(question.field == .version)
            #expect(question.appKey.text == "shop-ios")
            #expect(question.version.text == "5.3.9x0")
        } else {
            Issue.record("no question: \(moved.overlay)")
        }
        #expect(!moved.screenText.contains("app key ↔ version"))
        moved.type(.escape)
        #expect(moved.status.contains("the release its screen is of"), "\(moved.status)")
    }

    /// The sample home screen opened with `profile` set, its configs folder `folder` read.
    static func sample(profile: SDKProfile, folder: String) throws -> AppState {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Snapshots/shop-home.json").path
        var settings = ProjectSettings()
        settings.chosenProfile = profile
        var state = AppState(
            table: PathTable(try SnapshotLoader.load(path: sample)), settings: settings, configsFolder: folder,
            size: Size(width: 120, height: 40))
        state.run(state.startEffects)
        return state
    }

    static func circle(_ state: AppState) -> CircleForm? {
        if case .circle(let form) = state.overlay { return form }
        return nil
    }

    @Test("a key path that reads another field on another row is said, and Ctrl-G takes the one named by identity")

    func steadyValue() throws {
        let text = #"""
            {"format": "lasso.snapshot/1", "app": {"key": "feed", "version": "1.0"}, "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
              {"class": "UIView", "viewController": {"class": "FeedViewController"}, "frame": [0, 0, 390, 844], "children": [
                {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "frame": [0, 0, 390, 800], "children": [
                  {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "frame": [0, 0, 390, 100], "children": [
                    {"class": "UILabel", "text": "标题一", "frame": [10, 10, 200, 20]},
                    {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"], "frame": [300, 10, 60, 30]}]},
                  {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "frame": [0, 100, 390, 100], "children": [
                    {"class": "UIImageView", "frame": [10, 10, 20, 20]},
                    {"class": "UILabel", "text": "标题二", "frame": [40, 10, 200, 20]},
                    {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"], "frame": [300, 10, 60, 30]}]}]}]}]}}
            """#
        var state = try TUIFixtures.state(text, width: 120, height: 40)
        let button = try #require(state.snapshot.indices.first { state.snapshot.title(of: $0) == "关注" })
        state.reduce(.select(node: button))
        // Any row of the list, and a key path by position.
        state.type(.char("c"), .down, .left, .char(" "), .down, .down)
        state.typeText("superview.subviews[0].text")
        #expect(
            Self.circle(state)?.preview.mixed
                == "the text of 1 × the 1st UIImageView in the row, 1 × the 1st UILabel in the row")
        #expect(Self.circle(state)?.preview.steady?.keyPath == "superview.views[UILabel:0].text")
        #expect(state.screenText.contains("not the same field on every row"))
        state.type(.ctrl("g"))
        #expect(Self.circle(state)?.keyPath.text == "superview.views[UILabel:0].text")
        #expect(Self.circle(state)?.preview.mixed == nil)
        #expect(Self.circle(state)?.preview.matchedValues == [.string("标题一"), .string("标题二")])
    }

    @Test("a value's view missing from one row is absent there: Ctrl-G keeps the rows that have it, by a condition")
    func narrowedRows() throws {
        let text = #"""
            {"format": "lasso.snapshot/1", "app": {"key": "chat", "version": "1.0"}, "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
              {"class": "UIView", "viewController": {"class": "ChatViewController"}, "frame": [0, 0, 390, 844], "children": [
                {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "frame": [0, 0, 390, 800], "children": [
                  {"class": "MessageCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "frame": [0, 0, 390, 100], "children": [
                    {"class": "UILabel", "accessibilityIdentifier": "message_text", "text": "你好", "frame": [10, 10, 200, 20]}]},
                  {"class": "MessageCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "frame": [0, 100, 390, 100], "children": [
                    {"class": "VoiceNoteView", "superclasses": ["UIView"], "frame": [10, 10, 200, 40]}]},
                  {"class": "MessageCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 2], "frame": [0, 200, 390, 100], "children": [
                    {"class": "UILabel", "accessibilityIdentifier": "message_text", "text": "在吗", "frame": [10, 10, 200, 20]}]}]}]}]}}
            """#
        var state = try TUIFixtures.state(text, width: 120, height: 40)
        let cell = try #require(state.snapshot.indices.first { state.snapshot.className(of: $0) == "MessageCell" })
        state.reduce(.select(node: cell))
        state.type(.char("c"), .down, .char(" "), .down, .down)
        state.typeText("views[#message_text].text")
        // The same field, missing from the voice note's row: absent there, not another field.
        #expect(Self.circle(state)?.preview.mixed == nil)
        #expect(Self.circle(state)?.preview.absent == "absent on 1 of 3 rows")
        #expect(state.screenText.contains("the value is absent on 1 of 3 rows"))
        #expect(Self.circle(state)?.preview.steady == nil)
        #expect(Self.circle(state)?.preview.narrowing?.rows == 2)
        #expect(state.screenText.contains("Ctrl-G keeps the 2 rows that"))
        state.type(.ctrl("g"))
        #expect(Self.circle(state)?.conditions.text == "views[#message_text].hidden=false")
        #expect(Self.circle(state)?.preview.matchCount == 2)
        #expect(Self.circle(state)?.preview.mixed == nil)
    }

    @Test("a config in an SDK's dialect, edited from the list, opens the circle form and keeps its dialect")
    func editDialectConfig() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UIButton[0]"
        let config = KVCConfig(
            appKey: "shop-ios", versions: VersionRanges([VersionInterval(from: AppVersion("5.3.0"))]),
            viewEvent: "ButtonClick", pattern: try SensorsDialect.read(path), profile: .sensors,
            keyPath: "superview.model.productId", keyName: "productId")
        _ = try ConfigDirectory(root: folder).save(config, replacing: [])
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        state.type(.char("L"), .char("e"))
        let form = try #require(Self.circle(state), "\(state.overlay)")
        #expect(state.profile(of: form) == .sensors)
        #expect(form.preview.sdkPath == path)
        #expect(form.preview.matchCount == 2)
        state.type(.enter)
        let saved = try ConfigDirectory(root: folder).load()
        #expect(saved.count == 1)
        #expect(saved.first?.config.profile == .sensors)
        #expect(saved.first?.config.viewPathText == path)
    }

    @Test("in the Mixpanel profile the form says the key name is sent as the event, or why a view binds nothing")
    func mixpanelSays() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Snapshots/shop-home.json").path
        let snapshot = try SnapshotLoader.load(path: sample)
        var settings = ProjectSettings()
        settings.chosenProfile = .mixpanel
        var state = AppState(
            table: PathTable(snapshot), settings: settings, configsFolder: folder, size: Size(width: 120, height: 40))
        state.run(state.startEffects)
        // A price label: no control, so the SDK binds no tap there.
        state.reduce(.select(node: 32))
        state.type(.char("c"), .char("n"))
        guard let label = Self.circle(state) else {
            Issue.record(
                "no circle form: \(String(describing: state.overlay).prefix(300)) \(state.screenText.suffix(400))")
            return
        }
        #expect(label.preview.sdkNote?.contains("not sent to Mixpanel SDKs: ") == true, "\(label.preview)")
        state.type(.escape)
        // The cart button: bound, the key name sent as the event. A picked value proposes no key name there (it
        // would become the event's name), and the form asks for the event instead of showing lasso's payload.
        state.reduce(.select(node: 34))
        state.type(.char("c"), .down, .down, .right)
        guard let picked = Self.circle(state) else {
            Issue.record("no circle form: \(String(describing: state.overlay).prefix(300))")
            return
        }
        #expect(!picked.keyPath.text.isEmpty && picked.keyName.text.isEmpty, "\(picked.keyName.text)")
        #expect(state.screenText.contains("the event Mixpanel SDKs send (add_to_cart)"))
        #expect(!state.screenText.contains("sends {"))
        state.type(.down, .ctrl("u"))
        state.typeText("accessibilityIdentifier")
        state.type(.down)
        state.typeText("add_to_cart")
        guard let button = Self.circle(state) else {
            Issue.record("no circle form: \(String(describing: state.overlay).prefix(300))")
            return
        }
        #expect(button.event == "ButtonClick")
        #expect(
            button.preview.sdkNote?.contains("send “add_to_cart” as the event, without the value") == true,
            "\(button.preview)")
        #expect(state.screenText.contains("Mixpanel SDKs send"))
        state.type(.enter)
        let saved = try ConfigDirectory(root: folder).load()
        #expect(saved.count == 1, "\(state.overlay)")
        #expect(saved.first?.config.mixpanel?.binding == .control(controlEvent: 64, verifyEvent: 1))
    }

    @Test(
        "in a Sensors project the value list offers only what the SDK reads: element contents, no models or labels of images"
    )
    func sensorsValues() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try Self.sample(profile: .sensors, folder: folder)
        state.reduce(.select(node: 34))
        state.type(.char("c"))
        let form = try #require(Self.circle(state), "\(state.overlay)")
        // The button's title, then its row's labels: each the content sa-sdk-ios v4.9.1 reads off that element
        // (UIView+SAVisualProperties.m L159-349).
        #expect(
            form.valueChoices.map(\.keyPath) == [
                "title", "superview.superview.views[UILabel:0].text", "superview.superview.views[UILabel:1].text",
                "superview.superview.views[UILabel:2].text",
            ], "\(form.valueChoices.map(\.keyPath))")
        #expect(form.valueChoices.map(\.value.stringValue).first == "加入购物车")
    }

    @Test("in a Sensors project the event form names the event in Sensors' words and saves it for Sensors records")
    func sensorsEvent() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try Self.sample(profile: .sensors, folder: folder)
        state.reduce(.select(node: 34))
        state.type(.char("c"), .down, .left, .left, .char(" "), .down, .down)
        state.typeText("superview.views[UILabel:0].text")
        state.type(.down)
        state.typeText("product_name")
        state.type(.enter)
        let circled = try #require(try ConfigDirectory(root: folder).load().first?.config)
        #expect(circled.profile == .sensors && circled.viewPathText.contains("[-]"), "\(circled.viewPathText)")
        state.type(.char("m"))
        guard case .event(let form) = state.overlay else {
            Issue.record("no event form: \(String(describing: state.overlay).prefix(300))")
            return
        }
        #expect(form.profile == .sensors)
        #expect(
            form.records?.words
                == "counts what Sensors SDKs send as $AppClick at UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0] on ShopApp.HomeViewController (any row)",
            "\(form.records?.words ?? "none")")
        #expect(form.matchCount == 6)
        #expect(state.screenText.contains("counts what Sensors SDKs send as $AppClick"))
        state.type(.down, .down)
        state.typeText("加购")
        state.type(.down, .ctrl("u"))
        state.typeText("cart_sa")
        state.type(.enter)
        let saved = try EventDirectory(root: folder).load()
        let definition = try #require(saved.first?.definition, "\(state.overlay)")
        #expect(definition.profile == .sensors)
        #expect(definition.screen == "ShopApp.HomeViewController")
        #expect(definition.viewPathText.contains("ShopKit.ProductCell[0][-]"))
    }

    @Test(
        "a page view named in the Sensors profile counts $AppViewScreen by its page alone: the form says so and saves no path"
    )
    func sensorsPageView() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = KVCConfig(
            appKey: "shop-ios", viewEvent: "PageView", pattern: try SDKProfile.sensors.read("UIView"),
            profile: .sensors, keyPath: "title", keyName: "page_title")
        _ = try ConfigDirectory(root: folder).save(config, replacing: [])
        var state = try Self.sample(profile: .sensors, folder: folder)
        // #9 is HomeViewController's root view.
        state.reduce(.select(node: 9))
        state.type(.char("m"))
        guard case .event(let form) = state.overlay else {
            Issue.record("no event form: \(String(describing: state.overlay).prefix(300))")
            return
        }
        #expect(form.event == "PageView")
        #expect(
            form.records?.words == "counts what Sensors SDKs send as $AppViewScreen on ShopApp.HomeViewController",
            "\(form.records?.words ?? "none")")
        #expect(state.screenText.contains("In words: PageView of the page ShopApp.HomeViewController"))
        #expect(state.screenText.contains("every page view counts"))
        state.type(.down, .down)
        state.typeText("首页浏览")
        state.type(.down, .ctrl("u"))
        state.typeText("home_pv")
        state.type(.enter)
        let definition = try #require(try EventDirectory(root: folder).load().first?.definition, "\(state.overlay)")
        #expect(definition.profile == .sensors && definition.isPageOnly)
        #expect(definition.viewPathText == "" && definition.screen == "ShopApp.HomeViewController")
    }

    @Test("in the PostHog profile a path that names many views is said to name classes, not positions")
    func postHogNamesClasses() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (profile, words) in [
            (SDKProfile.posthog, "a PostHog chain names classes"),
            (.lasso, "matches 1 view on this screen"),
        ] {
            var state = try Self.sample(profile: profile, folder: folder)
            state.reduce(.select(node: 34))
            state.type(.char("c"))
            #expect(state.screenText.contains(words), "\(profile): \(state.screenText.prefix(1200))")
            #expect(!state.screenText.contains("every index is “this one”"), "\(profile)")
        }
    }
}
