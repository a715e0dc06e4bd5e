import Foundation
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The `xpath` and `xcontent` strings GrowingIO's own A1ViewClickEventsTest asserts (growingio-sdk-ios-autotracker
/// 4.11.0), on its screens rebuilt as snapshots (GrowingIOScreens).
@Suite("GrowingIO iOS: the SDK's own test strings")
struct GrowingIOSDKTestsTests {
    static let simplePage = "/UITabBarController/UINavigationController/GIOSimpleUIElemtsViewController"

    @Test(
        "A1ViewClickEventsTest: xpath, xcontent and originxcontent of each tapped view",
        arguments: [
            // test03, test04, test06: the buttons "Food" and "Fire".
            ("simple", "food", simplePage + "/UIView/UIView/UIButton", "/0/1/0/0/0/0", "/0/1/0/0/0/0"),
            ("simple", "fire", simplePage + "/UIView/UIView/UIButton", "/0/1/0/0/0/1", "/0/1/0/0/0/1"),
            // test05: the segment, the innermost list item, written -.
            (
                "simple", "segment1", simplePage + "/UIView/UISegmentedControl/UIView/UIView/UISegment",
                "/0/1/0/0/0/0/0/-", "/0/1/0/0/0/0/0/1"
            ),
            // test07: a button in a table's section header.
            (
                "table", "headerButton",
                "/UITabBarController/UINavigationController/GIOMeasurementProtocolTableViewController/UITableView/UITableViewHeaderFooterView/UIButton",
                "/0/0/0/0/1/0", "/0/0/0/0/1/0"
            ),
            // test08, test09.
            (
                "ignore", "ignore2",
                "/UITabBarController/UINavigationController/GrowingIgnoreViewViewController/UIView/GrowingIgnoreButton2",
                "/0/1/0/0/0", "/0/1/0/0/0"
            ),
            (
                "ignore", "notIgnore4",
                "/UITabBarController/UINavigationController/GrowingIgnoreViewViewController/UIView/GrowingNotIgnoreButton4",
                "/0/1/0/0/0", "/0/1/0/0/0"
            ),
            // test10: a unique tag restarts the xpath and leaves the page out.
            ("tags", "aaa", "/ButtonAAA", "/0", "/0"),
            ("tags", "ccc", "/CCCCC/UIButton", "/1/0", "/1/0"),
            ("tags", "eee", "/EEEEE/UIButton", "/0/0", "/0/0"),
        ])
    func clickEvents(screen: String, view: String, xpath: String, xcontent: String, origin: String) throws {
        let root =
            switch screen {
            case "simple": GrowingIOScreens.simpleElements
            case "table": GrowingIOScreens.measurementTable
            case "ignore": GrowingIOScreens.ignoreView
            default: GrowingIOScreens.uniqueTags
            }
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let dialect = GrowingIODialect(snapshot)
        let node = snapshot.named(view)
        let entries = dialect.entries(of: node)
        #expect(entries.xpath == xpath)
        #expect(entries.xcontent == xcontent)
        #expect(entries.originxcontent == origin)
        let location = try #require(dialect.location(of: node))
        #expect(location.path == "\(xpath) \(origin)")
        #expect(location[field: "xcontent"] == xcontent)
        #expect(dialect.select(try dialect.parse(location.path)) == [node])
    }

    @Test("a table row: Section entries, the row open in xcontent, its index, and every row selected by it")
    func tableRows() throws {
        let snapshot = try SnapshotFixtures.snapshot(root: GrowingIOScreens.measurementTable)
        let dialect = GrowingIODialect(snapshot)
        let page = "/UITabBarController/UINavigationController/GIOMeasurementProtocolTableViewController/UITableView"
        let label = dialect.entries(of: snapshot.named("rowLabel"))
        #expect(label.xpath == page + "/Section/UITableViewCell/UITableViewCellContentView/UILabel")
        #expect(label.xcontent == "/0/0/0/0/1/-/0/0")
        #expect(label.originxcontent == "/0/0/0/0/1/2/0/0")
        #expect(label.index == 2)
        let anyRow = try #require(dialect.anyRowLocation(of: snapshot.named("row2")))
        #expect(anyRow.path == page + "/Section/UITableViewCell /0/0/0/0/1/-")
        #expect(dialect.select(try dialect.parse(anyRow.path)) == [snapshot.named("row0"), snapshot.named("row2")])
        // The xpath alone names every view with that xpath.
        #expect(dialect.select(try dialect.parse(page + "/Section/UITableViewCell")).count == 2)
    }

    @Test(
        "stored paths the SDK never writes are refused in words",
        arguments: [
            ("UIView/UIButton", "starts with /"), ("/UIView//UIButton", "empty"), ("/UIView/UIButton /0", "entries"),
            ("/UIView/UIButton /0/x", "expected a number"), ("/UIView /0 /0", "spaces"),
        ])
    func refusesBadPaths(text: String, words: String) throws {
        let dialect = GrowingIODialect(try SnapshotFixtures.snapshot(root: GrowingIOScreens.ignoreView))
        do {
            _ = try dialect.parse(text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.reason.contains(words), "\(error.reason)")
        }
    }

    /// A3PageEventsTest.m: the click on "Button" of GrowingAutotrackPageViewController, with its page alias as the
    /// event's `path` (test01, test03) and without one (test02, test04: the page is tracked later).
    @Test("A3PageEventsTest: xpath, xcontent and the page alias as path", arguments: [true, false])
    func pageEvents(alias: Bool) throws {
        let page = "GrowingAutotrackPageViewController"
        var root = GrowingIOScreens.screen(
            page: page, tab: 0,
            content: #"{"class": "UIButton", "id": "button", "title": "Button", \#(GrowingIOScreens.button)}"#)
        if alias {
            root = root.replacingOccurrences(
                of: #""class": "\#(page)""#, with: #""class": "\#(page)", "alias": "页面测试""#)
        }
        let snapshot = try SnapshotFixtures.snapshot(root: root)
        let location = try #require(GrowingIODialect(snapshot).location(of: snapshot.named("button")))
        #expect(location[field: "xpath"] == "/UITabBarController/UINavigationController/\(page)/UIView/UIButton")
        #expect(location[field: "xcontent"] == "/0/0/0/0/0")
        #expect(location[field: "path"] == (alias ? "/页面测试" : ""))
    }
}
