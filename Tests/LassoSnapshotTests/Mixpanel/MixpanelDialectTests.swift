import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("The mixpanel dialect writes and reads selectors")
struct MixpanelDialectTests {
    @Test("a view's selector starts at the root controller, indexes only under views, and selects that view")
    func writesSelectors() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.objectSelection)
        let node = { (id: String) in d.snapshot.node(withID: id)! }
        #expect(d.location(of: node("l2"))?.path == "/UIView/UIView[0]/UILabel[1]")
        #expect(d.location(of: node("l4"))?.path == "/UIView/UIView[1]/UILabel[1]")
        #expect(d.location(of: node("v1"))?.path == "/UIView")
        // The window is above the root controller: no selector from it reaches the window.
        #expect(d.location(of: node("w")) == nil)
        #expect(d.select(try d.parse("/UIView/UIView[1]/UILabel[1]")) == [node("l4")])
    }

    @Test("through child controllers, cells indexed by y, and any row without the cell's index")
    func writesCellSelectors() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.cellOrdering(wrapper: true))
        let track = d.snapshot.node(withID: "track")!
        let people = d.snapshot.node(withID: "people")!
        #expect(
            d.location(of: track)?.path
                == "/HomeViewController/UITableViewController/UITableView/UITableViewWrapperView[0]/UITableViewCell[0]")
        #expect(
            d.location(of: people)?.path
                == "/HomeViewController/UITableViewController/UITableView/UITableViewWrapperView[0]/UITableViewCell[1]")
        let label = people + 2
        let anyRow = try #require(d.anyRowLocation(of: label))
        #expect(
            anyRow.path
                == "/HomeViewController/UITableViewController/UITableView/UITableViewWrapperView[0]/UITableViewCell/UITableViewCellContentView[0]/UILabel[0]"
        )
        #expect(
            d.select(try d.parse(anyRow.path)).map { d.snapshot.text(of: $0) } == [
                "Track", "Track people", "Time event",
            ])
        #expect(d.anyRowLocation(of: d.snapshot.node(withID: "table")!) == nil)
    }

    @Test("SDKProfile.mixpanel makes this dialect")
    func profileMakesDialect() throws {
        let snapshot = try SnapshotFixtures.snapshot(root: MixpanelScreens.objectSelection)
        let dialect = SDKProfile.mixpanel.dialect(for: snapshot)
        #expect(dialect.profile == .mixpanel)
        #expect(dialect.location(of: 3)?.path == "/UIView/UIView[0]/UILabel[0]")
    }

    @Test(
        "selectors the SDK would misread are refused with the place and the reason",
        arguments: [
            ("", "empty"),
            ("UIView/UILabel", "starts with /"),
            ("/UIView]x", "character 8"),
            ("/UILabel(unique)[0]", "(unique) works only at the very end"),
            ("/UILabel(first)", "unknown flag \"first\""),
            ("/UILabel[text LIKE 'a*']", "the LIKE operator"),
            ("/UILabel[text ==[c] 'a']", "operator option"),
            ("/UILabel[text == $name]", "$variable"),
            ("/UILabel[text == \"open]", "not closed"),
            ("/UILabel[]", "empty"),
            ("/UILabel[text ==]", "ends where a value"),
            ("/UILabel[(text == 'a']", "closes a ("),
            ("/UILabel[ANY tags == 'a']", "ANY aggregate"),
        ])
    func refuses(selector: String, words: String) throws {
        let error = try #require(throws: PathSyntaxError.self) { try MixpanelSelector.parse(selector) }
        #expect(error.reason.contains(words), "\(error.reason)")
    }

    @Test("quirks kept: an index past the end keeps all, (unique) needs exactly one, a negative index narrows nothing")
    func quirks() throws {
        let d = try MixpanelScreens.load(MixpanelScreens.objectSelection)
        let node = { (id: String) in MixpanelObject.view(d.snapshot.node(withID: id)!) }
        #expect(try d.select("/UIView/UIView/UILabel[5]", from: "v1") == ["l1", "l2", "l3", "l4"].map(node))
        #expect(try d.select("/UIView/UIView/UILabel[-1]", from: "v1") == ["l1", "l2", "l3", "l4"].map(node))
        #expect(try d.select("/UIView/UIView(unique)", from: "v1").isEmpty)
        #expect(try d.select("/UIView(unique)", from: "v1") == [node("v1")])
        #expect(try d.select("//UIView///UIView[1]", from: "v1") == [node("v3")])
        #expect(try d.select("/*/*/*", from: "w").isEmpty)
        #expect(
            try d.select(
                "/UIView/UIView/UILabel[text BEGINSWITH 'Label' AND NOT text IN {'Label 2', 'Label 3'}]", from: "v1")
                == ["l1", "l4"].map(node))
    }
}

@Suite("The snapshot's SDK fields are checked and read")
struct SnapshotSDKFieldTests {
    @Test(
        "a field of the wrong type is refused naming the view, the field, what was expected and found",
        arguments: [
            (#"{"class": "UIView", "id": 3}"#, ".id"),
            (#"{"class": "UIView", "role": "header"}"#, "sectionHeader"),
            (#"{"class": "UIView", "section": -1}"#, "a whole number"),
            (#"{"class": "UIView", "viewController": {"class": "A", "childIndex": 1.5}}"#, "a whole number"),
            (#"{"class": "UIView", "viewController": {"class": "A", "presented": "yes"}}"#, "presented"),
            (#"{"class": "UIWindow", "rootViewController": ["v1"]}"#, ".rootViewController"),
        ])
    func refusesWrongTypes(root: String, words: String) throws {
        do {
            _ = try SnapshotFixtures.snapshot(root: root)
            Issue.record("\(root) loaded")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
        }
    }

    @Test("the fields read back by name, kept among the view's own fields")
    func readsFields() throws {
        let snapshot = try SnapshotFixtures.snapshot(
            root: #"""
                {"class": "UIWindow", "rootViewController": "v1", "children": [
                  {"class": "UIView", "id": "v1", "viewController": {"class": "A", "childIndex": 2, "presented": true, "presentedViewController": "v2", "properties": {"childViewControllers": ["B", "C"]}}, "children": [
                    {"class": "UISegmentedControl", "ivar": "_segments", "state": {"selectedSegmentIndex": 1}},
                    {"class": "UITableViewHeaderFooterView", "role": "sectionFooter", "section": 3}]}]}
                """#)
        #expect(snapshot.rootViewControllerID(of: 0) == "v1")
        #expect(snapshot.nodeID(of: 1) == "v1")
        let controller = try #require(snapshot.controller(of: 1))
        #expect(controller.childIndex(in: snapshot) == 2)
        #expect(controller.isPresented(in: snapshot))
        #expect(controller.presentedViewControllerID(in: snapshot) == "v2")
        #expect(controller.childViewControllerClasses(in: snapshot) == ["B", "C"])
        #expect(snapshot.ivar(of: 2) == "_segments")
        #expect(snapshot.selectedSegmentIndex(of: 2) == 1)
        #expect(snapshot.role(of: 3)?.role == "sectionFooter" && snapshot.role(of: 3)?.section == 3)
        #expect(snapshot.unknownFields(of: 2)["ivar"] == .string("_segments"))
    }
}
