import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import Synchronization
import Testing

@testable import LassoTUI

/// A counter that answers what it is told, and remembers what it was asked.
final class FakeCounter: TapCounter {
    let answer: @Sendable (TapCountRequest) -> TapCounts
    let asked = Mutex<[TapCountRequest]>([])

    init(_ answer: @escaping @Sendable (TapCountRequest) -> TapCounts) { self.answer = answer }

    func count(_ request: TapCountRequest) async throws -> TapCounts {
        asked.withLock { $0.append(request) }
        return answer(request)
    }
}

@Suite("Named events: the form, the list, undo, counts and the heat map")
struct NamedEventTests {
    /// A state on a real configs folder and in-memory definitions, with the first 加入购物车 button's config saved.
    struct Setup {
        var state: AppState
        let folder: String
        let counter: FakeCounter?

        /// The real folders: configs and named events on disk, the counter a fake.
        var runner: EffectRunner {
            EffectRunner(
                documents: ConfigsFolder(root: folder), push: NoPushService(), counter: counter)
        }

        /// The effects that run in the background (counts), asked for and not done yet.
        var pending: [Effect] = []

        /// Does the disk's effects at once through the runner; returns the others (counting, network), which also
        /// wait in `pending`.
        @discardableResult
        mutating func run(_ effects: [Effect]) -> [Effect] {
            var queue = effects
            var rest: [Effect] = []
            while !queue.isEmpty {
                let effect = queue.removeFirst()
                if effect.needsNetwork || effect == .repaint {
                    rest.append(effect)
                } else if let outcome = runner.performOnDisk(effect) {
                    queue += state.reduce(outcome)
                }
            }
            pending += rest
            return rest
        }

        @discardableResult
        mutating func type(_ keys: Key...) -> [Effect] {
            var pending: [Effect] = []
            for key in keys { pending += run(state.handle(.key(key))) }
            return pending
        }

        mutating func typeText(_ text: String) { for character in text { run(state.handle(.key(.char(character)))) } }

        /// Does the background effects as the loop would, each in a task, feeding each answer back, until none is
        /// left; returns how many ran.
        @discardableResult
        mutating func finishPending() async -> Int {
            var ran = 0
            while !pending.isEmpty {
                let effect = pending.removeFirst()
                ran += 1
                if let outcome = await runner.perform(effect) { run(state.reduce(outcome)) }
            }
            return ran
        }
    }

    static func setup(
        logs: [String] = [], counter: FakeCounter? = nil, width: Int = 120, height: Int = 40
    ) throws -> Setup {
        let folder = TUIFixtures.folder()
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        let state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: folder,
            size: Size(width: width, height: height), logs: logs)
        var setup = Setup(state: state, folder: folder, counter: counter)
        setup.run(setup.state.startEffects)
        return setup
    }

    /// The setup with the first button circled and its title saved as a config.
    static func configured(logs: [String] = [], counter: FakeCounter? = nil) throws -> (Setup, Int) {
        var setup = try setup(logs: logs, counter: counter)
        let button = TUIFixtures.node("加入购物车", in: setup.state)
        setup.state.reduce(.select(node: button))
        // Filled the way a person does: the key path typed, the key name, then Enter.
        setup.type(.char("c"), .down, .down, .down)
        setup.typeText("title")
        setup.type(.down)
        setup.type(.ctrl("u"))
        setup.typeText("buttonTitle")
        setup.type(.enter)
        return (setup, button)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("m on a view with no config says what to do first, and opens nothing")
    func nameNeedsAConfig() throws {
        var setup = try Self.setup()
        setup.state.reduce(.select(node: TUIFixtures.node("加入购物车", in: setup.state)))
        setup.type(.char("m"))
        #expect(setup.state.overlay == .none)
        #expect(setup.state.message?.kind == .warning)
        #expect(setup.state.status.contains("c circles it"))
    }

    @Test("after a save the status offers naming the event; m opens the form on the config, its value picked")
    func offeredAfterSave() throws {
        var (setup, button) = try Self.configured()
        #expect(setup.state.configs.count == 1)
        #expect(setup.state.status.contains("m names an event here"))
        setup.type(.char("m"))
        guard case .event(let form) = setup.state.overlay else {
            Issue.record("the event form did not open: \(setup.state.status)")
            return
        }
        #expect(form.node == button)
        #expect(form.source?.keyName == "buttonTitle")
        #expect(form.matchCount == 1)
        #expect(form.choices == ["加入购物车"])
        #expect(form.picked == ["加入购物车"])
        #expect(form.content == [ContentCondition(key: "buttonTitle", .equals("加入购物车"))])
        #expect(setup.state.keyContext == .event)
    }

    @Test("Location: Space on the row makes it any row; the matches and the sentence follow")
    func anyPosition() throws {
        var (setup, _) = try Self.configured()
        setup.type(.char("m"))
        // The cursor starts on the last segment (the button); the row is the one before.
        setup.type(.left)
        setup.type(.char(" "))
        guard case .event(let form) = setup.state.overlay else { throw Failure("no form") }
        #expect(form.matchCount == 2)
        #expect(form.pattern.segments.contains { if case .cell(_, nil) = $0.index { true } else { false } })
        let text = setup.state.screenText
        #expect(text.contains("2 views on this screen"))
        #expect(text.contains("on the UIButton in any ProductCell on HomeViewController"))
        #expect(text.contains("whose buttonTitle is 加入购物车"))
    }

    @Test("the key follows the name until typed; Enter saves an equals condition, and u takes it back")
    func saveAndUndo() throws {
        var (setup, _) = try Self.configured()
        setup.type(.char("m"), .down, .down)
        setup.typeText("Add to cart")
        guard case .event(let named) = setup.state.overlay else { throw Failure("no form") }
        #expect(named.key.text == "add_to_cart")
        let effects = setup.state.reduce(.submit)
        guard case .save(.event(let definition), over: .nothing)? = effects.first else {
            Issue.record("no save asked: \(effects)")
            return
        }
        #expect(definition.name == "Add to cart")
        #expect(definition.key == "add_to_cart")
        #expect(definition.appKey == "shop-ios")
        #expect(definition.viewEvent == setup.state.configs[0].config.viewEvent)
        #expect(definition.content == [ContentCondition(key: "buttonTitle", .equals("加入购物车"))])
        #expect(definition.versions.description.contains("5.3.0"))
        setup.run(effects)
        #expect(setup.state.overlay == .none)
        #expect(setup.state.definitions.map(\.definition.id) == [definition.id])
        #expect(Self.eventFiles(setup.folder) == ["shop-ios/events/add_to_cart-\(definition.shortID).json"])
        #expect(setup.state.status.hasPrefix("saved the event “Add to cart” (add_to_cart)"))
        #expect(setup.state.undoStep == .removeNew(setup.state.definitions[0].stored))
        setup.type(.char("u"))
        #expect(setup.state.definitions.isEmpty)
        #expect(Self.eventFiles(setup.folder).isEmpty)
        #expect(setup.state.status.hasPrefix("undone: the new event “Add to cart” removed"))
    }

    @Test("a typed key is kept when the name changes; a Chinese name proposes a key from the reported key")
    func typedKeyKept() throws {
        var (setup, _) = try Self.configured()
        setup.type(.char("m"), .down, .down)
        setup.typeText("热门推荐")
        guard case .event(let chinese) = setup.state.overlay else { throw Failure("no form") }
        #expect(chinese.key.text == "button_title_button_click")
        setup.type(.down, .ctrl("u"))
        setup.typeText("hot_entry")
        setup.type(.up)
        setup.typeText("入口")
        guard case .event(let form) = setup.state.overlay else { throw Failure("no form") }
        #expect(form.key.text == "hot_entry")
        #expect(EventForm.key(from: "entranceTitle Click", fallback: "x") == "entrance_title_click")
    }

    @Test("Space on a second value picks both: the condition becomes one of them; Ctrl-U counts every tap")
    func severalValues() throws {
        var (setup, _) = try Self.configured()
        setup.type(.char("m"))
        guard case .event(var form) = setup.state.overlay else { throw Failure("no form") }
        form.choices = ["加入购物车", "立即购买"]
        form.picked = ["加入购物车"]
        form.field = .content
        form.choiceCursor = 1
        form.togglePick()
        #expect(form.content == [ContentCondition(key: "buttonTitle", .oneOf(["加入购物车", "立即购买"]))])
        form.togglePick()
        #expect(form.content == [ContentCondition(key: "buttonTitle", .equals("加入购物车"))])
        setup.type(.down)
        setup.type(.ctrl("u"))
        guard case .event(let cleared) = setup.state.overlay else { throw Failure("no form") }
        #expect(cleared.picked.isEmpty)
        #expect(cleared.content.isEmpty)
        #expect(setup.state.screenText.contains("every tap, whatever buttonTitle it reports"))
    }

    @Test("a name is asked for in words; a conflict the folder refuses shows in the form, and nothing is written")
    func refusals() throws {
        var (setup, _) = try Self.configured()
        setup.type(.char("m"), .enter)
        guard case .event(let empty) = setup.state.overlay else { throw Failure("no form") }
        #expect(empty.message?.text.hasPrefix("name: expected a name") == true)
        setup.type(.down, .down)
        setup.typeText("Add to cart")
        setup.type(.enter)
        #expect(setup.state.definitions.count == 1)
        // The same key again, for the same versions: the folder refuses it.
        setup.type(.char("m"), .down, .down)
        setup.typeText("Cart adds")
        setup.type(.down, .ctrl("u"))
        setup.typeText("add_to_cart")
        setup.type(.enter)
        guard case .event(let refused) = setup.state.overlay else { throw Failure("the form closed on a conflict") }
        #expect(refused.message?.kind == .error)
        #expect(refused.message?.text.contains("add_to_cart") == true)
        #expect(setup.state.definitions.count == 1)
        #expect(Self.eventFiles(setup.folder).count == 1)
    }

    static func eventFiles(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            $0.contains("/events/") && $0.hasSuffix(".json")
        }
    }

    /// The configured setup with one event saved, named "Add to cart".
    static func withEvent(logs: [String] = [], counter: FakeCounter? = nil) throws -> Setup {
        var (setup, _) = try configured(logs: logs, counter: counter)
        setup.type(.char("m"), .down, .down)
        setup.typeText("Add to cart")
        setup.type(.enter)
        return setup
    }

    @Test("the configs list shows the event under its own heading; e edits it, d deletes it, u puts it back")
    func listEditDelete() throws {
        var setup = try Self.withEvent()
        let saved = try #require(setup.state.definitions.first?.definition)
        setup.type(.char("L"))
        let text = setup.state.screenText
        #expect(text.contains("1 named event ·"))
        #expect(text.contains("Named events · what a back end counts"))
        #expect(text.contains("◆ “Add to cart”  add_to_cart"))
        setup.type(.char("j"), .char("e"))
        guard case .event(let form) = setup.state.overlay else { throw Failure("the edit form did not open") }
        #expect(form.editingID == saved.id)
        #expect(form.picked == ["加入购物车"])
        setup.type(.down, .down, .down, .down, .down, .down)
        setup.typeText("for the cart team")
        setup.type(.enter)
        #expect(setup.state.definitions.first?.definition.note == "for the cart team")
        #expect(setup.state.definitions.first?.definition.id == saved.id)
        guard case .configs(let list) = setup.state.overlay else { throw Failure("not back in the list") }
        #expect(list.selected == 1)
        setup.type(.char("u"))
        #expect(setup.state.definitions.first?.definition.note == nil)
        setup.type(.char("d"))
        #expect(setup.state.overlay == .confirmDelete(.event, id: saved.id))
        #expect(setup.state.screenText.contains("Delete the named event “Add to cart” (add_to_cart)"))
        setup.type(.char("y"))
        #expect(setup.state.definitions.isEmpty)
        setup.type(.char("u"))
        #expect(setup.state.definitions.map(\.definition.id) == [saved.id])
        #expect(setup.state.status.contains("put back"))
    }

    @Test("an event file changed on disk since it was read is not written over without asking")
    func changedOnDisk() throws {
        var setup = try Self.withEvent()
        let saved = try #require(setup.state.definitions.first?.definition)
        setup.type(.char("L"), .char("j"), .char("e"))
        // An editor changes the file behind the UI's back.
        let file = try #require(setup.state.definitions.first?.file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try (text + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        _ = saved
        setup.type(.down, .down, .down, .down, .down, .down)
        setup.typeText("mine")
        setup.type(.enter)
        guard case .confirmOverwrite(let changed) = setup.state.overlay else {
            Issue.record("no question asked: \(setup.state.overlay)")
            return
        }
        #expect(changed.how == .changed)
        setup.type(.char("n"))
        #expect(setup.state.definitions.first?.definition.note == nil)
        #expect(setup.state.status.hasPrefix("kept"))
    }

    @Test("with --log the count runs in the background; keys work meanwhile; the list, details and heat map show it")
    func counting() async throws {
        let counter = FakeCounter { request in
            var counts = TapCounts(records: 1200, skipped: 2)
            for config in request.configs { counts.configs[config.id] = 700 }
            for definition in request.definitions {
                counts.definitions[definition.id] = 640
                counts.definitionDays[definition.id] = [100, 0, 300, 240]
            }
            let button = request.viewPaths.firstIndex { $0.segments.last?.name == "UIButton" } ?? 0
            counts.views[button] = 640
            counts.views[button + 2] = 60
            return counts
        }
        var setup = try Self.withEvent(logs: ["clicks.jsonl"], counter: counter)
        // The saves asked for counts; the first is running, the next waits for it.
        #expect(setup.state.counting)
        #expect(setup.state.screenText.contains("counting…"))
        setup.type(.char("j"))
        setup.type(.char("k"))
        #expect(setup.state.overlay == .none)
        // The count started before the config was saved, then one for the config and the event (the saves
        // during the first were noted, and counted once when it ended).
        let ran = await setup.finishPending()
        #expect(ran == 2)
        #expect(setup.state.counting == false)
        let asked = counter.asked.withLock { $0 }
        #expect(asked.last?.definitions.map(\.name) == ["Add to cart"])
        #expect(asked.last?.configs.count == 1)
        #expect(setup.state.counts?.records == 1200)
        #expect(setup.state.status.contains("counted 1200 records in the log (2 lines were not records"))
        let details = setup.state.screenText
        #expect(details.contains("Taps"))
        #expect(details.contains("640 on this view in the logs"))
        #expect(details.contains("700 · buttonTitle (ButtonClick)"))
        #expect(details.contains("640 · “Add to cart” add_to_cart"))
        setup.type(.char("L"))
        let list = setup.state.screenText
        #expect(list.contains("700 taps"))
        #expect(list.contains("640 counted"))
        // Its days as a sparkline (a day with none blank), and the last day's count beside it.
        #expect(list.contains("640 counted  ▃ █▇ 240 on the last"), "\(list)")
        setup.type(.escape, .char("t"))
        #expect(setup.state.heatMap)
        let canvas = setup.state.screenText
        #expect(canvas.contains("taps ░1 ▒161 ▓321 █481–640"))
        // The other button's 60 taps are the lightest shade.
        #expect(canvas.contains("░"))
        setup.type(.char("t"))
        #expect(!setup.state.screenText.contains("taps ░1"))
    }

    @Test("a recount after a save is silent: the save's words (where the file went, m) stay on the status line")
    func recountKeepsTheSaveMessage() throws {
        var setup = try Self.setup(logs: ["clicks.jsonl"], counter: FakeCounter { _ in TapCounts() })
        _ = setup.state.reduce(.tapsCounted(.success(TapCounts(records: 5))))
        #expect(setup.state.status.contains("counted 5 records in the log"))
        setup.state.say(.info("saved url (ListItemClick) to kvc-configs/shop-ios/url-1.json (m names an event here)"))
        _ = setup.state.reduce(.tapsCounted(.success(TapCounts(records: 6))))
        #expect(setup.state.counts?.records == 6)
        #expect(setup.state.status.contains("m names an event here"))
        #expect(!setup.state.status.contains("counted 6 records"))
    }

    @Test("a save during a count is counted again when the count ends; no logs: t says how to get numbers")
    func recount() throws {
        var setup = try Self.setup(logs: ["clicks.jsonl"], counter: FakeCounter { _ in TapCounts() })
        #expect(setup.state.counting)
        let first = setup.state.reduce(.tapsCounted(.success(TapCounts(records: 5))))
        #expect(first.isEmpty)
        // Nothing changed: the folder read again is not counted again.
        #expect(setup.run([.load(.config), .load(.event), .load(.hook)]).isEmpty)
        var (configured, _) = try Self.configured(logs: ["clicks.jsonl"], counter: FakeCounter { _ in TapCounts() })
        #expect(configured.state.counting)
        configured.type(.char("m"), .down, .down)
        configured.typeText("Add to cart")
        let pending = configured.type(.enter)
        #expect(pending.isEmpty)
        let again = configured.state.reduce(.tapsCounted(.success(TapCounts())))
        guard case .countTaps(let request)? = again.first else {
            Issue.record("no second count: \(again)")
            return
        }
        #expect(request.definitions.map(\.name) == ["Add to cart"])
        var plain = try Self.setup()
        plain.type(.char("t"))
        #expect(!plain.state.heatMap)
        #expect(plain.state.status.contains("--log"))
    }

    @Test("the UI loop reads the named events again when a file appears in an events folder (a git pull)")
    @MainActor
    func loopNoticesEventFiles() async throws {
        let setup = try Self.withEvent()
        defer { try? FileManager.default.removeItem(atPath: setup.folder) }
        let saved = try #require(setup.state.definitions.first)
        let text = try String(contentsOfFile: saved.file, encoding: .utf8)
        let pulled =
            text.replacingOccurrences(of: saved.definition.id, with: "0badc0de-0000-4000-8000-000000000002")
            .replacingOccurrences(of: "add_to_cart", with: "add_to_cart_pulled")
        let screen = ScriptedScreen([])
        screen.load(
            [
                ScriptLine(event: nil) {
                    let folder = (saved.file as NSString).deletingLastPathComponent
                    try? pulled.write(
                        toFile: folder + "/add_to_cart_pulled-0badc0de.json", atomically: true, encoding: .utf8)
                }
            ] + Array(repeating: ScriptLine(event: nil), count: 250))
        let state = await UILoop(screen: screen, runner: setup.runner).run(setup.state)
        #expect(state.definitions.map(\.definition.key).sorted() == ["add_to_cart", "add_to_cart_pulled"])
    }

    @Test("an event of another screen is listed as not on this screen; e says how to edit it, Enter where it is not")
    func eventOfAnotherScreen() throws {
        var setup = try Self.setup()
        let elsewhere = EventDefinition(
            appKey: "shop-ios", name: "Checkout", key: "checkout_click", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("CartViewController[0]/UIView[0]/UIButton[0]"))
        try EventDirectory(root: setup.folder).save(elsewhere, replacing: [])
        setup.run([.load(.event)])
        setup.type(.char("L"))
        #expect(setup.state.screenText.contains("◆ “Checkout”  checkout_click  every version  not on this screen"))
        setup.type(.enter)
        #expect(setup.state.status.contains("no view on this screen is where it counts"))
        setup.type(.char("e"))
        #expect(setup.state.status.contains("lasso event edit \(elsewhere.shortID)"))
        guard case .configs = setup.state.overlay else { throw Failure("the list closed") }
        setup.type(.char("n"))
        #expect(setup.state.status.contains("is a named event already"))
    }

    @Test("the heat of a view off the screen (a banner scrolled away) is not painted at the canvas's edge")
    func heatOffScreen() async throws {
        // shop-home's first banner lies left of the screen (the carousel shows the second).
        let offScreen = FakeCounter { request in
            let first = request.viewPaths.firstIndex { $0.description.hasSuffix("BannerCell[0:0]") } ?? 0
            return TapCounts(views: [first: 500], records: 500)
        }
        var (state, runner) = try await GoldenStates.shopHome(
            Size(width: 120, height: 40), definitions: [], counter: offScreen)
        await state.keys(.char("s"), .char("t"), with: runner)
        let canvas = state.lines(in: state.layout.canvas)
        #expect(canvas.last?.contains("taps ░1 ▒126 ▓251 █376–500") == true)
        #expect(!canvas.dropLast().contains { $0.contains("█") || $0.contains("▓") })
    }
}
