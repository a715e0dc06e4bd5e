import Foundation
import Testing

/// `lasso inspect --key-path` (docs/config-format.md, "Key paths") and `lasso match` (docs/viewpath.md).
@Suite("inspect and match")
struct InspectAndMatchTests {
    static let cellWildcard = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]"
    static let buttonWildcard = cellWildcard + "/UITableViewCellContentView[0]/UIButton[0]"
    static let navButtons =
        "ShopNavigationController[0]/UILayoutContainerView[0]/UINavigationBar[0]/_UINavigationBarContentView[0]/_UIButtonBarStackView[*]/_UIButtonBarButton[*]"

    /// `inspect --json` of one view with a key path; returns the whole object.
    static func inspect(_ sample: String, path: String, keyPath: String, in folder: String) throws -> [String: Any] {
        let index = try TreeAndPathTests.index(of: path, in: sample, folder: folder)
        let outcome = try CLI.run(
            ["inspect", CLI.sample(sample), "--node", String(index), "--key-path", keyPath, "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try CLI.object(outcome)
    }

    /// The pre-order numbers `match --json` gives.
    static func match(_ sample: String, _ arguments: [String], in folder: String) throws -> (
        status: Int32, indices: [Int]
    ) {
        let outcome = try CLI.run(["match", CLI.sample(sample)] + arguments + ["--json"], in: folder)
        if outcome.status != 0 { return (outcome.status, []) }
        return (outcome.status, try CLI.objects(outcome).compactMap { $0.int("index") })
    }

    // MARK: inspect

    @Test("a button in a cell reaches the cell's model with superview.superview.model.productId")
    func superviewWalksUpToTheCell() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let view = try Self.inspect(
            "shop-home.json", path: TreeAndPathTests.homeButtonPath,
            keyPath: "superview.superview.model.productId", in: folder)
        #expect(view.string("class") == "UIButton")
        #expect(view.string("value") == "P1004")
        #expect(view.string("keyPath") == "superview.superview.model.productId")
    }

    @Test("a missing key gives null, not an error")
    func missingKeyIsNull() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let view = try Self.inspect(
            "shop-home.json", path: TreeAndPathTests.homeCellPath, keyPath: "model.noSuchKey.deeper", in: folder)
        #expect(view.keys.contains("value"))
        #expect(view["value"] is NSNull)
    }

    @Test("@count on an array counts its elements; the array itself is returned as JSON")
    func countOnArray() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let count = try Self.inspect(
            "shop-home.json", path: TreeAndPathTests.homeCellPath, keyPath: "model.tags.@count", in: folder)
        #expect(count.int("value") == 2)
        let tags = try Self.inspect(
            "shop-home.json", path: TreeAndPathTests.homeCellPath, keyPath: "model.tags", in: folder)
        #expect(tags["value"] as? [String] == ["新品", "包邮"])
    }

    @Test("a key on an array maps over its elements; @sum and @max aggregate")
    func arraysMapAndAggregate() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let table = "HomeViewController[0]/UIView[0]/UITableView[0]"
        let prices = try Self.inspect("shop-home.json", path: table, keyPath: "subviews.model.price", in: folder)
        let values = try #require(prices["value"] as? [NSNumber]).map(\.doubleValue)
        #expect(values.count == 6)
        let sum = try Self.inspect("shop-home.json", path: table, keyPath: "subviews.model.price.@sum", in: folder)
        let total = try #require((sum["value"] as? NSNumber)?.doubleValue)
        #expect(abs(total - values.reduce(0, +)) < 0.001)
        let max = try Self.inspect("shop-home.json", path: table, keyPath: "subviews.model.@max.price", in: folder)
        #expect((max["value"] as? NSNumber)?.doubleValue == values.max())
    }

    @Test("standard fields are keys too: title of a button")
    func standardFieldsAreKeys() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let view = try Self.inspect(
            "shop-home.json", path: TreeAndPathTests.homeButtonPath, keyPath: "title", in: folder)
        #expect(view.string("value") == "加入购物车")
    }

    @Test("inspect --find without a match exits 1")
    func inspectNothingFound() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["inspect", CLI.sample("shop-home.json"), "--find", "no such text anywhere", "--json"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty || outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    // MARK: match

    @Test("ProductCell[0:*] matches all six cells, the mangled _TtC7ShopKit11ProductCell among them")
    func wildcardRowMatchesEveryCellIncludingMangled() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["match", CLI.sample("shop-home.json"), "--path", Self.cellWildcard, "--json"], in: folder)
        #expect(outcome.status == 0)
        let views = try CLI.objects(outcome)
        #expect(views.count == 6)
        #expect(views.filter { $0.string("class") == "_TtC7ShopKit11ProductCell" }.count == 1)
        #expect(views.filter { $0.string("class") == "ShopKit.ProductCell" }.count == 5)
        let rows = Set(views.compactMap { $0.string("path")?.components(separatedBy: "ProductCell[0:").last })
        #expect(rows == ["0]", "1]", "2]", "3]", "4]", "5]"])
    }

    @Test("match reads the dash and hubble notations as the lasso notation")
    func matchAcceptsEveryNotation() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let lasso = try Self.match("shop-home.json", ["--path", Self.cellWildcard], in: folder)
        let dash = try Self.match(
            "shop-home.json", ["--path", "HomeViewController-UIView-UITableView-ProductCell & 0-0-0-0:*"], in: folder)
        let hubble = try Self.match(
            "shop-home.json",
            ["--path", "HomeViewController(0)_UIView(0)_UITableView(0)_ProductCell(section:0 row:*)"],
            in: folder)
        #expect(lasso.indices.count == 6)
        #expect(dash.indices == lasso.indices)
        #expect(hubble.indices == lasso.indices)
        // The legacy feed example's dash form, as its SDK writes it, finds the example view.
        let example = try Self.match(
            "feed-legacy.json",
            [
                "--path",
                "HYGHallSlideViewController-UIScrollView-HYGHallProductTableView-UITableViewWrapperView-HYGHallProductCell-UITableViewCellContentView-HYGHallProductView & 0-0-1-0-0:2-0-1",
                "--skip-classes", "",
            ], in: folder)
        let exampleIndex = try TreeAndPathTests.index(
            of: TreeAndPathTests.seedPath, in: "feed-legacy.json", ["--skip-classes", ""], folder: folder)
        #expect(example.indices == [exampleIndex])
    }

    @Test("an exact row matches that one cell")
    func exactRowMatchesOneCell() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let result = try Self.match("shop-home.json", ["--path", TreeAndPathTests.homeCellPath], in: folder)
        let index = try TreeAndPathTests.index(of: TreeAndPathTests.homeCellPath, in: "shop-home.json", folder: folder)
        #expect(result.indices == [index])
    }

    @Test("--event keeps only the views the event applies to")
    func eventFilter() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(
            try Self.match("shop-home.json", ["--path", Self.cellWildcard, "--event", "ListItemClick"], in: folder)
                .indices.count == 6)
        #expect(
            try Self.match("shop-home.json", ["--path", Self.buttonWildcard, "--event", "ButtonClick"], in: folder)
                .indices.count == 6)
        let cellsAsButtons = try CLI.run(
            ["match", CLI.sample("shop-home.json"), "--path", Self.cellWildcard, "--event", "ButtonClick"], in: folder)
        #expect(cellsAsButtons.status == 1)
        #expect(cellsAsButtons.stdout.isEmpty)
    }

    @Test("an unknown event name is a usage error")
    func unknownEvent() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["match", CLI.sample("shop-home.json"), "--path", Self.cellWildcard, "--event", "Bogus"], in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("Bogus"))
    }

    @Test("--condition title=… tells the sold-out row's button from the others")
    func titleCondition() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let restock = try Self.match(
            "shop-home.json", ["--path", Self.buttonWildcard, "--condition", "title=到货提醒"], in: folder)
        #expect(restock.indices.count == 1)
        let soldOutButton =
            TreeAndPathTests.homeCellPath.replacingOccurrences(of: "[0:3]", with: "[0:4]")
            + "/UITableViewCellContentView[0]/UIButton[0]"
        #expect(
            restock.indices == [try TreeAndPathTests.index(of: soldOutButton, in: "shop-home.json", folder: folder)])
        let addToCart = try Self.match(
            "shop-home.json", ["--path", Self.buttonWildcard, "--condition", "title=加入购物车"], in: folder)
        #expect(addToCart.indices.count == 5)
        #expect(!addToCart.indices.contains(restock.indices[0]))
    }

    @Test("a bar button path with * and an action condition finds that one button")
    func actionConditionOnBarButtons() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.match("shop-home.json", ["--path", Self.navButtons], in: folder).indices.count == 3)
        let messages = try CLI.run(
            [
                "match", CLI.sample("shop-home.json"), "--path", Self.navButtons,
                "--condition", "action=openMessages:", "--json",
            ], in: folder)
        let views = try CLI.objects(messages)
        #expect(views.count == 1)
        #expect(views.first?.string("class") == "_UIButtonBarButton")
        let scanner = try Self.match(
            "shop-home.json", ["--path", Self.navButtons, "--condition", "action=openScanner:"], in: folder)
        #expect(scanner.indices.count == 1)
        #expect(scanner.indices != views.compactMap { $0.int("index") })
    }

    @Test("alert actions are told apart by a title condition")
    func alertActionCondition() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try TreeAndPathTests.tree("checkout-alert.json", in: folder)
        let confirm = try #require(
            views.first {
                $0.string("class") == "_UIAlertControllerActionView"
                    && $0.string("path")?.contains("RepresentationView[1]") == true
            })
        let anyAction = try #require(confirm.string("path")).replacingOccurrences(
            of: "RepresentationView[1]", with: "RepresentationView[*]")
        #expect(
            try Self.match("checkout-alert.json", ["--path", anyAction, "--event", "AlertAction"], in: folder).indices
                .count == 2)
        let onlyConfirm = try Self.match(
            "checkout-alert.json", ["--path", anyAction, "--event", "AlertAction", "--condition", "title=确认"],
            in: folder)
        #expect(onlyConfirm.indices == [try #require(confirm.int("index"))])
    }

    @Test("a path that matches nothing exits 1, with a message on stderr")
    func noMatchExitsOne() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            [
                "match", CLI.sample("shop-home.json"), "--path",
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[1:*]",
            ], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("lasso: "))
        let other = try CLI.run(
            ["match", CLI.sample("shop-home.json"), "--path", Self.cellWildcard, "--condition", "title=nothing"],
            in: folder)
        #expect(other.status == 1)
    }

    /// Generic cells as the Swift runtime names them: one type parameter, and two (with ", " between them).
    static let genericCells = """
        {"format": "lasso.snapshot/1", "app": {"key": "demo-ios", "version": "1.0.0"},
         "root": {"class": "UIWindow", "children": [
          {"class": "UIView", "viewController": {"class": "ListViewController"}, "children": [
           {"class": "UICollectionView", "superclasses": ["UIScrollView", "UIView", "UIResponder", "NSObject"], "children": [
            {"class": "ShopKit.ListCell<ShopKit.Item>", "superclasses": ["UICollectionViewCell", "UIView", "UIResponder", "NSObject"],
             "indexPath": [0, 0], "properties": {"model": {"id": "A"}}},
            {"class": "ShopKit.PairCell<Swift.Int, Swift.String>", "superclasses": ["UICollectionViewCell", "UIView", "UIResponder", "NSObject"],
             "indexPath": [0, 1], "properties": {"model": {"id": "B"}}}]}]}]}}
        """

    @Test(
        "the path lasso prints for a generic class is read back by match, in every notation",
        arguments: ["ListCell<Item>", "PairCell<Int, String>"])
    func genericClassPathsRoundTrip(name: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let snapshot = try CLI.write(Self.genericCells, to: "generic.json", in: folder)
        let views = try CLI.objects(try CLI.run(["tree", snapshot, "--json"], in: folder))
        let cell = try #require(
            views.first { $0.string("name") == name || $0.string("path")?.contains("/" + name + "[") == true },
            "no view named \(name)")
        let index = try #require(cell.int("index"))
        for notation in ["lasso", "dash", "hubble"] {
            let printed = try CLI.run(
                ["path", snapshot, "--node", String(index), "--notation", notation, "--json"], in: folder)
            let path = try #require(try CLI.objects(printed).first?.string("path"))
            let matched = try CLI.run(["match", snapshot, "--path", path, "--json"], in: folder)
            #expect(matched.status == 0, "\(notation): lasso cannot read its own path \(path): \(matched.stderr)")
            if matched.status == 0 {
                #expect(try CLI.objects(matched).compactMap { $0.int("index") } == [index])
            }
        }
    }

    @Test(
        "a config saved for a generic cell can be listed again (the configs folder stays readable)",
        arguments: ["ListCell<Item>", "PairCell<Int, String>"])
    func genericClassConfigReadsBack(name: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let snapshot = try CLI.write(Self.genericCells, to: "generic.json", in: folder)
        let views = try CLI.objects(try CLI.run(["tree", snapshot, "--json"], in: folder))
        let cell = try #require(
            views.first { $0.string("name") == name || $0.string("path")?.contains("/" + name + "[") == true })
        let added = try CLI.run(
            [
                "config", "add", snapshot, "--node", String(try #require(cell.int("index"))), "--event",
                "ListItemClick",
                "--key-path", "model.id", "--key-name", "itemId", "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder)
        #expect(listed.status == 0, "a config lasso wrote is rejected by lasso: \(listed.stderr)")
        let validated = try CLI.run(["validate", "--configs", "cfg", snapshot, "--json"], in: folder)
        #expect(validated.status == 0, "\(validated.stderr)")
    }

    @Test("a malformed path is a usage error that names the bad segment")
    func malformedPath() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["match", CLI.sample("shop-home.json"), "--path", "HomeViewController[0]/UIView[[0"], in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("lasso: "))
        #expect(outcome.stderr.contains("UIView[[0"))
        #expect(outcome.stdout.isEmpty)
    }
}
