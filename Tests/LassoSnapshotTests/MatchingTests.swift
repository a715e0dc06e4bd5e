import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("Matching, events and conditions (docs/viewpath.md)")
struct MatchingTests {
    func matcher() throws -> PathMatcher {
        PathMatcher(try SnapshotFixtures.table(root: SnapshotFixtures.matchingScreen))
    }

    @Test("a wildcard row matches every cell of the section")
    func anyRow() throws {
        let matcher = try matcher()
        let found = matcher.matches(
            try PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]"))
        #expect(found.count == 2)
        #expect(
            matcher.matches(try PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:1]"))
                .count == 1)
        #expect(
            matcher.matches(try PathNotation.parse("OtherViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]"))
                .isEmpty)
    }

    @Test("conditions tell apart states sharing one path")
    func titleCondition() throws {
        let matcher = try matcher()
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]")
        #expect(matcher.matches(path).count == 2)
        let added = matcher.matches(path, conditions: [Condition(key: "title", value: "加入购物车")])
        #expect(added.count == 1)
        #expect(matcher.table.snapshot.title(of: added[0]) == "加入购物车")
        #expect(
            matcher.matches(path, conditions: [Condition(key: "superview.model.productId", value: "P1")]).count == 1)
    }

    @Test("a navigation bar button: any index, told apart by its action")
    func barButtonAction() throws {
        let matcher = try matcher()
        let snapshot = matcher.table.snapshot
        let messages = snapshot.indices.first { snapshot.accessibilityLabel(of: $0) == "messages" }!
        #expect(Condition.suggested(for: messages, in: snapshot) == [Condition(key: "action", value: "openMessages:")])
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/UINavigationBar[0]/_UIButtonBarButton[*]")
        #expect(matcher.matches(path, conditions: [Condition(key: "action", value: "openMessages:")]) == [messages])
    }

    @Test("state conditions compare booleans and numbers as text")
    func stateCondition() throws {
        let matcher = try matcher()
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/UISwitch[0]")
        #expect(matcher.matches(path, conditions: [Condition(key: "state.isOn", value: "true")]).count == 1)
        #expect(matcher.matches(path, conditions: [Condition(key: "isOn", value: "false")]).isEmpty)
        #expect(Condition(parsing: "title=a=b") == Condition(key: "title", value: "a=b"))
        #expect(Condition(parsing: "novalue") == nil)
    }

    @Test(
        "events apply by class chain, gestures and place",
        arguments: [
            ("switch", [EventType.valueChanged, .exposure]),
            ("banner", [.viewTap, .exposure]),
            ("order", [.longPress, .exposure]),
            ("query", [.searchSubmit, .exposure]),
            ("secret", [.exposure]),
            ("加入购物车", [.buttonClick, .exposure]),
        ])
    func applicableEvents(text: String, events: [EventType]) throws {
        let snapshot = try SnapshotFixtures.snapshot(root: SnapshotFixtures.matchingScreen)
        #expect(EventType.applicable(to: SnapshotFixtures.node(text, in: snapshot), in: snapshot) == events)
    }

    @Test("cells take ListItemClick and page roots PageView")
    func cellsAndPages() throws {
        let snapshot = try SnapshotFixtures.snapshot(root: SnapshotFixtures.matchingScreen)
        let cell = snapshot.indices.first { snapshot.indexPath(of: $0) != nil }!
        #expect(EventType.listItemClick.applies(to: cell, in: snapshot))
        #expect(EventType.pageView.applies(to: 1, in: snapshot))
        #expect(!EventType.pageView.applies(to: cell, in: snapshot))
    }

    @Test("matching with an event keeps only views it applies to")
    func eventFilter() throws {
        let matcher = try matcher()
        let path = try PathNotation.parse("HomeViewController[0]/UIView[0]/UISwitch[0]")
        #expect(matcher.matches(path, event: "ValueChanged").count == 1)
        #expect(matcher.matches(path, event: "ListItemClick").isEmpty)
    }

    @Test("alert actions get the alert's title and message as conditions")
    func alertConditions() throws {
        let snapshot = try SnapshotFixtures.snapshot(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "_UIAlertControllerView",
                  "viewController": {"class": "UIAlertController", "title": "确认支付", "properties": {"message": "余额支付"}}, "children": [
                  {"class": "_UIAlertControllerActionView", "title": "确认"}]}]}
                """#)
        let action = SnapshotFixtures.node("确认", in: snapshot)
        #expect(EventType.alertAction.applies(to: action, in: snapshot))
        #expect(
            Condition.suggested(for: action, in: snapshot) == [
                Condition(key: "alert.title", value: "确认支付"), Condition(key: "alert.message", value: "余额支付"),
            ])
    }
}
