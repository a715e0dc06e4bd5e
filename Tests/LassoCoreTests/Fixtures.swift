import LassoCore

/// Small snapshots written inline, so each test shows the tree it is about.
enum Fixtures {
    /// A snapshot whose root view is `root` (JSON text of a view object).
    static func snapshot(root: String, app: String = #"{"key": "shop-ios", "version": "5.3.0"}"#) throws -> Snapshot {
        let text =
            #"{"format": "lasso.snapshot/1", "app": \#(app), "screen": {"width": 390, "height": 844}, "root": \#(root)}"#
        return try SnapshotLoader.load(bytes: Array(text.utf8), file: "fixture.json")
    }

    static func table(root: String, profile: PathRules = .standard) throws -> PathTable {
        PathTable(try snapshot(root: root), profile: profile)
    }

    /// The first view (in pre-order) whose text or title is `text`.
    static func node(_ text: String, in snapshot: Snapshot) -> Int {
        snapshot.indices.first { snapshot.text(of: $0) == text || snapshot.title(of: $0) == text }!
    }

    /// The legacy feed screen (docs/viewpath.md, "An example"): a slide controller whose second table (in a pre-iOS 11 wrapper) holds cells in reuse order.
    static let seedScreen = #"""
        {"class": "UIWindow", "frame": [0, 0, 375, 667], "children": [
          {"class": "UIScrollView", "frame": [0, 0, 375, 667],
           "viewController": {"class": "HYGHallSlideViewController"},
           "children": [
            {"class": "HYGHallProductTableView", "frame": [0, 0, 375, 667]},
            {"class": "UILabel", "text": "between"},
            {"class": "HYGHallProductTableView", "frame": [375, 0, 375, 667], "children": [
              {"class": "UITableViewWrapperView", "frame": [0, 0, 375, 667], "children": [
                {"class": "HYGHallProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 2], "children": [
                  {"class": "UITableViewCellContentView", "children": [
                    {"class": "HYGHallProductView", "text": "first product"},
                    {"class": "HYGHallProductView", "text": "second product", "properties": {"model": {"productId": "P1002"}}}
                  ]}
                ]},
                {"class": "HYGHallProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "children": [
                  {"class": "UITableViewCellContentView", "children": [
                    {"class": "HYGHallProductView", "text": "row zero"}
                  ]}
                ]}
              ]}
            ]}
          ]}
        ]}
        """#
}
