import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The one config builder: what a new draft starts with, what an edit keeps, and each problem `build` reports.
@Suite("Config drafts")
struct ConfigDraftTests {
    static let cellPath = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:1]"

    func table() throws -> PathTable { try SnapshotFixtures.table(root: SnapshotFixtures.matchingScreen) }

    func node(_ label: String, in table: PathTable) throws -> Int {
        let snapshot = table.snapshot
        return try #require(
            snapshot.indices.first {
                snapshot.accessibilityLabel(of: $0) == label || snapshot.title(of: $0) == label
                    || snapshot.text(of: $0) == label
            })
    }

    /// A draft with every required field filled, on the first cell's button.
    func filled() throws -> ConfigDraft {
        let table = try table()
        var draft = ConfigDraft.new(
            on: try node("加入购物车", in: table), in: table, appKey: "shop-ios", event: "ButtonClick")
        draft.keyPath = "superview.model.productId"
        draft.keyName = "productId"
        return draft
    }

    func problem(_ draft: ConfigDraft) -> ConfigDraftProblem? {
        guard case .failure(let problem) = draft.build(profile: .standard, stamp: .fresh()) else { return nil }
        return problem
    }

    // MARK: new

    @Test("a navigation bar button's draft: its action as a condition and * on its index")
    func navigationBarButton() throws {
        let table = try table()
        let messages = try node("messages", in: table)
        let draft = ConfigDraft.new(on: messages, in: table, appKey: "shop-ios", event: "ButtonClick")
        #expect(draft.exactPath == table.path(of: messages))
        #expect(draft.conditions == [Condition(key: "action", value: "openMessages:")])
        #expect(draft.anyIndex == [false, false, false, true])
        #expect(
            PathNotation.lasso.write(draft.pattern)
                == "HomeViewController[0]/UIView[0]/UINavigationBar[0]/_UIButtonBarButton[*]")
        #expect(draft.widensPlainIndex)
        #expect(draft.from == "5.3.0")
        #expect(draft.until.isEmpty)
        #expect(draft.id == nil)
    }

    @Test("a plain view's draft: its exact path and no conditions")
    func plainView() throws {
        let table = try table()
        let button = try node("加入购物车", in: table)
        let draft = ConfigDraft.new(on: button, in: table, appKey: "shop-ios", event: "ButtonClick")
        #expect(draft.conditions.isEmpty)
        #expect(!draft.anyIndex.contains(true))
        #expect(draft.pattern == table.path(of: button))
        #expect(PathNotation.lasso.write(draft.pattern) == Self.cellPath + "/UIButton[0]")
        #expect(!draft.widensPlainIndex)
    }

    @Test("a snapshot whose app version is not a version leaves from open")
    func unparsableAppVersion() throws {
        let table = PathTable(
            try SnapshotFixtures.snapshot(root: SnapshotFixtures.matchingScreen, app: #"{"version": "nightly"}"#))
        let draft = ConfigDraft.new(
            on: try node("加入购物车", in: table), in: table, appKey: nil, event: "ButtonClick")
        #expect(draft.from.isEmpty)
        #expect(problem(draft) == .noAppKey)
    }

    @Test("any on a cell keeps its section: [0:*]; any on a plain index widens it")
    func cellWildcardKeepsSection() throws {
        var draft = try filled()
        draft.anyIndex[3] = true
        #expect(
            PathNotation.lasso.write(draft.pattern)
                == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]")
        #expect(!draft.widensPlainIndex)
        draft.anyIndex[4] = true
        #expect(PathNotation.lasso.write(draft.pattern).hasSuffix("/ProductCell[0:*]/UIButton[*]"))
        #expect(draft.widensPlainIndex)
    }

    @Test("setPath takes a path as written, wildcards and all, and no others")
    func setPath() throws {
        var draft = try filled()
        draft.anyIndex[4] = true
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[*:*]/UIButton[0]")
        draft.setPath(path)
        #expect(draft.pattern == path)
        #expect(draft.anyIndex == [false, false, false, false, false])
    }

    @Test("a new config: a fresh id, the path in the profile's notation and hash, trimmed fields, sorted conditions")
    func buildNew() throws {
        var draft = try filled()
        draft.anyIndex[3] = true
        draft.keyPath = "  superview.model.productId "
        draft.note = "  "
        draft.conditions = [Condition(key: "title", value: "加入购物车"), Condition(key: "action", value: "addToCart:")]
        draft.until = "5.6"
        let profile = PathRules(notation: .dash, hash: .sha256)
        let config = try draft.build(profile: profile, stamp: .fresh()).get()
        let pattern = try PathNotation.parse(
            "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]")
        #expect(config.viewPath == pattern)
        #expect(config.viewPathText == PathNotation.dash.write(pattern))
        #expect(config.viewId == ViewId.make(pattern, hash: .sha256))
        #expect(config.keyPath == "superview.model.productId")
        #expect(config.note == nil)
        #expect(config.conditions.map(\.key) == ["action", "title"])
        #expect(
            config.versions == VersionRanges([VersionInterval(from: AppVersion("5.3.0"), until: AppVersion("5.6"))]))
        #expect(config.appKey == "shop-ios")
        #expect(config.viewEvent == "ButtonClick")
        #expect(config.id.count == 36)
        #expect(try draft.build(profile: profile, stamp: .fresh()).get().id != config.id)
        draft.id = "0b6a1c2e-1111-4a2b-8c3d-123456789abc"
        #expect(try draft.build(profile: profile, stamp: .fresh()).get().id == "0b6a1c2e-1111-4a2b-8c3d-123456789abc")
    }

    @Test("open from and until make no interval at all: every version")
    func openVersions() throws {
        var draft = try filled()
        draft.from = " "
        #expect(try draft.build(profile: .standard, stamp: .fresh()).get().versions.intervals.isEmpty)
    }

    // MARK: editing

    /// A saved config as its file gave it: dash notation, an unknown field, two intervals, conditions out of order.
    func saved() throws -> KVCConfig {
        let path = try PathNotation.parse(
            Self.cellPath.replacingOccurrences(of: "[0:1]", with: "[0:*]") + "/UIButton[0]")
        var config = KVCConfig(
            id: "3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10", appKey: "shop-ios",
            versions: VersionRanges([
                VersionInterval(from: AppVersion("4.0"), until: AppVersion("4.5")),
                VersionInterval(from: AppVersion("5.0"), until: nil),
            ]),
            viewEvent: "ButtonClick", viewPath: path, notation: .dash,
            conditions: [], keyPath: "superview.model.productId", keyName: "productId", note: "taps")
        config.conditions = [Condition(key: "title", value: "加入购物车"), Condition(key: "action", value: "addToCart:")]
        config.otherFields["owner"] = .string("growth team")
        return config
    }

    @Test("editing fills every field from the config; building it unchanged gives the config back")
    func editingRoundTrip() throws {
        let config = try saved()
        let draft = ConfigDraft.editing(config)
        #expect(draft.id == config.id)
        #expect(draft.appKey == "shop-ios")
        #expect(draft.viewEvent == "ButtonClick")
        #expect(draft.keyPath == config.keyPath)
        #expect(draft.keyName == "productId")
        #expect(draft.note == "taps")
        #expect(draft.conditions == config.conditions)
        #expect(draft.from == "5.0")
        #expect(draft.until.isEmpty)
        #expect(draft.earlierIntervals == [VersionInterval(from: AppVersion("4.0"), until: AppVersion("4.5"))])
        #expect(draft.anyIndex == [false, false, false, true, false])
        #expect(draft.pattern == config.viewPath)
        #expect(try draft.build(profile: .standard, stamp: .fresh()).get() == config)
    }

    @Test("an edit keeps the id, the earlier intervals and unknown fields, and changes only the last interval")
    func editingKeepsIdAndEarlierIntervals() throws {
        let config = try saved()
        var draft = ConfigDraft.editing(config)
        draft.until = "5.6.0"
        draft.keyName = "pid"
        let edited = try draft.build(profile: .standard, stamp: .fresh()).get()
        #expect(edited.id == config.id)
        #expect(edited.keyName == "pid")
        #expect(
            edited.versions.intervals == [
                VersionInterval(from: AppVersion("4.0"), until: AppVersion("4.5")),
                VersionInterval(from: AppVersion("5.0"), until: AppVersion("5.6.0")),
            ])
        #expect(edited.otherFields["owner"] == .string("growth team"))
        // The path did not change: it stays as the file wrote it.
        #expect(edited.viewPathText == config.viewPathText)
        #expect(edited.viewId == config.viewId)
    }

    @Test("an edit that changes the path writes it in the profile's notation with a new viewId")
    func editingChangesPath() throws {
        let config = try saved()
        var draft = ConfigDraft.editing(config)
        draft.anyIndex[4] = true
        let edited = try draft.build(profile: .standard, stamp: .fresh()).get()
        #expect(edited.viewPathText.hasSuffix("/ProductCell[0:*]/UIButton[*]"))
        #expect(edited.viewId == ViewId.make(edited.viewPath, hash: .md5))
        #expect(edited.viewId != config.viewId)
    }

    @Test("editing on a view: the view's path with the config's wildcards; a config it does not match keeps its own")
    func editingOnAView() throws {
        let table = try table()
        let button = try node("加入购物车", in: table)
        let config = try saved()
        let draft = ConfigDraft.editing(config, exactPath: table.path(of: button))
        #expect(draft.exactPath == table.path(of: button))
        #expect(draft.anyIndex == [false, false, false, true, false])
        #expect(draft.pattern == config.viewPath)
        let messages = try node("messages", in: table)
        #expect(ConfigDraft.editing(config, exactPath: table.path(of: messages)).exactPath == config.viewPath)
    }

    @Test("editing on a view keeps a cell index whose section the config leaves open")
    func editingKeepsOpenSection() throws {
        let table = try table()
        let button = try node("加入购物车", in: table)
        for index in ["*:*", "*:1"] {
            var config = try saved()
            config.viewPath = try PathNotation.parse(
                Self.cellPath.replacingOccurrences(of: "[0:1]", with: "[\(index)]") + "/UIButton[0]")
            let draft = ConfigDraft.editing(config, exactPath: table.path(of: button))
            #expect(draft.pattern == config.viewPath, "\(index)")
        }
    }

    // MARK: problems

    @Test("each problem build reports")
    func problems() throws {
        var draft = try filled()
        #expect(problem(draft) == nil)

        draft.appKey = nil
        #expect(problem(draft) == .noAppKey)
        draft.appKey = "../evil"
        #expect(problem(draft) == .unsafeAppKey("../evil"))
        draft.appKey = "shop-ios"

        draft.keyPath = "  "
        #expect(problem(draft) == .emptyKeyPath)
        draft.keyPath = "model.productId"

        draft.keyName = "../../escape"
        #expect(problem(draft) == .unsafeKeyName("../../escape"))
        draft.keyName = ""
        #expect(problem(draft) == .unsafeKeyName(""))
        draft.keyName = "productId"

        draft.from = "5.x"
        #expect(problem(draft) == .badFrom("5.x"))
        draft.from = "5.3.0"
        draft.until = "soon"
        #expect(problem(draft) == .badUntil("soon"))
        draft.until = "5.1"
        #expect(problem(draft) == .emptyInterval(from: "5.3.0", until: "5.1"))
        draft.until = "5.3"
        #expect(problem(draft) == .emptyInterval(from: "5.3.0", until: "5.3"))
        draft.until = "5.3.1"
        #expect(problem(draft) == nil)
    }

    @Test("the first problem wins: the app key before the key path before the versions")
    func problemOrder() throws {
        var draft = try filled()
        draft.appKey = nil
        draft.keyPath = ""
        draft.from = "x"
        #expect(problem(draft) == .noAppKey)
        draft.appKey = "shop-ios"
        #expect(problem(draft) == .emptyKeyPath)
    }
}
