import LassoSnapshot
import _LassoTestSupport

/// Screens of the GrowingIO iOS autotracker's Example app as its A1ViewClickEventsTest taps them (4.11.0), rebuilt
/// as snapshots from the strings that test asserts: a tab bar controller of navigation controllers, each page's
/// views below. Each view a test names carries that name as its `id`.
enum GrowingIOScreens {
    /// A page of class `page` in the tab bar controller's navigation controller number `tab`, its root view holding
    /// `content`.
    static func screen(page: String, tab: Int, rootClass: String = "UIView", content: String) -> String {
        #"""
        {"class": "UIWindow", "children": [
          {"class": "UILayoutContainerView", "viewController": {"class": "UITabBarController", "superclasses": ["UIViewController"], "properties": {"childViewControllers": ["UINavigationController", "UINavigationController", "UINavigationController"]}}, "children": [
            {"class": "UITransitionView", "children": [
              {"class": "UIViewControllerWrapperView", "children": [
                {"class": "UILayoutContainerView", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController"], "childIndex": \#(tab)}, "children": [
                  {"class": "UINavigationTransitionView", "children": [
                    {"class": "UIViewControllerWrapperView", "children": [
                      {"class": "\#(rootClass)", "id": "root", "superclasses": ["UIScrollView", "UIView"], "viewController": {"class": "\#(page)", "superclasses": ["UIViewController"]}, "children": [
                        \#(content)]}]}]}]}]}]}]}]}
        """#
    }

    static let button = #""superclasses": ["UIButton", "UIControl", "UIView"]"#

    /// GIOSimpleUIElemtsViewController: two buttons in a view, and a segmented control whose segments sit two
    /// views below it.
    static let simpleElements = screen(
        page: "GIOSimpleUIElemtsViewController", tab: 1,
        content: #"""
            {"class": "UIView", "children": [
              {"class": "UIButton", "id": "food", "title": "Food", \#(button)},
              {"class": "UIButton", "id": "fire", "title": "Fire", \#(button)}]},
            {"class": "UISegmentedControl", "superclasses": ["UIControl", "UIView"], "state": {"selectedSegmentIndex": 1}, "children": [
              {"class": "UIView", "children": [
                {"class": "UIView", "children": [
                  {"class": "UISegment", "id": "segment0", "frame": [0, 0, 80, 30], "superclasses": ["UIImageView", "UIView"]},
                  {"class": "UISegment", "id": "segment1", "frame": [160, 0, 80, 30], "superclasses": ["UIImageView", "UIView"]},
                  {"class": "UISegment", "id": "segment2", "frame": [80, 0, 80, 30], "superclasses": ["UIImageView", "UIView"]}]}]}]}
            """#)

    /// GIOMeasurementProtocolTableViewController: a table whose section 1 header holds a button, and rows.
    static let measurementTable = screen(
        page: "GIOMeasurementProtocolTableViewController", tab: 0, rootClass: "UITableView",
        content: #"""
            {"class": "UITableViewHeaderFooterView", "role": "sectionHeader", "section": 1, "superclasses": ["UIView"], "children": [
              {"class": "UIButton", "id": "headerButton", \#(button)}]},
            {"class": "UITableViewCell", "id": "row0", "indexPath": [1, 0], "superclasses": ["UIView"]},
            {"class": "UITableViewCell", "id": "row2", "indexPath": [1, 2], "superclasses": ["UIView"], "children": [
              {"class": "UITableViewCellContentView", "children": [
                {"class": "UILabel", "id": "rowLabel", "text": "Row 2", "superclasses": ["UIView"]}]}]}
            """#)

    /// GrowingIgnoreViewViewController: buttons of their own classes straight under the page's view.
    static let ignoreView = screen(
        page: "GrowingIgnoreViewViewController", tab: 1,
        content: #"""
            {"class": "GrowingIgnoreButton2", "id": "ignore2", \#(button)},
            {"class": "GrowingNotIgnoreButton4", "id": "notIgnore4", \#(button)}
            """#)

    /// The unique-tag screen of test10: a tagged button, and two tagged views holding a button each.
    static let uniqueTags = screen(
        page: "GIOClickEventsViewController", tab: 1,
        content: #"""
            {"class": "UIButton", "id": "aaa", "properties": {"growingUniqueTag": "ButtonAAA"}, \#(button)},
            {"class": "UIView", "properties": {"growingUniqueTag": "EEEEE"}, "children": [
              {"class": "UIButton", "id": "eee", \#(button)}]},
            {"class": "UIView", "properties": {"growingUniqueTag": "CCCCC"}, "children": [
              {"class": "UIButton", "id": "ccc", \#(button)}]}
            """#)
}
