import LassoSnapshot
import _LassoTestSupport

/// The screens of mixpanel-iphone's own tests (v3.9.2, HelloMixpanel/HelloMixpanelTests), rebuilt as snapshots;
/// each view that a test names carries that name as its `id`.
enum MixpanelScreens {
    static let label = #""superclasses": ["UIView", "UIResponder", "NSObject"]"#
    static let control = #""superclasses": ["UIView", "UIResponder", "NSObject"]"#
    static let controlKind = #""superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"]"#

    /// ABTestingTests `testObjectSelection`: w → vc → v1 → (v2 → l1, l2), (v3 → l3, l4).
    static let objectSelection = #"""
        {"class": "UIWindow", "id": "w", "rootViewController": "v1", "children": [
          {"class": "UIView", "id": "v1", "viewController": {"class": "UIViewController"}, "children": [
            {"class": "UIView", "id": "v2", "children": [
              {"class": "UILabel", "id": "l1", "text": "Label 1", \#(label)},
              {"class": "UILabel", "id": "l2", "text": "Label 2", \#(label)}]},
            {"class": "UIView", "id": "v3", "children": [
              {"class": "UILabel", "id": "l3", "text": "Label 3", \#(label)},
              {"class": "UILabel", "id": "l4", "text": "Label 4", \#(label)}]}]}]}
        """#

    /// EventBindingTests `testUIControlBindings`: a navigation controller whose only child vc holds
    /// v1 → (v2 → c1, c3), c2, with c3 added to v2 as the test does after binding.
    static let controlBindings = #"""
        {"class": "UIWindow", "id": "w", "children": [
          {"class": "UILayoutContainerView", "id": "nc", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController", "UIResponder", "NSObject"]}, "children": [
            {"class": "UINavigationTransitionView", "children": [
              {"class": "UIViewControllerWrapperView", "children": [
                {"class": "UIView", "id": "v1", "viewController": {"class": "UIViewController", "childIndex": 0}, "children": [
                  {"class": "UIView", "id": "v2", "children": [
                    {"class": "UIControl", "id": "c1", \#(control)},
                    {"class": "UIControl", "id": "c3", \#(control)}]},
                  {"class": "UIControl", "id": "c2", \#(control)}]}]}]},
            {"class": "UINavigationBar", "superclasses": ["UIView"]}]}]}
        """#

    /// EventBindingTests `testUITableViewBindings`: the navigation controller's child is a table controller whose
    /// view is its table of two cells.
    static let tableViewBindings = #"""
        {"class": "UIWindow", "id": "w", "children": [
          {"class": "UILayoutContainerView", "id": "nc", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController"]}, "children": [
            {"class": "UINavigationTransitionView", "children": [
              {"class": "UIViewControllerWrapperView", "children": [
                {"class": "UITableView", "id": "tv", "superclasses": ["UIScrollView", "UIView"], "viewController": {"class": "TableController", "superclasses": ["UITableViewController", "UIViewController"]}, "children": [
                  {"class": "UITableViewCell", "indexPath": [0, 0], "frame": [0, 0, 320, 44], "superclasses": ["UIView"]},
                  {"class": "UITableViewCell", "indexPath": [0, 1], "frame": [0, 44, 320, 44], "superclasses": ["UIView"]}]}]}]}]}]}
        """#

    /// EventBindingTests `testFingerprinting`: v1 → b1, a button titled "button", evaluated from v1 itself.
    static let fingerprinting = #"""
        {"class": "UIView", "id": "v1", "children": [
          {"class": "UIButton", "id": "b1", "title": "button", "frame": [2, 3, 4, 5], \#(controlKind)}]}
        """#

    /// ABTestingTests `testUITableViewCellOrdering`: HelloMixpanel's home screen, a navigation controller whose
    /// HomeViewController embeds a table controller; its cells sit in reuse order, so the first subview is not
    /// the topmost. `wrapper` puts them in the `UITableViewWrapperView` of iOS before 11.
    static func cellOrdering(wrapper: Bool) -> String {
        let cells = #"""
            {"class": "UITableViewCell", "id": "people", "frame": [0, 44, 375, 44], "indexPath": [0, 1], "superclasses": ["UIView"], "children": [
              {"class": "UITableViewCellContentView", "children": [{"class": "UILabel", "text": "Track people", \#(label)}]}]},
            {"class": "UITableViewCell", "id": "track", "frame": [0, 0, 375, 44], "indexPath": [0, 0], "superclasses": ["UIView"], "children": [
              {"class": "UITableViewCellContentView", "children": [{"class": "UILabel", "text": "Track", \#(label)}]}]},
            {"class": "UITableViewCell", "id": "time", "frame": [0, 88, 375, 44], "indexPath": [0, 2], "superclasses": ["UIView"], "children": [
              {"class": "UITableViewCellContentView", "children": [{"class": "UILabel", "text": "Time event", \#(label)}]}]}
            """#
        let table =
            wrapper
            ? #"{"class": "UITableViewWrapperView", "superclasses": ["UIScrollView", "UIView"], "children": [\#(cells)]}"#
            : cells
        return #"""
            {"class": "UIWindow", "id": "w", "children": [
              {"class": "UILayoutContainerView", "id": "nc", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController"]}, "children": [
                {"class": "UINavigationTransitionView", "children": [
                  {"class": "UIViewControllerWrapperView", "children": [
                    {"class": "UIView", "id": "home", "viewController": {"class": "HomeViewController", "superclasses": ["UIViewController"]}, "children": [
                      {"class": "UIView", "id": "container", "children": [
                        {"class": "UITableView", "id": "table", "superclasses": ["UIScrollView", "UIView"], "viewController": {"class": "UITableViewController", "superclasses": ["UIViewController"]}, "children": [
                          \#(table)]}]}]}]}]}]}]}
            """#
    }

    static func load(_ root: String) throws -> MixpanelDialect {
        MixpanelDialect(try SnapshotFixtures.snapshot(root: root))
    }
}

extension MixpanelDialect {
    /// The object a test names by its `id`: the controller for a root view named as the controller, else the view.
    func object(_ id: String) -> MixpanelObject {
        tree.root(at: snapshot.node(withID: id)!)
    }

    func view(_ id: String) -> MixpanelObject { .view(snapshot.node(withID: id)!) }

    /// `selectFromRoot:` of `selector` from the object named `root`.
    func select(_ selector: String, from root: String) throws -> [MixpanelObject] {
        try MixpanelSelector.parse(selector).select(from: object(root), in: tree)
    }

    /// `isLeafSelected:fromRoot:`.
    func isLeafSelected(_ leaf: String, _ selector: String, from root: String) throws -> Bool {
        try MixpanelSelector.parse(selector).isLeafSelected(view(leaf), from: object(root), in: tree)
    }
}
