import Foundation
import Testing

/// `lasso tree`, `lasso path` and `lasso stats` on the sample screens (docs/viewpath.md).
@Suite("tree, path and stats")
struct TreeAndPathTests {
    static let homeCellPath = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:3]"
    static let homeButtonPath = homeCellPath + "/UITableViewCellContentView[0]/UIButton[0]"
    /// The legacy feed's example path (docs/viewpath.md, "An example"), as its SDK writes it (with the pre-iOS 11 wrapper).
    static let seedPath =
        "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/UITableViewWrapperView[0]/HYGHallProductCell[0:2]/UITableViewCellContentView[0]/HYGHallProductView[1]"
    static let seedPathWithoutWrapper =
        "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/HYGHallProductCell[0:2]/UITableViewCellContentView[0]/HYGHallProductView[1]"

    /// `tree --json` of a sample, with extra flags.
    static func tree(_ sample: String, _ extra: [String] = [], in folder: String) throws -> [[String: Any]] {
        let outcome = try CLI.run(["tree", CLI.sample(sample), "--json"] + extra, in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try CLI.objects(outcome)
    }

    /// The pre-order number of the view whose path is `path` (lasso notation) in `tree --json`.
    static func index(of path: String, in sample: String, _ extra: [String] = [], folder: String) throws -> Int {
        let views = try tree(sample, extra, in: folder)
        let view = try #require(views.first { $0.string("path") == path }, "no view of \(sample) has the path \(path)")
        return try #require(view.int("index"))
    }

    // MARK: tree

    @Test("tree prints one line per view with the view's path")
    func treeTextListsEveryViewWithItsPath() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["tree", CLI.sample("shop-home.json")], in: folder)
        #expect(outcome.status == 0)
        let lines = CLI.lines(outcome.stdout)
        #expect(lines.count == 109)
        #expect(lines.first?.hasSuffix("UIWindow[0]") == true)
        #expect(lines.contains { $0.hasSuffix(Self.homeCellPath) })
        #expect(lines.contains { $0.hasSuffix(Self.homeButtonPath) })
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "MainTabBarController[0]/UILayoutContainerView[0]/UITabBar[0]/UITabBarButton[3]/UITabBarButtonLabel[0]"
                )
            })
        #expect(outcome.stderr.isEmpty)
    }

    @Test(
        "tree --json has one entry per view, as many as stats counts, numbered in pre-order",
        arguments: ["shop-home.json", "settings.json", "product-pager.json", "checkout-alert.json", "feed-legacy.json"])
    func treeJSONCountEqualsStatsNodes(sample: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try Self.tree(sample, in: folder)
        let stats = try CLI.object(try CLI.run(["stats", CLI.sample(sample), "--json"], in: folder))
        #expect(views.count == stats.int("nodes"))
        #expect(views.compactMap { $0.int("index") } == Array(0..<views.count))
        #expect(views.compactMap { $0.int("depth") }.max() == stats.int("deepest"))
        for view in views {
            for field in ["index", "depth", "class", "path", "viewId"] {
                #expect(view[field] != nil, "tree --json entry without \(field): \(view)")
            }
        }
    }

    @Test("tree --max-depth shows only the views down to that depth (the root is 0)")
    func treeMaxDepthStopsAtThatLevel() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let all = try Self.tree("shop-home.json", in: folder)
        for depth in [0, 2, 9] {
            let limited = try Self.tree("shop-home.json", ["--max-depth", String(depth)], in: folder)
            #expect(limited.count == all.filter { ($0.int("depth") ?? .max) <= depth }.count)
            #expect(limited.allSatisfy { ($0.int("depth") ?? .max) <= depth })
        }
        let text = try CLI.run(["tree", CLI.sample("shop-home.json"), "--max-depth", "2"], in: folder)
        #expect(CLI.lines(text.stdout).count == 3)
        #expect(text.stdout.contains("UIWindow[0]/UITransitionView[0]/UIDropShadowView[0]"))
        #expect(!text.stdout.contains("MainTabBarController"))
    }

    // MARK: path --find / --node and its JSON

    @Test("path --find matches text, title and identifiers ignoring case")
    func findIsCaseInsensitive() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let lower = try CLI.objects(
            try CLI.run(["path", CLI.sample("shop-home.json"), "--find", "type-c", "--json"], in: folder))
        let upper = try CLI.objects(
            try CLI.run(["path", CLI.sample("shop-home.json"), "--find", "TYPE-C", "--json"], in: folder))
        #expect(!lower.isEmpty)
        #expect(lower.compactMap { $0.int("index") } == upper.compactMap { $0.int("index") })
        #expect(
            lower.contains {
                $0.string("path")
                    == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:5]/UITableViewCellContentView[0]/UILabel[0]"
            })
        // A title: the sold-out row's button (and the label inside it).
        let restock = try CLI.objects(
            try CLI.run(["path", CLI.sample("shop-home.json"), "--find", "到货提醒", "--json"], in: folder))
        #expect(
            restock.contains {
                $0.string("class") == "UIButton" && $0.string("path")?.contains("ProductCell[0:4]") == true
            })
        // An accessibilityIdentifier, given in another case.
        let identified = try CLI.objects(
            try CLI.run(["path", CLI.sample("shop-home.json"), "--find", "HOME.PRODUCT.3", "--json"], in: folder))
        #expect(identified.map { $0.string("path") } == [Self.homeCellPath])
    }

    @Test("path --find with no matching view exits 1 with a message on stderr")
    func findNothingExitsOne() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["path", CLI.sample("shop-home.json"), "--find", "no such text anywhere"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("lasso: "))
    }

    @Test("path --node N gives index, depth, class, page, path and viewId of the N-th view in pre-order")
    func nodeJSONHasTheRequiredFields() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.homeCellPath, in: "shop-home.json", folder: folder)
        let views = try CLI.objects(
            try CLI.run(["path", CLI.sample("shop-home.json"), "--node", String(index), "--json"], in: folder))
        #expect(views.count == 1)
        let view = try #require(views.first)
        #expect(view.int("index") == index)
        #expect(view.int("depth") == 11)
        // The mangled class is reported as the runtime gives it, and named without its module in the path.
        #expect(view.string("class") == "_TtC7ShopKit11ProductCell")
        #expect(view.string("page") == "HomeViewController")
        #expect(view.string("path") == Self.homeCellPath)
        #expect(view.string("viewId") == (try CLI.md5(Self.homeCellPath)))
    }

    @Test("path --node out of range exits 1 and says which numbers exist")
    func nodeOutOfRange() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["path", CLI.sample("shop-home.json"), "--node", "109"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("lasso: "))
        #expect(outcome.stderr.contains("108"))
    }

    @Test("path without --find or --node is a usage error (64)")
    func pathNeedsAQuery() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["path", CLI.sample("shop-home.json")], in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
    }

    @Test("viewId is the MD5 of the lasso-notation path, for every view of a sample")
    func viewIdIsMD5OfLassoPath() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try Self.tree("checkout-alert.json", in: folder)
        #expect(views.count > 50)
        for view in views {
            let path = try #require(view.string("path"))
            #expect(view.string("viewId") == (try CLI.md5(path)), "viewId of \(path)")
        }
    }

    @Test("viewId stays the MD5 of the lasso notation when paths are written in dash or hubble")
    func viewIdDoesNotDependOnNotation() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.homeButtonPath, in: "shop-home.json", folder: folder)
        let md5 = try CLI.md5(Self.homeButtonPath)
        for notation in ["dash", "hubble"] {
            let view = try #require(
                try CLI.objects(
                    try CLI.run(
                        [
                            "path", CLI.sample("shop-home.json"), "--node", String(index),
                            "--notation", notation, "--json",
                        ], in: folder)
                ).first)
            #expect(view.string("viewId") == md5)
        }
    }

    @Test("--hash sha256 gives 64 hex digits: the SHA-256 of the lasso-notation path")
    func sha256ViewId() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.homeButtonPath, in: "shop-home.json", folder: folder)
        let view = try #require(
            try CLI.objects(
                try CLI.run(
                    [
                        "path", CLI.sample("shop-home.json"), "--node", String(index),
                        "--hash", "sha256", "--json",
                    ], in: folder)
            ).first)
        let viewId = try #require(view.string("viewId"))
        #expect(CLI.isLowercaseHex(viewId, length: 64))
        #expect(viewId == (try CLI.sha256(Self.homeButtonPath)))
    }

    @Test("--notation dash and hubble write the path in those notations")
    func dashAndHubbleNotations() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.homeButtonPath, in: "shop-home.json", folder: folder)
        let dash = try CLI.run(
            ["path", CLI.sample("shop-home.json"), "--node", String(index), "--notation", "dash"], in: folder)
        #expect(dash.status == 0)
        let dashFields = CLI.lines(dash.stdout).first?.components(separatedBy: "\t") ?? []
        #expect(
            dashFields == [
                String(index),
                "HomeViewController-UIView-UITableView-ProductCell-UITableViewCellContentView-UIButton & 0-0-0-0:3-0-0",
                try CLI.md5(Self.homeButtonPath),
            ])
        let hubble = try CLI.run(
            ["path", CLI.sample("shop-home.json"), "--node", String(index), "--notation", "hubble"], in: folder)
        #expect(hubble.status == 0)
        #expect(
            hubble.stdout.contains(
                "HomeViewController(0)_UIView(0)_UITableView(0)_ProductCell(section:0 row:3)_UITableViewCellContentView(0)_UIButton(0)"
            ))
    }

    @Test("the legacy example: with no skipped classes lasso's path is the SDK's; in dash notation & 0-0-1-0-0:2-0-1")
    func designExamplePathWithWrapper() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.seedPath, in: "feed-legacy.json", ["--skip-classes", ""], folder: folder)
        let view = try #require(
            try CLI.objects(
                try CLI.run(
                    [
                        "path", CLI.sample("feed-legacy.json"), "--node", String(index),
                        "--skip-classes", "", "--json",
                    ], in: folder)
            ).first)
        #expect(view.string("path") == Self.seedPath)
        #expect(view.string("class") == "HYGHallProductView")
        #expect(view.string("page") == "HYGHallSlideViewController")
        #expect(view.string("viewId") == (try CLI.md5(Self.seedPath)))
        let dash = try CLI.run(
            [
                "path", CLI.sample("feed-legacy.json"), "--node", String(index), "--skip-classes", "",
                "--notation", "dash",
            ], in: folder)
        #expect(
            dash.stdout.contains(
                "HYGHallSlideViewController-UIScrollView-HYGHallProductTableView-UITableViewWrapperView-HYGHallProductCell-UITableViewCellContentView-HYGHallProductView & 0-0-1-0-0:2-0-1"
            ))
    }

    @Test("by default UITableViewWrapperView is left out of the paths inside it (rule 6)")
    func wrapperSkippedByDefault() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.seedPath, in: "feed-legacy.json", ["--skip-classes", ""], folder: folder)
        let view = try #require(
            try CLI.objects(
                try CLI.run(
                    ["path", CLI.sample("feed-legacy.json"), "--node", String(index), "--json"],
                    in: folder)
            ).first)
        #expect(view.string("path") == Self.seedPathWithoutWrapper)
        #expect(view.string("viewId") == (try CLI.md5(Self.seedPathWithoutWrapper)))
        // The wrapper's own path keeps its segment.
        let views = try Self.tree("feed-legacy.json", in: folder)
        #expect(
            views.contains {
                $0.string("path")
                    == "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/UITableViewWrapperView[0]"
            })
    }

    @Test("--sibling-index all counts a view among all its siblings")
    func siblingIndexAll() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try Self.index(of: Self.homeButtonPath, in: "shop-home.json", folder: folder)
        let view = try #require(
            try CLI.objects(
                try CLI.run(
                    [
                        "path", CLI.sample("shop-home.json"), "--node", String(index),
                        "--sibling-index", "all", "--json",
                    ], in: folder)
            ).first)
        // The button comes after an image view and three labels in its content view.
        let path = try #require(view.string("path"))
        #expect(path.hasSuffix("/ProductCell[0:3]/UITableViewCellContentView[0]/UIButton[4]"))
        #expect(view.string("viewId") == (try CLI.md5(path)))
    }

    @Test("pager pages of one class get their alias and their page number (0, 1, 2 by position)")
    func pagerPagesByAliasAndPageNumber() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let paths = Set(try Self.tree("product-pager.json", in: folder).compactMap { $0.string("path") })
        #expect(paths.contains("ProductListViewController@hot[0]/UIView[0]"))
        #expect(paths.contains("ProductListViewController@new[1]/UIView[0]"))
        #expect(paths.contains("ProductListViewController@sale[2]/UIView[0]"))
    }

    // MARK: stats

    @Test("stats --json counts nodes (root included), pages and the deepest level")
    func statsJSON() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let home = try CLI.object(try CLI.run(["stats", CLI.sample("shop-home.json"), "--json"], in: folder))
        #expect(home.int("nodes") == 109)
        #expect(home.int("pages") == 3)
        #expect(home.int("deepest") == 14)
        #expect(home.string("appKey") == "shop-ios")
        #expect(home.string("appVersion") == "5.3.0")
        let settings = try CLI.object(try CLI.run(["stats", CLI.sample("settings.json"), "--json"], in: folder))
        #expect(settings.int("nodes") == 66)
        #expect(settings.int("pages") == 2)
        #expect(settings.int("deepest") == 11)
    }

    @Test("stats text names the app and the view count")
    func statsText() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["stats", CLI.sample("shop-home.json")], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("shop-ios"))
        #expect(outcome.stdout.contains("109"))
    }
}
