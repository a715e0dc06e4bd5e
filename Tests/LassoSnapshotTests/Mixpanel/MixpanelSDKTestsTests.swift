import LassoSnapshot
import Testing
import _LassoTestSupport

/// Every selector assertion of mixpanel-iphone v3.9.2's own tests, on their screens rebuilt as snapshots.
@Suite("Mixpanel selectors select what the SDK's own tests assert")
struct MixpanelSDKTestsTests {
    // ABTestingTests.m testObjectSelection (L457-488).
    @Test("ABTestingTests testObjectSelection: 16 assertions")
    func objectSelection() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.objectSelection)
        #expect(try d.isLeafSelected("l2", "/UIView/UIView/UILabel", from: "v1"))
        #expect(try d.select("/UIViewController/UIView/UIView/UILabel", from: "w").first == d.view("l1"))

        let byIndex = "/UIView/UIView/UILabel[1]"
        let selected = try d.select(byIndex, from: "v1")
        #expect(selected.count >= 2)
        #expect(selected.first == d.view("l2"))
        #expect(selected.dropFirst().first == d.view("l4"))
        #expect(try d.isLeafSelected("l2", byIndex, from: "v1"))
        #expect(try d.isLeafSelected("l4", byIndex, from: "v1"))
        #expect(try !d.isLeafSelected("l1", byIndex, from: "v1"))

        let twoIndices = "/UIView/UIView[0]/UILabel[1]"
        #expect(try d.select(twoIndices, from: "v1").contains(d.view("l2")))
        #expect(try !d.select(twoIndices, from: "v1").contains(d.view("l4")))
        #expect(try d.isLeafSelected("l2", twoIndices, from: "v1"))
        #expect(try !d.isLeafSelected("l4", twoIndices, from: "v1"))
        #expect(try !d.isLeafSelected("l1", twoIndices, from: "v1"))

        #expect(try d.select("/UIView[0]/UIView/UILabel", from: "v1").isEmpty)

        let byPredicate = #"/UIView/UIView/UILabel[text == "Label 1"]"#
        #expect(try d.select(byPredicate, from: "v1").first == d.view("l1"))
        #expect(try d.isLeafSelected("l1", byPredicate, from: "v1"))
        #expect(try !d.isLeafSelected("l2", byPredicate, from: "v1"))
    }

    // ABTestingTests.m testUITableViewCellOrdering (L512-523), both branches of its OS check.
    @Test(
        "ABTestingTests testUITableViewCellOrdering: the topmost cell, with and without the wrapper",
        arguments: [false, true])
    func cellOrdering(wrapper: Bool) throws {
        let d = try MixpanelScreens.load(MixpanelScreens.cellOrdering(wrapper: wrapper))
        let selector =
            wrapper
            ? "/HomeViewController/UITableViewController/UITableView/UITableViewWrapperView/UITableViewCell[0]"
            : "/HomeViewController/UITableViewController/UITableView/UITableViewCell[0]"
        let selected = try d.select(selector, from: "nc")
        #expect(selected.count == 1)
        #expect(selected.allSatisfy { d.snapshot.isKind($0.node, of: "UITableViewCell") })
        let label = try #require(selected.first.map { d.snapshot.subtreeEnd(of: $0.node) - 1 })
        #expect(d.snapshot.text(of: label) == "Track")
        // The same selector through the SDK's default root, the key window's root controller.
        #expect(d.select(try d.parse(selector)) == [d.snapshot.node(withID: "track")!])
    }

    // EventBindingTests.m testUIControlBindings (L124-148, L196-197) and the binding's path after c3 moves.
    @Test("EventBindingTests testUIControlBindings: c1 and c2 by path, c3 beside c1")
    func controlBindings() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.controlBindings)
        let c1Path = "/UIViewController/UIView/UIView/UIControl"
        #expect(try d.select(c1Path, from: "nc").first == d.view("c1"))
        #expect(try d.select("/UIViewController/UIView/UIControl", from: "nc").first == d.view("c2"))
        // c3, added to v2, is bound too (the track call fires); c2 is not.
        #expect(try d.select(c1Path, from: "nc") == [d.view("c1"), d.view("c3")])
        #expect(try !d.isLeafSelected("c2", c1Path, from: "nc"))
    }

    // EventBindingTests.m testUITableViewBindings (L216-233).
    @Test("EventBindingTests testUITableViewBindings: the table controller's table")
    func tableViewBindings() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.tableViewBindings)
        #expect(try d.select("/UIViewController/UITableView", from: "nc").first == d.view("tv"))
    }

    // EventBindingTests.m testFingerprinting (L285-297): the predicates alone and as selectors from v1.
    @Test(
        "EventBindingTests testFingerprinting: versioned predicates",
        arguments: [
            (#"(mp_fingerprintVersion >= 1 AND true == true) OR 1 = 2"#, true),
            (#"(mp_fingerprintVersion >= 9999999 AND mp_crashOlderApps = "crash") OR 1 = 1"#, true),
            (#"(mp_fingerprintVersion >= 1 AND mp_varA = "not a real return value") OR 1 = 2"#, false),
        ])
    func fingerprinting(format: String, selected: Bool) throws {
        let d = try MixpanelScreens.load(MixpanelScreens.fingerprinting)
        let predicate = try MixpanelPredicateParser.parse(format)
        #expect(predicate.holds(on: d.view("b1"), in: d.tree) == selected)
        #expect(try d.isLeafSelected("b1", "/UIButton[\(format)]", from: "v1") == selected)
    }
}
