import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("Numbers from a snapshot never trap when they become integers")
struct HostileNumberTests {
    @Test("a pager page whose frame is far out gets a page number, not a trap", arguments: ["1e300", "-1e300", "3e38"])
    func farPagerPage(x: String) throws {
        let table = try SnapshotFixtures.table(
            root: #"""
                {"class": "UIWindow", "children": [{"class": "_UIQueuingScrollView", "frame": [0, 0, 1e-300, 1e-300], "children": [
                  {"class": "UIView", "frame": [\#(x), \#(x), 390, 800], "viewController": {"class": "StoryVC"}, "children": [{"class": "UILabel", "text": "far"}]}]}]}
                """#)
        let path = table.pathText(of: SnapshotFixtures.node("far", in: table.snapshot))
        #expect(path.hasPrefix("StoryVC["))
        #expect(path.hasSuffix("]/UIView[0]/UILabel[0]"))
    }
}
