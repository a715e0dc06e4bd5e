import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("viewPath rules (docs/viewpath.md)")
struct PathRulesTests {
    @Test("the legacy feed's example path, wrapper kept when no class is skipped")
    func designExampleWithWrapper() throws {
        let table = try SnapshotFixtures.table(root: SnapshotFixtures.seedScreen, profile: PathRules(skipClasses: []))
        let node = SnapshotFixtures.node("second product", in: table.snapshot)
        #expect(
            table.pathText(of: node)
                == "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/UITableViewWrapperView[0]/HYGHallProductCell[0:2]/UITableViewCellContentView[0]/HYGHallProductView[1]"
        )
        #expect(
            PathNotation.dash.write(table.path(of: node))
                == "HYGHallSlideViewController-UIScrollView-HYGHallProductTableView-UITableViewWrapperView-HYGHallProductCell-UITableViewCellContentView-HYGHallProductView & 0-0-1-0-0:2-0-1"
        )
        #expect(table.viewId(of: node) == "e2d01804592f4f1b38a124cc7a296d76")
    }

    @Test("rule 6: the default profile leaves UITableViewWrapperView out of the paths inside it")
    func wrapperSkippedByDefault() throws {
        let table = try SnapshotFixtures.table(root: SnapshotFixtures.seedScreen)
        let node = SnapshotFixtures.node("second product", in: table.snapshot)
        #expect(
            table.pathText(of: node)
                == "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/HYGHallProductCell[0:2]/UITableViewCellContentView[0]/HYGHallProductView[1]"
        )
        let wrapper = table.snapshot.indices.first { table.snapshot.className(of: $0) == "UITableViewWrapperView" }!
        #expect(
            table.pathText(of: wrapper)
                == "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/UITableViewWrapperView[0]")
    }

    @Test("rule 5: a cell's index is its indexPath, not its place among the subviews")
    func cellIndexFromIndexPath() throws {
        let table = try SnapshotFixtures.table(root: SnapshotFixtures.seedScreen)
        let rowZero = SnapshotFixtures.node("row zero", in: table.snapshot)
        #expect(table.pathText(of: rowZero).contains("HYGHallProductCell[0:0]/"))
    }

    @Test("rule 5: a cell known by its class chain but without indexPath takes its place among the list's cells")
    func cellWithoutIndexPath() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "UITableView", "children": [
                  {"class": "UIImageView"},
                  {"class": "MyCell", "superclasses": ["UITableViewCell"], "text": "a"},
                  {"class": "OtherCell", "superclasses": ["UITableViewCell"], "text": "b"}]}]}
                """#)
        #expect(
            table.pathText(of: SnapshotFixtures.node("a", in: table.snapshot))
                == "UIWindow[0]/UITableView[0]/MyCell[0:0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("b", in: table.snapshot))
                == "UIWindow[0]/UITableView[0]/OtherCell[0:1]")
    }

    @Test("rule 4: a plain view's index counts only siblings of the same name")
    func sameNameSiblingIndex() throws {
        let root = #"""
            {"class": "UIWindow", "children": [{"class": "UIView", "children": [
              {"class": "UILabel", "text": "label"},
              {"class": "UIButton", "title": "one"},
              {"class": "ShopKit.UIButton", "title": "two"}]}]}
            """#
        let table = try SnapshotFixtures.table(root: root)
        #expect(
            table.pathText(of: SnapshotFixtures.node("one", in: table.snapshot)) == "UIWindow[0]/UIView[0]/UIButton[0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("two", in: table.snapshot)) == "UIWindow[0]/UIView[0]/UIButton[1]")
        let all = try SnapshotFixtures.table(root: root, profile: PathRules(siblingIndex: .all))
        #expect(all.pathText(of: SnapshotFixtures.node("two", in: all.snapshot)) == "UIWindow[0]/UIView[0]/UIButton[2]")
    }

    @Test("rule 4: removing a view of another class shifts no index")
    func removingOtherClassKeepsIndex() throws {
        let before = try SnapshotFixtures.table(
            root:
                #"{"class": "UIWindow", "children": [{"class": "UILabel"}, {"class": "UIButton"}, {"class": "UIButton", "title": "b2"}]}"#
        )
        let after = try SnapshotFixtures.table(
            root: #"{"class": "UIWindow", "children": [{"class": "UIButton"}, {"class": "UIButton", "title": "b2"}]}"#)
        #expect(
            before.pathText(of: SnapshotFixtures.node("b2", in: before.snapshot))
                == after.pathText(of: SnapshotFixtures.node("b2", in: after.snapshot)))
    }

    @Test("rules 1, 2, 7: the nearest view controller is the page, index 0, its root view 0")
    func pageSegment() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "UIView"}, {"class": "UIView", "children": [
                  {"class": "UIView"}, {"class": "UIView", "viewController": {"class": "Shop.HomeViewController"}, "children": [
                    {"class": "UILabel", "text": "hello"}]}]}]}
                """#)
        let label = SnapshotFixtures.node("hello", in: table.snapshot)
        #expect(table.pathText(of: label) == "HomeViewController[0]/UIView[0]/UILabel[0]")
        #expect(table.pathText(of: table.snapshot.parent(of: label)!) == "HomeViewController[0]/UIView[0]")
        #expect(table.pageChain(of: label) == ["HomeViewController"])
    }

    @Test("rule 2: with no view controller above, the window is the page")
    func windowIsPage() throws {
        let table = try SnapshotFixtures.table(
            root:
                #"{"class": "UIWindow", "children": [{"class": "UIView", "children": [{"class": "UILabel", "text": "x"}]}]}"#
        )
        #expect(
            table.pathText(of: SnapshotFixtures.node("x", in: table.snapshot)) == "UIWindow[0]/UIView[0]/UILabel[0]")
        #expect(table.pathText(of: 0) == "UIWindow[0]")
    }

    @Test("nested pages: a child view controller is the page of the views inside it")
    func nestedPages() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "UIView", "viewController": {"class": "ContainerViewController"}, "children": [
                  {"class": "UIView", "viewController": {"class": "ChildViewController"}, "children": [{"class": "UIButton", "title": "inner"}]},
                  {"class": "UIButton", "title": "outer"}]}]}
                """#)
        #expect(
            table.pathText(of: SnapshotFixtures.node("inner", in: table.snapshot))
                == "ChildViewController[0]/UIView[0]/UIButton[0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("outer", in: table.snapshot))
                == "ContainerViewController[0]/UIView[0]/UIButton[0]")
        #expect(
            table.pageChain(of: SnapshotFixtures.node("inner", in: table.snapshot)) == [
                "ContainerViewController", "ChildViewController",
            ])
    }

    @Test("rule 7: two instances of one controller are told apart by alias")
    func pageAlias() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [
                  {"class": "UIView", "viewController": {"class": "ProductListViewController", "alias": "hot"}, "children": [{"class": "UILabel", "text": "h"}]},
                  {"class": "UIView", "viewController": {"class": "ProductListViewController", "alias": "new"}, "children": [{"class": "UILabel", "text": "n"}]}]}
                """#)
        #expect(
            table.pathText(of: SnapshotFixtures.node("h", in: table.snapshot))
                == "ProductListViewController@hot[0]/UIView[0]/UILabel[0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("n", in: table.snapshot))
                == "ProductListViewController@new[0]/UIView[0]/UILabel[0]")
    }

    @Test("rule 7: a page in a paging scroll view takes its page number, whatever order the pages were added in")
    func pagerPageNumbers() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "UIScrollView", "frame": [0, 0, 390, 700], "state": {"pagingEnabled": true, "contentOffset": [390, 0]}, "children": [
                  {"class": "UIView", "frame": [780, 0, 390, 700], "viewController": {"class": "PageVC"}, "children": [{"class": "UILabel", "text": "third"}]},
                  {"class": "UIView", "frame": [0, 0, 390, 700], "viewController": {"class": "PageVC"}, "children": [{"class": "UILabel", "text": "first"}]},
                  {"class": "UIView", "frame": [390, 0, 390, 700], "viewController": {"class": "PageVC"}, "children": [{"class": "UILabel", "text": "second"}]}]}]}
                """#)
        #expect(
            table.pathText(of: SnapshotFixtures.node("third", in: table.snapshot)) == "PageVC[2]/UIView[0]/UILabel[0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("first", in: table.snapshot)) == "PageVC[0]/UIView[0]/UILabel[0]")
        #expect(
            table.pathText(of: SnapshotFixtures.node("second", in: table.snapshot)) == "PageVC[1]/UIView[0]/UILabel[0]")
    }

    @Test("rule 7: a vertical pager (_UIQueuingScrollView) numbers pages by center.y")
    func verticalPager() throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "_UIQueuingScrollView", "frame": [0, 0, 390, 800], "children": [
                  {"class": "UIView", "frame": [0, 1600, 390, 800], "viewController": {"class": "StoryVC"}, "children": [{"class": "UILabel", "text": "p2"}]}]}]}
                """#)
        #expect(
            table.pathText(of: SnapshotFixtures.node("p2", in: table.snapshot)) == "StoryVC[2]/UIView[0]/UILabel[0]")
    }

    @Test("a project's own skip list replaces the default")
    func customSkipList() throws {
        let table = try SnapshotFixtures.table(
            root:
                #"{"class": "UIWindow", "children": [{"class": "Spacer", "children": [{"class": "UILabel", "text": "x"}]}]}"#,
            profile: PathRules(skipClasses: ["Spacer"]))
        #expect(table.pathText(of: SnapshotFixtures.node("x", in: table.snapshot)) == "UIWindow[0]/UILabel[0]")
    }

    @Test("sha256 viewIds, when the project chooses them")
    func sha256ViewId() throws {
        let table = try SnapshotFixtures.table(
            root: SnapshotFixtures.seedScreen, profile: PathRules(skipClasses: [], hash: .sha256))
        #expect(
            table.viewId(of: SnapshotFixtures.node("second product", in: table.snapshot))
                == "50c38acc8678922927713bac08d10819747fdec30981aa95854b6dcb02d44cb8")
    }
}
