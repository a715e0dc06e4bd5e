import Foundation
import LassoCounting
import LassoDocuments
import LassoImage
import LassoImport
import LassoSnapshot
import LassoTUI
import Testing

/// The states the goldens show, on the samples of `Snapshots/`, each reached with the keys a person presses.
///
/// Nothing of the machine leaks into them: the configs folder is the relative `kvc-configs` of a fake repository
/// (never read), the configs have fixed ids, and the push server is a fake with fixed answers.
enum GoldenStates {
    static let configsFolder = "kvc-configs"
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    static func sample(_ file: String) -> String {
        GoldenScreen.packageRoot.appendingPathComponent("Snapshots/" + file).path
    }

    static func config(
        _ id: String, path: String, event: String, keyPath: String, keyName: String,
        versions: VersionRanges = VersionRanges(), note: String? = nil
    ) -> ConfigDirectory.Entry {
        let config = KVCConfig(
            id: id, appKey: "shop-ios", versions: versions, viewEvent: event,
            viewPath: try! PathNotation.parse(path), keyPath: keyPath, keyName: keyName, note: note)
        return ConfigDirectory.Entry(
            config: config, file: "\(configsFolder)/shop-ios/\(keyName)-\(config.shortID).json")
    }

    /// Three configs of shop-ios: two that match views of shop-home, one made for another page.
    static let listing = ConfigListing(entries: [
        config(
            "0d6f3a1e-5c2b-4e8f-9a71-3b5d2c8e4f10",
            path:
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]",
            event: "ButtonClick", keyPath: "superview.superview.model.productId", keyName: "productId",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.3.0"))])),
        config(
            "5b2c9e47-1a3d-4c6b-8e2f-7d9a0b1c3e5f",
            path: "HomeViewController[0]/UIView[0]/UICollectionView[0]/BannerCell[0:*]", event: "ListItemClick",
            keyPath: "banner.bannerId", keyName: "bannerId"),
        config(
            "9a41c7d2-3e5f-4a6b-b8c9-0d1e2f3a4b5c", path: "CartViewController[0]/UIView[0]/UIButton[0]",
            event: "ButtonClick", keyPath: "titleLabel.text", keyName: "checkout",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.2.0"), until: AppVersion("5.4.0"))]),
            note: "moved to the cart page in 5.4"),
    ])

    /// What the fake server answers to `P`: the plan `lasso push` prints for both kinds of document, with one config
    /// and one named event only on the server; the counts' words are the ones the push service writes.
    static let plan = PushReply(
        lines: [
            "plan for shop-ios on http://127.0.0.1:8080: 2 create, 1 update, 0 delete, 0 unchanged, 2 only on the server (kept; --prune deletes them)",
            "  create    productId-0d6f3a1e  kvc-configs/shop-ios/productId-0d6f3a1e.json",
            "  update    checkout-9a41c7d2  kvc-configs/shop-ios/checkout-9a41c7d2.json",
            "  create    home_hot_entrance_click-9b2f4e61  kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json  (event definition)",
            DocumentCounts([.config: 2, .event: 1]).words + " to send",
            DocumentCounts([.config: 1, .event: 1]).words
                + " are only on the server (deleted here, or made elsewhere): x deletes them there too, after a question",
        ], plan: TUIFixtures.plan, serverOnly: 2,
        serverOnlyNames: ["oldBanner (ButtonClick, 77aa01c2)", "cart_p1003 (event definition, 1c9e7a2b)"])

    static let push = FakePush(
        planned: .success(plan), sent: .success(PushReply(lines: ["done: 3 sent"])),
        prunePlanned: .success(PushReply(lines: ["  delete    oldBanner-77aa01c2"], plan: TUIFixtures.plan)))

    /// shop-home as `lasso open Snapshots/shop-home.json` opens it, with `listing` in its configs folder and,
    /// when asked, its screenshot (as a colour terminal shows it).
    static func shopHome(
        _ size: Size, listing: ConfigListing = listing, screenshot: Bool = false,
        definitions: [EventDirectory.Entry] = [], counter: FakeCounter? = nil
    ) async throws
        -> (AppState, EffectRunner)
    {
        let snapshot = try SnapshotLoader.load(path: sample("shop-home.json"))
        let image = screenshot ? ScreenshotLoader.load(for: snapshot).image : nil
        if screenshot { try #require(image != nil, "Snapshots/shop-home.png did not load") }
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: configsFolder, size: size,
            screenshot: image, logs: counter == nil ? [] : ["clicks.jsonl.gz"])
        let runner = EffectRunner(
            documents: FakeDocuments(stored: listing, definitions: definitions), push: push,
            counter: counter)
        await state.drive(state.startEffects, with: runner)
        return (state, runner)
    }

    /// A named event of shop-ios: taps on 加入购物车 in any product row whose product is P1003 or P1005.
    static let definition: EventDirectory.Entry = {
        let definition = EventDefinition(
            id: "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", appKey: "shop-ios", name: "加购 P1003/P1005",
            key: "add_to_cart_hot",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.3.0"))]), viewEvent: "ButtonClick",
            viewPath: try! PathNotation.parse(
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]"
            ), content: [ContentCondition(key: "productId", .oneOf(["P1003", "P1005"]))], note: "the two on promotion")
        return EventDirectory.Entry(
            definition: definition, file: "\(configsFolder)/shop-ios/events/add_to_cart_hot-7c1e2d3f.json")
    }()

    /// What the fake counter answers: the configs' and the event's counts, and taps on the product buttons.
    static let counter = FakeCounter { request in
        var counts = TapCounts(records: 48_210, skipped: 0)
        for (index, config) in request.configs.enumerated() { counts.configs[config.id] = [3_120, 860, 0][index % 3] }
        for definition in request.definitions { counts.definitions[definition.id] = 1_204 }
        // The product buttons, busiest first; the banner cells a few.
        let buttons = request.viewPaths.indices.filter { request.viewPaths[$0].segments.last?.name == "UIButton" }
        for (rank, node) in buttons.enumerated() { counts.views[node] = max(40, 900 - rank * 210) }
        let banners = request.viewPaths.indices.filter { request.viewPaths[$0].segments.last?.name == "BannerCell" }
        for node in banners { counts.views[node] = 260 }
        return counts
    }

    /// shop-home with the cursor on the first product's "加入购物车" button.
    static func onButton(_ size: Size) async throws -> (AppState, EffectRunner) {
        var (state, runner) = try await shopHome(size)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        return (state, runner)
    }

    /// The screen each pane's goldens show, at `size`.
    static func state(_ pane: GoldenPane, _ size: Size) async throws -> AppState {
        switch pane {
        case .outline:
            return try await shopHome(size).0
        case .screenshot:
            return try await shopHome(size, screenshot: true).0
        case .magnified:
            var (state, runner) = try await shopHome(size, screenshot: true)
            state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
            await state.keys(.char("+"), .char("+"), with: runner)
            return state
        case .zoom:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("z"), with: runner)
            return state
        case .search:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("/"), with: runner)
            await state.typeText("耳机", with: runner)
            return state
        case .help:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("?"), with: runner)
            return state
        case .circle:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), with: runner)
            return state
        case .hook:
            // The hook form on the button, the event typed, a condition and a value picked from the cell's values.
            var (state, runner) = try await onButton(size)
            await state.keys(.char("a"), with: runner)
            await state.typeText("add_to_cart", with: runner)
            await state.keys(.down, .right, .down, .right, .right, with: runner)
            return state
        case .circleLocation:
            // The cursor on the cell's segment, its row made "any".
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .down, .left, .left, .char(" "), with: runner)
            return state
        case .circleValue:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .down, .down, .right, with: runner)
            return state
        case .circleAnyValue:
            // Any row of the list (the rows differ: one is sold out), the value list open: taller than 80×24.
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .down, .left, .left, .char(" "), .down, .right, with: runner)
            return state
        case .circleAnyNote:
            // The same form with the note being written: the fields above scroll away, the note stays in sight.
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .down, .left, .left, .char(" "), .down, .right, with: runner)
            await state.keys(.down, .down, .down, .down, .down, .down, with: runner)
            await state.typeText("the row's add-to-cart", with: runner)
            return state
        case .circleKeyPath:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .down, .down, .down, with: runner)
            await state.typeText("superview.superview.model.", with: runner)
            await state.keys(.tab, with: runner)
            return state
        case .circleRefused:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .enter, with: runner)
            return state
        case .retarget:
            // The label inside the button: the form first offers the button.
            var (state, runner) = try await shopHome(size)
            state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state) + 1))
            await state.keys(.char("c"), with: runner)
            return state
        case .discard:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .right, .escape, with: runner)
            return state
        case .quit:
            var (state, runner) = try await onButton(size)
            await state.keys(.char("c"), .char("n"), .right, .ctrl("c"), with: runner)
            return state
        case .configs:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("L"), with: runner)
            return state
        case .configsEmpty:
            var (state, runner) = try await shopHome(size, listing: ConfigListing())
            await state.keys(.char("L"), with: runner)
            return state
        case .edit:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("L"), .char("e"), with: runner)
            return state
        case .overwrite:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("L"), with: runner)
            let entry = try #require(state.configs.first)
            state.reduce(
                .saved(
                    .config,
                    .failure(
                        EffectFailure(
                            "changed on disk",
                            changedOnDisk: ChangedOnDisk(
                                file: entry.file, how: .changed, goAhead: .save(.config(entry.config), over: .whatever))
                        ))
                ))
            return state
        case .delete:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("L"), .char("d"), with: runner)
            return state
        case .versions:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("L"), .char("j"), .char("j"), .char("e"), with: runner)
            return state
        case .push:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("P"), with: runner)
            return state
        case .prune:
            var (state, runner) = try await shopHome(size)
            await state.keys(.char("P"), .char("x"), with: runner)
            return state
        case .nameEvent:
            // Straight from the circled button: its config (productId, any row) feeds the event.
            var (state, runner) = try await onButton(size)
            await state.keys(.char("m"), .down, with: runner)
            return state
        case .nameEventAny:
            // Two products picked, the name typed: the key follows it.
            var (state, runner) = try await onButton(size)
            await state.keys(.char("m"), .down, .right, .right, .right, .right, .char(" "), .down, with: runner)
            await state.typeText("Hot products add to cart", with: runner)
            return state
        case .eventsList:
            var (state, runner) = try await shopHome(size, definitions: [definition], counter: counter)
            await state.keys(.char("L"), .char("j"), .char("j"), .char("j"), with: runner)
            return state
        case .heatMap:
            var (state, runner) = try await shopHome(size, definitions: [definition], counter: counter)
            state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
            await state.keys(.char("t"), with: runner)
            return state
        case .notes:
            // A foreign dump: what its import could not know is what the pane explains.
            let (snapshot, notes) = try SnapshotReader.read(path: sample("dumps/appium-ios-home.xml"))
            var state = AppState(
                table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: configsFolder, size: size,
                notes: notes)
            let runner = EffectRunner(documents: FakeDocuments(), push: push)
            await state.drive(state.startEffects, with: runner)
            await state.keys(.char("i"), with: runner)
            return state
        }
    }
}

/// The panes and questions the goldens show, each at every size of `GoldenStates.sizes`.
enum GoldenPane: String, CaseIterable, Sendable {
    case outline, screenshot, zoom, search, help
    /// The screenshot magnified 4× around a product's button (`+` twice), its texts over it.
    case magnified
    case circle
    case circleLocation = "circle-location"
    case circleValue = "circle-value"
    case circleAnyValue = "circle-any-value"
    case circleAnyNote = "circle-any-note"
    case circleKeyPath = "circle-keypath"
    case circleRefused = "circle-refused"
    case hook = "hook-form"
    case retarget, discard, quit
    case configs
    case configsEmpty = "configs-empty"
    case edit, delete, versions, push, prune, notes
    /// The question when a config file changed on disk since the UI read it.
    case overwrite
    /// "Name an event here", its values, the configs list with a named event and counts, the heat map.
    case nameEvent = "name-event"
    case nameEventAny = "name-event-picked"
    case eventsList = "events-list"
    case heatMap = "heat-map"
}

extension AppState {
    /// Presses keys one after the other, each effect done by `runner` as the terminal loop does.
    mutating func keys(_ keys: Key..., with runner: EffectRunner) async {
        for key in keys { await press(key, with: runner) }
    }

    mutating func typeText(_ text: String, with runner: EffectRunner) async {
        for character in text { await press(.char(character), with: runner) }
    }
}

/// Every golden by name: `PANE-WxH` for each pane and size, and the too-small screens.
enum GoldenCatalog {
    static let tooSmallSizes = [Size(width: 59, height: 24), Size(width: 40, height: 10)]

    static func name(_ pane: String, _ size: Size) -> String { "\(pane)-\(size.width)x\(size.height)" }

    static var names: [String] {
        GoldenPane.allCases.flatMap { pane in GoldenStates.sizes.map { name(pane.rawValue, $0) } }
            + tooSmallSizes.map { name("too-small", $0) }
    }

    /// The screen a golden shows, rendered now; nil for a name no test writes.
    static func render(_ golden: String) async throws -> Grid? {
        for size in tooSmallSizes where golden == name("too-small", size) {
            return Renderer.render(try await GoldenStates.shopHome(size).0)
        }
        for pane in GoldenPane.allCases {
            for size in GoldenStates.sizes where golden == name(pane.rawValue, size) {
                return Renderer.render(try await GoldenStates.state(pane, size))
            }
        }
        return nil
    }
}

@Suite("Golden screens: every pane and question, whole, text and styles")
struct GoldenScreenTests {
    @Test("each pane at 80×24 and 120×40", arguments: GoldenPane.allCases, GoldenStates.sizes)
    func pane(_ pane: GoldenPane, size: Size) async throws {
        let state = try await GoldenStates.state(pane, size)
        GoldenScreen.check(state, GoldenCatalog.name(pane.rawValue, size))
    }

    @Test("the terminal-too-small screen", arguments: GoldenCatalog.tooSmallSizes)
    func tooSmall(size: Size) async throws {
        let (state, _) = try await GoldenStates.shopHome(size)
        #expect(state.keyContext == .tooSmall)
        GoldenScreen.check(state, GoldenCatalog.name("too-small", size))
    }

    @Test("every golden file belongs to a screen that is checked")
    func noStrayGoldens() throws {
        let names = Set(GoldenCatalog.names)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: GoldenScreen.folder.path)) ?? []
        for file in files.sorted() {
            let name = (file as NSString).deletingPathExtension
            #expect(
                names.contains(name) && (file.hasSuffix(".txt") || file.hasSuffix(".styles")),
                "Tests/LassoTUITests/Goldens/\(file) is not a golden any test writes: delete it, or add its screen")
        }
    }

    @Test("a wide glyph written over another at the same column stays")
    func wideOverWide() {
        var grid = Grid(width: 6, height: 1)
        grid.put("智能", x: 0, y: 0)
        grid.put("手环", x: 0, y: 0)
        #expect(grid.lines[0] == "手环  ")
    }

    @Test("every style has its own letter in the styles files")
    func lettersAreDistinct() {
        let letters = Style.allCases.map(GoldenScreen.letter)
        #expect(Set(letters).count == letters.count)
        #expect(!letters.contains("+"))
        #expect(letters.allSatisfy { $0 == "." || $0.isLowercase })
    }
}
