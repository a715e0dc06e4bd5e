import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("Rule 3: class names lose their Swift module")
struct ClassNameTests {
    @Test(
        "a module prefix is dropped",
        arguments: [
            ("ShopKit.ProductCell", "ProductCell"),
            ("UILabel", "UILabel"),
            ("_TtC7ShopKit11ProductCell", "ProductCell"),
            ("_TtCC7ShopKit5Outer5Inner", "Outer.Inner"),
            ("ShopKit.ListCell<ShopKit.Item>", "ListCell<Item>"),
            ("ShopKit.Pair<ShopKit.A, Foundation.Date>", "Pair<A, Date>"),
            ("_TtC3App", "_TtC3App"),
            ("_UIButtonBarButton", "_UIButtonBarButton"),
        ])
    func pathName(runtime: String, expected: String) {
        #expect(ClassName.pathName(runtime) == expected)
    }

    @Test("a class moved between modules, or rewritten from Objective-C, keeps its path")
    func movedClassKeepsPath() throws {
        let swift = try SnapshotFixtures.table(
            root: #"{"class": "UIWindow", "children": [{"class": "AppA.ProductCell", "indexPath": [0, 1]}]}"#)
        let objc = try SnapshotFixtures.table(
            root: #"{"class": "UIWindow", "children": [{"class": "_TtC4AppB11ProductCell", "indexPath": [0, 1]}]}"#)
        #expect(swift.path(of: 1) == objc.path(of: 1))
        #expect(swift.pathText(of: 1) == "UIWindow[0]/ProductCell[0:1]")
    }
}
