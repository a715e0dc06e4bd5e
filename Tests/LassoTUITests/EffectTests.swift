import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Synchronization
import Testing

/// A configs folder in memory, every kind of document in it: listings that saves and deletes change, and that
/// succeed or fail as told.
final class FakeDocuments: DocumentRepository {
    private let stored: Mutex<[DocumentKind: StoredListing]>
    let saveFailure: LassoError?
    let removeFailure: LassoError?

    init(
        stored: ConfigListing = ConfigListing(), definitions: [EventDirectory.Entry] = [],
        saveFailure: LassoError? = nil, removeFailure: LassoError? = nil
    ) {
        self.stored = Mutex([.config: stored.stored, .event: EventDirectory.Listing(entries: definitions).stored])
        self.saveFailure = saveFailure
        self.removeFailure = removeFailure
    }

    func listing(_ kind: DocumentKind) -> StoredListing {
        stored.withLock { $0[kind] ?? StoredListing(kind: kind) }
    }

    func save(_ document: Document, replacing entries: [StoredEntry]) throws -> String {
        if let saveFailure { throw saveFailure }
        let file = document.file(in: "memory")
        stored.withLock { all in
            var listing = all[document.kind] ?? StoredListing(kind: document.kind)
            listing.entries.removeAll { $0.document.id == document.id }
            listing.entries.append(StoredEntry(document: document, file: file))
            all[document.kind] = listing
        }
        return file
    }

    func remove(_ entry: StoredEntry) throws {
        if let removeFailure { throw removeFailure }
        stored.withLock { $0[entry.document.kind]?.entries.removeAll { $0.document.id == entry.document.id } }
    }
}

/// A config server that answers as told.
struct FakePush: PushService {
    var planned: Result<PushReply, EffectFailure>
    var sent: Result<PushReply, EffectFailure>
    /// The plan answered when asked to prune (the plain one when not given).
    var prunePlanned: Result<PushReply, EffectFailure>? = nil

    func plan(appKey: String?, prune: Bool) async throws -> PushReply {
        try (prune ? prunePlanned ?? planned : planned).get()
    }
    func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply { try sent.get() }
}

extension AppState {
    /// Does every effect through `runner`, feeding the outcomes back, as the terminal loop does.
    mutating func drive(_ effects: [Effect], with runner: EffectRunner) async {
        var queue = effects
        while !queue.isEmpty {
            if let outcome = await runner.perform(queue.removeFirst()) { queue += reduce(outcome) }
        }
    }

    mutating func press(_ key: Key, with runner: EffectRunner) async {
        await drive(handle(.key(key)), with: runner)
    }
}

@Suite("Effects: the reducer asks, the runner does, failures are shown")
struct EffectTests {
    static let config = KVCConfig(
        appKey: "shop-ios", versions: VersionRanges([]), viewEvent: "ButtonClick",
        viewPath: try! PathNotation.parse(
            "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]"),
        notation: .lasso, hash: .md5, conditions: [], keyPath: "superview.model.productId", keyName: "productId",
        note: nil)
    static let entry = ConfigDirectory.Entry(config: config, file: "memory/shop-ios/productId.json")
    static let broken = ConfigListing.Problem(
        file: "memory/shop-ios/price.json", message: "1:12: $.keyPath: expected a string, found 42")
    static let noPush = FakePush(
        planned: .failure(EffectFailure("unused")), sent: .failure(EffectFailure("unused")))

    func started(_ configs: FakeDocuments, push: FakePush = noPush) async throws -> (AppState, EffectRunner) {
        var state = try TUIFixtures.state(width: 120, height: 40, configs: "/nonexistent/never-read")
        let runner = EffectRunner(documents: configs, push: push)
        await state.drive(state.startEffects, with: runner)
        return (state, runner)
    }

    @Test("the reducer asks for the configs folder instead of reading it")
    func startAsksForConfigs() throws {
        let state = try TUIFixtures.state()
        #expect(state.startEffects == [.load(.config), .load(.event), .load(.hook)])
    }

    @Test("a broken config file is named, with what is wrong, in the status line and the configs list")
    func brokenConfigShown() async throws {
        var (state, runner) = try await started(
            FakeDocuments(stored: ConfigListing(entries: [Self.entry], problems: [Self.broken])))
        #expect(state.configs == [Self.entry])
        #expect(state.brokenConfigs == [Self.broken])
        #expect(state.message?.kind == .error)
        #expect(state.status.contains("cannot read memory/shop-ios/price.json"))
        await state.press(.char("L"), with: runner)
        let screen = state.screenText
        #expect(screen.contains("⚠ cannot read memory/shop-ios/price.json"))
        #expect(screen.contains("$.keyPath: expected a string, found 42"))
        #expect(screen.contains("● productId  ButtonClick"))
    }

    @Test("a real folder with a broken file still lists the good one")
    func realFolderListing() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let directory = ConfigDirectory(root: folder)
        let file = try directory.save(Self.config, replacing: [])
        try FileManager.default.createDirectory(atPath: folder + "/shop-ios", withIntermediateDirectories: true)
        try Data("{\"id\": 3".utf8).write(to: URL(fileURLWithPath: folder + "/shop-ios/broken-00000000.json"))
        let listing = directory.listing()
        #expect(listing.entries.map(\.file) == [file])
        #expect(listing.problems.count == 1)
        #expect(listing.problems.first?.file == folder + "/shop-ios/broken-00000000.json")
        #expect(listing.problems.first?.message.contains("expected") == true)
    }

    @Test("a save goes through the repository; its failure stays in the open form")
    func saveAndItsFailure() async throws {
        var (state, runner) = try await started(FakeDocuments())
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        let form: [Key] = [.char("c"), .down, .down, .down]
        for key in form { await state.press(key, with: runner) }
        for character in "superview.model.productId" { await state.press(.char(character), with: runner) }
        await state.press(.down, with: runner)
        for character in "productId" { await state.press(.char(character), with: runner) }
        var failing = state
        let effects = state.handle(.key(.enter))
        guard case .save(.config(let config), _) = effects.first else {
            Issue.record("Enter asked for \(effects), not a save")
            return
        }
        #expect(config.keyPath == "superview.model.productId")
        // The id is the state's stamp, not one the reducer made: the same state and keys give the same config.
        #expect(config.id == state.nextStamp.id)
        var again = failing
        #expect(again.handle(.key(.enter)) == effects)
        // Nothing is written by the reducer: the form is still open until the runner answers.
        guard case .circle = state.overlay else {
            Issue.record("the form closed before the save was done")
            return
        }
        await state.drive(effects, with: runner)
        #expect(state.overlay == .none)
        #expect(
            state.message
                == .info(
                    "saved productId (ButtonClick) to memory/shop-ios/productId-\(config.shortID).json (u undoes · m names an event here)"
                )
        )
        #expect(state.lastSave == "saved productId (ButtonClick) to memory/shop-ios/productId-\(config.shortID).json")
        // Once a document is made with it, the runner gives the next one a stamp of its own.
        #expect(state.nextStamp.id != config.id)
        #expect(state.reduce(.stamped(DocumentStamp(id: "fixed", added: "2026-11-25T00:00:00.000Z"))).isEmpty)
        #expect(state.nextStamp == DocumentStamp(id: "fixed", added: "2026-11-25T00:00:00.000Z"))

        let diskFull = EffectRunner(
            documents: FakeDocuments(saveFailure: LassoError(.cannotWrite, "memory: no space left on device")),
            push: Self.noPush)
        await failing.press(.enter, with: diskFull)
        guard case .circle(let open) = failing.overlay else {
            Issue.record("a failed save closed the form")
            return
        }
        #expect(open.message == .error("memory: no space left on device"))
        #expect(failing.screenText.contains("no space left on device"))
        #expect(failing.lastSave == nil)
    }

    @Test("a delete goes through the repository; its failure is said and the config stays")
    func deleteAndItsFailure() async throws {
        let listed = ConfigListing(entries: [Self.entry])
        var (state, _) = try await started(FakeDocuments(stored: listed))
        let failing = EffectRunner(
            documents: FakeDocuments(
                stored: listed, removeFailure: LassoError(.cannotWrite, "memory: permission denied")),
            push: Self.noPush)
        await state.press(.char("L"), with: failing)
        await state.press(.char("d"), with: failing)
        #expect(state.overlay == .confirmDelete(.config, id: Self.config.id))
        #expect(state.handle(.key(.char("y"))) == [.delete(Self.entry.stored, checked: true)])
        state.reduce(.deleted(.config, .failure(EffectFailure("memory: permission denied"))))
        #expect(state.message == .error("memory: permission denied"))
        #expect(state.configs == [Self.entry])
        #expect(state.screenText.contains("productId"))

        let working = EffectRunner(documents: FakeDocuments(stored: listed), push: Self.noPush)
        await state.press(.char("d"), with: working)
        await state.press(.char("y"), with: working)
        #expect(state.message == .info("deleted memory/shop-ios/productId.json (u puts it back)"))
        #expect(state.configs.isEmpty)
    }

    @Test(
        "push carries every kind: Enter sends the configs' and the definitions' steps as one plan; prune asks for both")
    func pushCarriesEveryKind() async throws {
        let definition = EventDefinition(
            appKey: "shop-ios", name: "热门推荐入口点击", key: "home_hot_entrance_click",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.3.0"))]), viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("HomeViewController[0]/EntranceButton[*]"), content: [])
        let plan = PushPlan.joined([
            PushPlan.make(
                local: [StoredEntry(document: .config(Self.config), file: "c.json")],
                remote: RemoteDocuments(kind: .config), prune: false),
            PushPlan.make(
                local: [StoredEntry(document: .event(definition), file: "e.json")],
                remote: RemoteDocuments(kind: .event), prune: false),
        ])
        #expect(plan.steps.map(\.kind) == [.config, .event])
        let words = DocumentCounts.toSend(plan).words + " to send"
        #expect(words == "1 config and 1 event definition to send")
        let reply = PushReply(
            lines: ["plan for shop-ios: 1 create, 1 update", words], plan: plan, serverOnly: 2,
            serverOnlyNames: ["oldBanner (ButtonClick, c0ffee00)", "cart_p1003 (event definition, 1c9e7a2b)"])
        var (state, runner) = try await started(
            FakeDocuments(),
            push: FakePush(planned: .success(reply), sent: .success(PushReply(lines: ["done: 2 sent"]))))
        await state.press(Key.char("P"), with: runner)
        #expect(state.screenText.contains("1 config and 1 event definition to send"))
        #expect(state.handle(.key(.char("x"))).isEmpty)
        #expect(state.overlay == .confirmPrune(count: 2))
        #expect(
            state.screenText.contains("(event definition,") && state.screenText.contains("1c9e7a2b)), from the server?")
        )
        #expect(state.handle(.key(.char("n"))).isEmpty)
        #expect(state.handle(.key(.enter)) == [.sendPush(plan, appKey: "shop-ios")])
        #expect(
            state.reduce(.pushSent(.success(PushReply(lines: ["done: 2 sent"])))) == [
                .load(.config), .load(.event), .load(.hook),
            ])
        #expect(DocumentCounts([.event: 1]).words + " " + DocumentCounts([.event: 1]).verb == "1 event definition is")
        #expect(DocumentCounts().words == "nothing")
    }

    @Test("push in the Sensors and Mixpanel profiles says where the SDK fetches what was pushed")
    func pushSaysTheSDKRoute() async throws {
        let plan = PushReply(
            lines: ["plan for shop-ios: 1 create", "  create    productId-3c1f0a9e"], plan: TUIFixtures.plan)
        for (profile, words) in [
            (SDKProfile.sensors, "http://127.0.0.1:8080/config/visualized/iOS.conf?app_id=shop-ios"),
            (.mixpanel, "http://127.0.0.1:8080/decide?token=shop-ios"),
        ] {
            var settings = ProjectSettings(appKey: "shop-ios", server: "http://127.0.0.1:8080/")
            settings.chosenProfile = profile
            let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
            var state = AppState(
                table: PathTable(snapshot), settings: settings, configsFolder: "/nonexistent/never-read",
                size: Size(width: 120, height: 40))
            let runner = EffectRunner(
                documents: FakeDocuments(),
                push: FakePush(planned: .success(plan), sent: .success(PushReply(lines: ["done"]))))
            await state.drive(state.startEffects, with: runner)
            await state.press(.char("P"), with: runner)
            #expect(state.handle(.key(.enter)) == [.sendPush(TUIFixtures.plan, appKey: "shop-ios")])
            _ = state.reduce(.pushSent(.success(PushReply(lines: ["done"]))))
            #expect(state.screenText.contains(words), "\(profile): \(state.screenText)")
            // A failed push says nothing of where the SDK fetches.
            _ = state.reduce(.pushSent(.success(PushReply(lines: ["cannot"], failed: true))))
            #expect(!state.screenText.contains(words), "\(profile)")
        }
    }

    @Test("push: the plan and the result come from the service; a failure is said in the panel")
    func pushThroughTheService() async throws {
        let plan = PushReply(
            lines: ["plan for shop-ios: 1 create", "  create    productId-3c1f0a9e"], plan: TUIFixtures.plan)
        let done = PushReply(lines: ["done: 1 sent"])
        var (state, runner) = try await started(
            FakeDocuments(), push: FakePush(planned: .success(plan), sent: .success(done)))
        await state.press(.char("P"), with: runner)
        #expect(state.overlay == .push(PushPanel(lines: plan.lines, busy: false, plan: TUIFixtures.plan)))
        #expect(state.handle(.key(.enter)) == [.sendPush(TUIFixtures.plan, appKey: "shop-ios")])
        #expect(state.screenText.contains("Sending…"))
        #expect(state.reduce(.pushSent(.success(done))) == [.load(.config), .load(.event), .load(.hook)])
        #expect(state.screenText.contains("done: 1 sent"))

        let down = EffectRunner(
            documents: FakeDocuments(),
            push: FakePush(
                planned: .failure(EffectFailure("http://127.0.0.1:9: connection refused")),
                sent: .failure(EffectFailure("unused"))))
        await state.press(.escape, with: down)
        await state.press(.char("P"), with: down)
        #expect(
            state.overlay
                == .push(
                    PushPanel(lines: ["cannot push: http://127.0.0.1:9: connection refused"], busy: false, failed: true)
                ))
        #expect(state.screenText.contains("cannot push: http://127.0.0.1:9: connection refused"))
    }

    @Test("the reducer's sources touch neither the disk nor the network")
    func reducerIsPure() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LassoTUI/State")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let forbidden = [
            " try?", "(try?", "FileManager", "FileBytes", "AtomicFile", "fopen", "LassoClient", "HTTPClient", ".load()",
            ".listing()", "directory.save", ".remove(entry", "import Foundation\nimport Dispatch",
        ]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for word in forbidden { #expect(!text.contains(word), "\(file) uses \(word)") }
        }
    }
}
