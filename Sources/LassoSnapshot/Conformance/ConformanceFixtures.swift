/// The screens of the SDK conformance kit: together they exercise every rule of docs/viewpath.md (pages and root
/// views, Swift and mangled and generic names, same-name indices, cells and `UITableViewWrapperView`, pager pages,
/// page aliases, wildcards, conditions, navigation-bar buttons, an alert).
public enum ConformanceFixtures {
    static func document(_ root: String) -> String {
        #"{"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0", "platform": "ios"}, "screen": {"width": 390, "height": 844, "scale": 3}, "root": \#(root)}"#
    }

    public static let all: [ConformanceFixture] = [cellsAndWrappers, pager, aliases]

    /// A product list: a wrapper of iOS before 11, cells in reuse order, Swift, mangled and generic class names.
    public static let cellsAndWrappers = ConformanceFixture(
        name: "cells-and-wrappers",
        covers:
            "pages and root views, names without module (ShopKit.X, _TtC mangled, generics), same-name indices, cells as section:row, UITableViewWrapperView left out, navigation-bar buttons, any-row wildcards, conditions",
        snapshot: document(
            #"""
            {"class": "UIWindow", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 844], "children": [
              {"class": "UIView", "id": "home", "frame": [0, 0, 390, 844], "viewController": {"class": "ShopKit.HomeViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "title": "Home"}, "children": [
                {"class": "UINavigationBar", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 44, 390, 44], "children": [
                  {"class": "_UIButtonBarButton", "id": "scan", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [8, 0, 44, 44], "actions": ["openScanner:"], "accessibilityLabel": "scan"},
                  {"class": "_UIButtonBarButton", "id": "messages", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [338, 0, 44, 44], "actions": ["openMessages:"], "accessibilityLabel": "messages"}]},
                {"class": "UILabel", "id": "greeting", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 96, 200, 20], "text": "Hello", "gestures": ["UITapGestureRecognizer"]},
                {"class": "UITableView", "id": "table", "superclasses": ["UIScrollView", "UIView", "UIResponder", "NSObject"], "frame": [0, 120, 390, 724], "children": [
                  {"class": "UITableViewWrapperView", "superclasses": ["UIScrollView", "UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 724], "children": [
                    {"class": "_TtC7ShopKit11ProductCell", "id": "cell-1", "superclasses": ["UITableViewCell", "UIView", "UIResponder", "NSObject"], "frame": [0, 88, 390, 88], "indexPath": [0, 1], "properties": {"model": {"productId": "P2", "price": 59}}, "children": [
                      {"class": "UITableViewCellContentView", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 88], "children": [
                        {"class": "UILabel", "id": "name-1", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 8, 200, 20], "text": "Socks"},
                        {"class": "UIButton", "id": "add-1", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [290, 38, 84, 28], "title": "Add to cart", "actions": ["addToCart:"]}]}]},
                    {"class": "ShopKit.ProductCell", "id": "cell-0", "superclasses": ["UITableViewCell", "UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 88], "indexPath": [0, 0], "properties": {"model": {"productId": "P1", "price": 199}}, "children": [
                      {"class": "UITableViewCellContentView", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 88], "children": [
                        {"class": "UILabel", "id": "name-0", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 8, 200, 20], "text": "Shoes"},
                        {"class": "UIButton", "id": "add-0", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [290, 38, 84, 28], "title": "Add to cart", "actions": ["addToCart:"]}]}]},
                    {"class": "ShopKit.ListCell<ShopKit.Item>", "id": "more", "superclasses": ["UITableViewCell", "UIView", "UIResponder", "NSObject"], "frame": [0, 176, 390, 44], "indexPath": [1, 0], "children": [
                      {"class": "UILabel", "id": "more-label", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 12, 200, 20], "text": "More"}]}]}]}]}]}
            """#),
        configs: [
            .init(
                name: "product-of-any-row",
                viewPath:
                    "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]",
                event: "ButtonClick", keyPath: "superview.superview.model.productId"),
            .init(
                name: "second-row-price", viewPath: "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:1]",
                event: "ListItemClick", keyPath: "model.price"),
            .init(
                name: "bar-button-by-action",
                viewPath: "HomeViewController[0]/UIView[0]/UINavigationBar[0]/_UIButtonBarButton[*]",
                event: "ButtonClick",
                conditions: [Condition(key: "action", value: "openMessages:")], keyPath: "accessibilityLabel"),
            .init(
                name: "greeting-text", viewPath: "HomeViewController[0]/UIView[0]/UILabel[0]", event: "ViewTap",
                keyPath: "text"),
        ])

    /// A pager of product pages: each page's segment takes its page number; hidden pages keep their paths.
    public static let pager = ConformanceFixture(
        name: "pager",
        covers:
            "pager pages as the page segment's index (paging scroll views), child view controllers, wildcard page index",
        snapshot: document(
            #"""
            {"class": "UIWindow", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 844], "children": [
              {"class": "UIView", "id": "pager-root", "frame": [0, 0, 390, 844], "viewController": {"class": "ProductPagerViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"]}, "children": [
                {"class": "UIScrollView", "id": "pages", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 844], "state": {"pagingEnabled": true, "contentOffset": [390, 0]}, "children": [
                  {"class": "UIView", "id": "page-0", "frame": [0, 0, 390, 844], "viewController": {"class": "ProductDetailViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "childIndex": 0, "properties": {"productId": "P1"}}, "children": [
                    {"class": "UIButton", "id": "buy-0", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [20, 760, 350, 50], "title": "Buy", "actions": ["buy:"]}]},
                  {"class": "UIView", "id": "page-1", "frame": [390, 0, 390, 844], "viewController": {"class": "ProductDetailViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "childIndex": 1, "properties": {"productId": "P2"}}, "children": [
                    {"class": "UIButton", "id": "buy-1", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [20, 760, 350, 50], "title": "Buy", "actions": ["buy:"]}]},
                  {"class": "UIView", "id": "page-2", "frame": [780, 0, 390, 844], "viewController": {"class": "ProductDetailViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "childIndex": 2, "properties": {"productId": "P3"}}, "children": [
                    {"class": "UIButton", "id": "buy-2", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [20, 760, 350, 50], "title": "Buy", "actions": ["buy:"]}]}]}]}]}
            """#),
        configs: [
            .init(
                name: "buy-on-any-page", viewPath: "ProductDetailViewController[*]/UIView[0]/UIButton[0]",
                event: "ButtonClick",
                keyPath: "title"),
            .init(
                name: "buy-on-page-2", viewPath: "ProductDetailViewController[2]/UIView[0]/UIButton[0]",
                event: "ButtonClick",
                keyPath: "title"),
        ])

    /// Two lists of one controller class told apart by alias, a switch and a segmented control told apart by state.
    public static let aliases = ConformanceFixture(
        name: "aliases",
        covers: "page aliases, state conditions (isOn, selectedSegmentIndex), same-name indices among mixed siblings",
        snapshot: document(
            #"""
            {"class": "UIWindow", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 844], "children": [
              {"class": "UIView", "id": "lists", "frame": [0, 0, 390, 844], "viewController": {"class": "ListsViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"]}, "children": [
                {"class": "UIView", "id": "hot", "frame": [0, 0, 390, 400], "viewController": {"class": "ProductListViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "alias": "hot"}, "children": [
                  {"class": "UILabel", "id": "hot-title", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 8, 200, 20], "text": "Hot", "gestures": ["UITapGestureRecognizer"]},
                  {"class": "UISwitch", "id": "hot-switch", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [300, 8, 51, 31], "state": {"isOn": true}, "actions": ["toggle:"]},
                  {"class": "UILabel", "id": "hot-subtitle", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 40, 200, 20], "text": "Trending now"}]},
                {"class": "UIView", "id": "new", "frame": [0, 400, 390, 444], "viewController": {"class": "ProductListViewController", "superclasses": ["UIViewController", "UIResponder", "NSObject"], "alias": "new"}, "children": [
                  {"class": "UILabel", "id": "new-title", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [16, 8, 200, 20], "text": "New"},
                  {"class": "UISegmentedControl", "id": "new-segments", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "frame": [16, 40, 300, 32], "state": {"selectedSegmentIndex": 1}, "actions": ["segmentChanged:"]}]}]}]}
            """#),
        configs: [
            .init(
                name: "hot-title", viewPath: "ProductListViewController@hot[0]/UIView[0]/UILabel[0]", event: "ViewTap",
                keyPath: "text"),
            .init(
                name: "switch-on", viewPath: "ProductListViewController@hot[0]/UIView[0]/UISwitch[0]",
                event: "ValueChanged",
                conditions: [Condition(key: "state.isOn", value: "true")], keyPath: "state.isOn"),
            .init(
                name: "second-segment", viewPath: "ProductListViewController@new[0]/UIView[0]/UISegmentedControl[0]",
                event: "ValueChanged", conditions: [Condition(key: "state.selectedSegmentIndex", value: "1")],
                keyPath: "state.selectedSegmentIndex"),
        ])
}
