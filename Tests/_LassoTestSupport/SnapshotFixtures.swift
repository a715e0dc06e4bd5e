import Foundation
import LassoSnapshot

/// Small snapshots written inline, so each test shows the tree it is about.
public enum SnapshotFixtures {
    /// A snapshot whose root view is `root` (JSON text of a view object).
    public static func snapshot(root: String, app: String = #"{"key": "shop-ios", "version": "5.3.0"}"#) throws
        -> Snapshot
    {
        let text =
            #"{"format": "lasso.snapshot/1", "app": \#(app), "screen": {"width": 390, "height": 844}, "root": \#(root)}"#
        return try SnapshotLoader.load(bytes: Array(text.utf8), file: "fixture.json")
    }

    public static func table(root: String, profile: PathRules = .standard) throws -> PathTable {
        PathTable(try snapshot(root: root), profile: profile)
    }

    /// The first view (in pre-order) whose text or title is `text`.
    public static func node(_ text: String, in snapshot: Snapshot) -> Int {
        snapshot.indices.first { snapshot.text(of: $0) == text || snapshot.title(of: $0) == text }!
    }

    /// The legacy feed screen (docs/viewpath.md, "An example"): a slide controller whose second table (in a pre-iOS 11 wrapper) holds cells in reuse order.
    public static let seedScreen = #"""
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

    /// The shop screen the matching tests circle: a product list of cells with buttons and labels.
    public static let matchingScreen = #"""
        {"class": "UIWindow", "children": [{"class": "UIView", "viewController": {"class": "HomeViewController"}, "children": [
          {"class": "UINavigationBar", "children": [
            {"class": "_UIButtonBarButton", "superclasses": ["UIControl", "UIView"], "actions": ["openScanner:"], "accessibilityLabel": "scan"},
            {"class": "_UIButtonBarButton", "superclasses": ["UIControl", "UIView"], "actions": ["openMessages:"], "accessibilityLabel": "messages"}]},
          {"class": "UITableView", "children": [
            {"class": "ProductCell", "superclasses": ["UITableViewCell"], "indexPath": [0, 1], "properties": {"model": {"productId": "P2"}}, "children": [
              {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "加入购物车", "actions": ["addToCart:"]}]},
            {"class": "ProductCell", "superclasses": ["UITableViewCell"], "indexPath": [0, 0], "properties": {"model": {"productId": "P1"}}, "children": [
              {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "title": "已加入", "actions": ["addToCart:"]}]}]},
          {"class": "UISwitch", "superclasses": ["UIControl", "UIView"], "state": {"isOn": true}, "text": "switch"},
          {"class": "UIImageView", "gestures": ["UITapGestureRecognizer"], "text": "banner"},
          {"class": "UILabel", "gestures": ["UILongPressGestureRecognizer"], "text": "order"},
          {"class": "UISearchBar", "children": [{"class": "UISearchBarTextField", "superclasses": ["UITextField"], "text": "query"}]},
          {"class": "UITextField", "text": "secret"}]}]}
        """#

    /// The sample screens under Snapshots/ that the agreement tests run over.
    public static let samples = ["shop-home", "feed-legacy", "product-pager", "checkout-alert", "settings"]

    public static func sample(_ name: String) throws -> PathTable {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).json").path
        return PathTable(try SnapshotLoader.load(path: file))
    }
}
