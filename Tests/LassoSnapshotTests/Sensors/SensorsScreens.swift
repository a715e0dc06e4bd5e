import LassoSnapshot
import _LassoTestSupport

/// The screen of sa-sdk-ios's own tests (SensorsAnalyticsTests/AutoTrack/ElementViewController.m in a tab bar
/// controller's second navigation controller, as SAVisualizedUtilsTest and SAAutoTrackUtilsTest set it up),
/// rebuilt as a snapshot; each view a test names carries that name as its `id`.
enum SensorsScreens {
    static let view = #""superclasses": ["UIResponder", "NSObject"]"#
    static let control = #""superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"]"#
    static let button = #""superclasses": ["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"]"#
    static let cell = #""superclasses": ["UIView", "UIResponder", "NSObject"]"#

    /// `wrapper` puts the table's cells in the `UITableViewWrapperView` of iOS before 11.
    static func element(wrapper: Bool = false) -> String {
        let cells = (0..<4).map { row in
            #"{"class": "UITableViewCell", "id": "cell\#(row)", "indexPath": [0, \#(row)], "frame": [0, \#(row * 44), 375, 44], \#(cell), "children": [{"class": "UITableViewCellContentView", "children": [{"class": "UILabel", "text": "Section: 0, Row: \#(row)", "superclasses": ["UIView"]}]}]}"#
        }.joined(separator: ",\n")
        let table =
            wrapper
            ? #"{"class": "UITableViewWrapperView", "superclasses": ["UIScrollView", "UIView"], "children": [\#(cells)]}"#
            : cells
        return #"""
            {"class": "UIWindow", "children": [
              {"class": "UILayoutContainerView", "viewController": {"class": "UITabBarController", "superclasses": ["UIViewController"], "properties": {"childViewControllers": ["UINavigationController", "UINavigationController"]}}, "children": [
                {"class": "UITransitionView", "children": [
                  {"class": "UIViewControllerWrapperView", "children": [
                    {"class": "UILayoutContainerView", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController"], "childIndex": 1, "properties": {"childViewControllers": ["ElementViewController"]}}, "children": [
                      {"class": "UINavigationTransitionView", "children": [
                        {"class": "UIViewControllerWrapperView", "children": [
                          {"class": "UIView", "id": "root", "viewController": {"class": "ElementViewController", "superclasses": ["UIViewController"], "title": "Element", "childIndex": 0}, "children": [
                            {"class": "UIScrollView", "id": "scrollView", "superclasses": ["UIView"], "children": [
                              {"class": "UIButton", "id": "firstButton", "ivar": "_firstButton", "title": "FirstButton", "properties": {"sensorsAnalyticsViewID": "FirstButtonViewId"}, \#(control)},
                              {"class": "CustomButton", "id": "secondButton", "ivar": "_secondButton", "title": "SecondButton", \#(button)},
                              {"class": "UIStepper", "id": "stepper", "ivar": "_stepper", \#(control)},
                              {"class": "UISlider", "id": "slider", "ivar": "_slider", \#(control)},
                              {"class": "UISwitch", "id": "uiswitch", "ivar": "_uiswitch", \#(control)},
                              {"class": "UISegmentedControl", "id": "segmentedControl", "ivar": "_segmentedControl", "state": {"selectedSegmentIndex": 1}, \#(control), "children": [
                                {"class": "UISegment", "id": "segment2", "frame": [200, 0, 100, 40], "superclasses": ["UIImageView", "UIView"]},
                                {"class": "UISegment", "id": "segment0", "frame": [0, 0, 100, 40], "superclasses": ["UIImageView", "UIView"]},
                                {"class": "UISegment", "id": "segment1", "frame": [100, 0, 100, 40], "superclasses": ["UIImageView", "UIView"]}]},
                              {"class": "UILabel", "id": "label", "text": "这是一个可以点击的 Label", "superclasses": ["UIView"]},
                              {"class": "UIImageView", "id": "imageView", "superclasses": ["UIView"]}]},
                            {"class": "UITableView", "id": "tableView", "superclasses": ["UIScrollView", "UIView"], "children": [
                              \#(table)]}]}]}]},
                      {"class": "UINavigationBar", "superclasses": ["UIView"]}]}]}]},
                {"class": "UITabBar", "superclasses": ["UIView"], "children": [
                  {"class": "UITabBarButton", "id": "tab0", \#(control)},
                  {"class": "UITabBarButton", "id": "tab1", \#(control)}]}]}]}
            """#
    }

    static func snapshot(wrapper: Bool = false) throws -> Snapshot {
        try SnapshotFixtures.snapshot(root: element(wrapper: wrapper))
    }
}

extension Snapshot {
    /// The view a test names by its `id`.
    func named(_ id: String) -> Int { node(withID: id)! }
}
