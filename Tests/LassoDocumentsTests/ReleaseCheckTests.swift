import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The release check (docs/release-check.md): which configs it looks at, each status, the nearest view, duplicates, and the edits.
@Suite("release check")
struct ReleaseCheckTests {
    /// A home page with a product table (the second cell's SDK path disagrees with lasso's) and two instances of one card page.
    static let screen = #"""
        {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "viewController": {"class": "HomeViewController"}, "frame": [0, 0, 390, 844], "children": [
            {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "frame": [0, 0, 390, 600], "children": [
              {"class": "ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "frame": [0, 0, 390, 100],
               "properties": {"model": {"productId": "P1"}}, "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:0]", "children": [
                {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "Buy", "actions": ["buy:"], "frame": [300, 30, 80, 40]}]},
              {"class": "ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "frame": [0, 100, 390, 100],
               "properties": {"model": {"productId": "P2"}}, "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:7]", "children": [
                {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "Buy", "actions": ["buy:"], "frame": [300, 30, 80, 40]}]}]},
            {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [0, 600, 195, 200], "children": [
              {"class": "UILabel", "text": "A", "properties": {"tag": 1}}]},
            {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [195, 600, 195, 200], "children": [
              {"class": "UILabel", "text": "B", "properties": {"tag": 2}}]}]}]}
        """#
    static let cell = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell"

    func screens() throws -> [ReleaseCheck.Screen] {
        let snapshot = try SnapshotFixtures.snapshot(
            root: Self.screen, app: #"{"key": "shop-ios", "version": "5.4.0"}"#)
        return [ReleaseCheck.Screen(file: "home.json", table: PathTable(snapshot))]
    }

    static func config(
        _ keyName: String, path: String, event: String = "ListItemClick", keyPath: String = "model.productId",
        from: String? = "5.0.0", until: String? = nil, appKey: String = "shop-ios"
    ) throws -> KVCConfig {
        let interval = VersionInterval(from: from.flatMap(AppVersion.init), until: until.flatMap(AppVersion.init))
        return KVCConfig(
            appKey: appKey, versions: VersionRanges(from == nil && until == nil ? [] : [interval]), viewEvent: event,
            viewPath: try PathNotation.parse(path), keyPath: keyPath, keyName: keyName)
    }

    /// A configs folder holding `configs`, and its entries.
    func directory(_ configs: [KVCConfig]) throws -> (ConfigDirectory, [ConfigDirectory.Entry]) {
        let root = TestRunFolder.fresh("lasso-check-")
        let directory = ConfigDirectory(root: root)
        for config in configs { try directory.save(config, replacing: try directory.load()) }
        return (directory, try directory.load())
    }

    func run(_ configs: [KVCConfig], version: String = "5.4.0", previous: String? = nil) throws -> ReleaseCheck {
        let (_, entries) = try directory(configs)
        let window = ReleaseWindow(
            version: AppVersion(version)!, previous: previous.flatMap(AppVersion.init), configs: configs)
        return ReleaseCheck(entries: entries, screens: try screens(), appKey: "shop-ios", window: window)
    }

    func result(_ check: ReleaseCheck, _ keyName: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ReleaseCheck.Result
    {
        try #require(
            check.results.first { $0.entry.config.keyName == keyName }, "no result for \(keyName)",
            sourceLocation: sourceLocation)
    }

    // MARK: The window

    @Test("the version before V is the greatest version below V that an interval starts or ends at")
    func versionBefore() throws {
        let configs = [
            try Self.config("a", path: Self.cell + "[0:*]", from: "5.0.0", until: "5.2.0"),
            try Self.config("b", path: Self.cell + "[0:*]", from: "5.2.0"),
            try Self.config("c", path: Self.cell + "[0:*]", from: "5.3.1", until: "5.5.0"),
        ]
        #expect(ReleaseWindow.versionBefore(AppVersion("5.4.0")!, in: configs) == AppVersion("5.3.1"))
        #expect(ReleaseWindow.versionBefore(AppVersion("5.0.0")!, in: configs) == nil)
        #expect(
            ReleaseWindow(version: AppVersion("5.4.0")!, previous: AppVersion("5.1"), configs: configs).previous
                == AppVersion("5.1"))
    }

    @Test("a config is considered when it holds V, ends exactly at V, or holds the version before V")
    func reasons() throws {
        let window = ReleaseWindow(version: AppVersion("5.4.0")!, previous: AppVersion("5.3.0"), configs: [])
        #expect(window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: "5.0.0")) == .containsVersion)
        #expect(window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: nil)) == .containsVersion)
        #expect(
            window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: "5.3.5", until: "5.4"))
                == .endsAtVersion)
        #expect(
            window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: "5.2.0", until: "5.3.5"))
                == .containsPrevious)
        #expect(
            window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: "5.0.0", until: "5.1.0")) == nil)
        #expect(window.reason(for: try Self.config("a", path: Self.cell + "[0:*]", from: "6.0.0")) == nil)
    }

    // MARK: Version edits

    @Test("closing ends the interval holding V at V, keeps the others, and refuses to leave nothing")
    func closing() throws {
        let v = AppVersion("5.4.0")!
        func ranges(_ pairs: [(String?, String?)]) -> VersionRanges {
            VersionRanges(
                pairs.map { VersionInterval(from: $0.0.flatMap(AppVersion.init), until: $0.1.flatMap(AppVersion.init)) }
            )
        }
        #expect(VersionEdits.closing(VersionRanges(), at: v) == ranges([(nil, "5.4.0")]))
        #expect(VersionEdits.closing(ranges([("5.0.0", nil)]), at: v) == ranges([("5.0.0", "5.4.0")]))
        #expect(
            VersionEdits.closing(ranges([("5.0.0", "5.2.0"), ("5.3.0", nil), ("6.0.0", "7.0.0")]), at: v)
                == ranges([("5.0.0", "5.2.0"), ("5.3.0", "5.4.0"), ("6.0.0", "7.0.0")]))
        #expect(VersionEdits.closing(ranges([("5.4.0", nil)]), at: v) == nil)
    }

    @Test("extending stretches the latest interval that ended before V up to the next one, merging what touches")
    func extending() throws {
        let v = AppVersion("5.4.0")!
        func ranges(_ pairs: [(String?, String?)]) -> VersionRanges {
            VersionRanges(
                pairs.map { VersionInterval(from: $0.0.flatMap(AppVersion.init), until: $0.1.flatMap(AppVersion.init)) }
            )
        }
        #expect(VersionEdits.extending(ranges([("5.0.0", "5.4.0")]), to: v) == ranges([("5.0.0", nil)]))
        #expect(
            VersionEdits.extending(ranges([("5.0.0", "5.2.0"), ("6.0.0", "7.0.0")]), to: v)
                == ranges([("5.0.0", "7.0.0")]))
        #expect(
            VersionEdits.extending(ranges([("4.0.0", "4.1.0"), ("5.0.0", "5.3.0")]), to: v)
                == ranges([("4.0.0", "4.1.0"), ("5.0.0", nil)]))
        #expect(VersionEdits.extending(ranges([("6.0.0", nil)]), to: v) == nil)
        #expect(VersionEdits.extending(ranges([("5.0.0", nil)]), to: v) == ranges([("5.0.0", nil)]))
    }

    // MARK: Statuses

    @Test("ok: the path matches and the key path gives a value")
    func ok() throws {
        let check = try run([try Self.config("productId", path: Self.cell + "[0:*]")])
        let result = try result(check, "productId")
        #expect(result.status == .ok)
        #expect(result.value == .string("P1"))
        #expect(result.matches == 2)
        #expect(result.snapshot == "home.json")
        #expect(check.broken.isEmpty)
    }

    @Test("no-value: the view is there but the key path gives nothing")
    func noValue() throws {
        let check = try run([try Self.config("sku", path: Self.cell + "[0:*]", keyPath: "model.sku")])
        let result = try result(check, "sku")
        #expect(result.status == .noValue)
        #expect(result.reason.contains("model.sku"))
    }

    @Test("ambiguous: a path without a wildcard that matches two views")
    func ambiguous() throws {
        let check = try run([
            try Self.config(
                "tag", path: "CardViewController[0]/UIView[0]/UILabel[0]", event: "Exposure", keyPath: "tag")
        ])
        let result = try result(check, "tag")
        #expect(result.status == .ambiguous)
        #expect(result.matches == 2)
    }

    @Test("no-match: the nearest view is the same leaf one index over")
    func noMatchNearest() throws {
        let check = try run([
            try Self.config("moved", path: "HomeViewController[0]/UIView[0]/UITableView[1]/ProductCell[0:1]")
        ])
        let result = try result(check, "moved")
        #expect(result.status == .noMatch)
        #expect(result.reason.contains("no view on the screen has the path"))
        let nearest = try #require(result.nearest)
        #expect(nearest.path == Self.cell + "[0:1]")
        #expect(nearest.difference == "UITableView[1] → UITableView[0]")
        #expect(nearest.snapshot == "home.json")
    }

    @Test("no-match: a view has the path but the event does not apply; nothing near for an unknown class")
    func noMatchEventAndNothingNear() throws {
        let check = try run([
            try Self.config("wrongEvent", path: Self.cell + "[0:0]", event: "ButtonClick"),
            try Self.config("gone", path: "HomeViewController[0]/UIView[0]/BannerView[0]", event: "Exposure"),
        ])
        let wrong = try result(check, "wrongEvent")
        #expect(wrong.status == .noMatch)
        #expect(wrong.reason.contains("do not fit"))
        #expect(wrong.nearest?.difference.contains("the same path") == true)
        let gone = try result(check, "gone")
        #expect(gone.status == .noMatch)
        #expect(gone.nearest == nil)
    }

    @Test("a page that moved in a pager: the nearest view differs only in the page index")
    func pagerIndex() throws {
        let root = #"""
            {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
              {"class": "UIScrollView", "state": {"pagingEnabled": true}, "frame": [0, 0, 390, 844], "children": [
                {"class": "UIView", "viewController": {"class": "ListViewController"}, "frame": [780, 0, 390, 844], "children": [
                  {"class": "UILabel", "text": "Deals", "properties": {"title": "Deals"}}]}]}]}
            """#
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let config = try Self.config(
            "title", path: "ListViewController[1]/UIView[0]/UILabel[0]", event: "Exposure", keyPath: "title")
        let (_, entries) = try directory([config])
        let check = ReleaseCheck(
            entries: entries, screens: [ReleaseCheck.Screen(file: "pager.json", table: PathTable(snapshot))],
            appKey: nil,
            window: ReleaseWindow(version: AppVersion("5.4.0")!, configs: [config]))
        let nearest = try #require(check.results.first?.nearest)
        #expect(nearest.path == "ListViewController[2]/UIView[0]/UILabel[0]")
        #expect(nearest.difference == "ListViewController[1] → ListViewController[2]")
    }

    @Test(
        "with several screens, a config is judged where it matches; configs of other apps and old versions are left out"
    )
    func severalScreensAndScope() throws {
        let other = try SnapshotFixtures.snapshot(
            root: #"{"class": "UIWindow", "children": [{"class": "UILabel", "text": "cart"}]}"#)
        let configs = [
            try Self.config("productId", path: Self.cell + "[0:*]"),
            try Self.config("old", path: Self.cell + "[0:*]", from: "4.0.0", until: "4.1.0"),
            try Self.config("android", path: Self.cell + "[0:*]", appKey: "shop-android"),
        ]
        let (_, entries) = try directory(configs)
        let screens = try screens() + [ReleaseCheck.Screen(file: "cart.json", table: PathTable(other))]
        let check = ReleaseCheck(
            entries: entries, screens: screens, appKey: "shop-ios",
            window: ReleaseWindow(version: AppVersion("5.4.0")!, configs: configs.filter { $0.appKey == "shop-ios" }))
        #expect(check.results.map(\.entry.config.keyName) == ["productId"])
        #expect(check.results[0].status == .ok)
    }

    // MARK: Coverage

    @Test(
        "two configs collecting one key name from one view on one event are a duplicate; path disagreements are found")
    func duplicatesAndDisagreements() throws {
        let check = try run([
            try Self.config("productId", path: Self.cell + "[0:*]"),
            try Self.config("productId", path: Self.cell + "[0:1]"),
            try Self.config("productId", path: Self.cell + "[0:1]", event: "Exposure"),
        ])
        let findings = try #require(check.screens.first)
        #expect(findings.duplicates.count == 1)
        #expect(findings.duplicates.first?.nodes.count == 1)
        #expect(findings.duplicates.first?.event == "ListItemClick")
        #expect(findings.duplicates.first?.entries.count == 2)
        #expect(findings.disagreements.map(\.sdkPath) == [Self.cell + "[0:7]"])
        #expect(findings.disagreements.first?.lassoPath == Self.cell + "[0:1]")
    }

    // MARK: Edits

    @Test("--close-broken and --extend rewrite only their configs' files, atomically; the others stay byte-identical")
    func edits() throws {
        let broken = try Self.config("sku", path: Self.cell + "[0:*]", keyPath: "model.sku", from: "5.0.0")
        let ended = try Self.config("productId", path: Self.cell + "[0:*]", from: "5.0.0", until: "5.4.0")
        let fine = try Self.config("tagged", path: Self.cell + "[0:0]", keyPath: "model.productId", from: "5.0.0")
        let startsNow = try Self.config(
            "fresh", path: "HomeViewController[0]/UIView[0]/Nothing[0]", event: "Exposure", from: "5.4.0")
        let (directory, entries) = try directory([broken, ended, fine, startsNow])
        let before = try entries.map { try Data(contentsOf: URL(fileURLWithPath: $0.file)) }
        let window = ReleaseWindow(version: AppVersion("5.4.0")!, configs: entries.map(\.config))
        let check = ReleaseCheck(entries: entries, screens: try screens(), appKey: "shop-ios", window: window)
        let edits = ReleaseEdit.apply(
            ReleaseEdit.plan(check, closeBroken: true, extend: true), directory: directory, entries: entries)
        #expect(edits.map(\.kind) == [.closed, .extended, .closed], "fresh, productId, sku: in file order")
        let reread = try directory.load()
        func versions(_ keyName: String) -> String? {
            reread.first { $0.config.keyName == keyName }?.config.versions.description
        }
        #expect(versions("sku") == "5.0.0 up to 5.4.0 (not included)")
        #expect(versions("productId") == "5.0.0 on")
        #expect(versions("fresh") == "5.4.0 on")
        #expect(edits.first { $0.entry.config.keyName == "fresh" }?.problem?.contains("lasso config rm") == true)
        for (entry, bytes) in zip(entries, before) where ["tagged", "fresh"].contains(entry.config.keyName) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: entry.file)) == bytes, "\(entry.file) should be untouched")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.root + "/shop-ios").filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "no temporary files left behind")
    }

    @Test("an extension that would conflict with another config is not made, and says why")
    func extendConflict() throws {
        let ended = try Self.config("productId", path: Self.cell + "[0:*]", from: "5.0.0", until: "5.4.0")
        let successor = try Self.config("productId", path: Self.cell + "[0:*]", from: "5.4.0")
        let (directory, entries) = try directory([ended, successor])
        let window = ReleaseWindow(version: AppVersion("5.4.0")!, configs: entries.map(\.config))
        let check = ReleaseCheck(entries: entries, screens: try screens(), appKey: "shop-ios", window: window)
        let edits = ReleaseEdit.apply(
            ReleaseEdit.plan(check, closeBroken: false, extend: true), directory: directory, entries: entries)
        let edit = try #require(edits.first)
        #expect(edit.written == nil)
        #expect(edit.problem?.contains("conflict") == true)
        #expect(edit.failure?.kind == .conflict)
    }
}
