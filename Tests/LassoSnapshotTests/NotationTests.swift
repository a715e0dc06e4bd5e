import LassoSnapshot
import Testing

@Suite("Notations and wildcards (docs/viewpath.md)")
struct NotationTests {
    static let seedLasso =
        "HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/UITableViewWrapperView[0]/HYGHallProductCell[0:2]/UITableViewCellContentView[0]/HYGHallProductView[1]"
    static let seedDash =
        "HYGHallSlideViewController-UIScrollView-HYGHallProductTableView-UITableViewWrapperView-HYGHallProductCell-UITableViewCellContentView-HYGHallProductView & 0-0-1-0-0:2-0-1"
    static let seedHubble =
        "HYGHallSlideViewController(0)_UIScrollView(0)_HYGHallProductTableView(1)_UITableViewWrapperView(0)_HYGHallProductCell(section:0 row:2)_UITableViewCellContentView(0)_HYGHallProductView(1)"

    @Test("the legacy feed example's dash form reads to the same path as its lasso form")
    func dashEqualsLasso() throws {
        let dash = try PathNotation.parse(Self.seedDash)
        let lasso = try PathNotation.parse(Self.seedLasso)
        #expect(dash == lasso)
        #expect(PathNotation.detect(Self.seedDash) == .dash)
        #expect(PathNotation.lasso.write(dash) == Self.seedLasso)
    }

    @Test("every notation writes and reads back the same path", arguments: PathNotation.allCases)
    func roundTrip(notation: PathNotation) throws {
        let path = try PathNotation.parse("Page@hot[2]/UIView[0]/UITableView[*]/ProductCell[0:*]/UIButton[3]")
        let text = notation.write(path)
        #expect(try PathNotation.parse(text) == path)
        #expect(try notation.parse(text) == path)
    }

    @Test("hubble writes cells as (section:s row:r) and reads item: too")
    func hubbleCells() throws {
        let path = try PathNotation.parse(Self.seedLasso)
        #expect(PathNotation.hubble.write(path) == Self.seedHubble)
        let item = try PathNotation.parse("VC(0)_UICollectionView(0)_MyCell(section:1 item:7)")
        #expect(item.segments[2].index == .cell(section: 1, row: 7))
    }

    @Test("hubble names with underscores still split right")
    func hubbleUnderscores() throws {
        let path = try PathNotation.parse("_UIQueuingScrollView(0)__UIPageViewControllerContentView(1)")
        #expect(path.segments.map(\.name) == ["_UIQueuingScrollView", "_UIPageViewControllerContentView"])
    }

    @Test(
        "bad paths are refused with a reason",
        arguments: [
            "", "UIView[0]/", "UIView[x]", "UIView[0:1:2]", "[0]", "A-B & 0", "UIView[-1]", "A(0)B(1)",
        ])
    func badPaths(text: String) {
        #expect(throws: PathSyntaxError.self) { try PathNotation.parse(text) }
    }

    @Test("wildcards: * in an index or in either half of a cell index")
    func wildcards() throws {
        let concrete = try PathNotation.parse("VC[0]/UIView[0]/Cell[1:5]/UIButton[2]")
        for pattern in [
            "VC[0]/UIView[0]/Cell[1:*]/UIButton[2]", "VC[0]/UIView[0]/Cell[*:5]/UIButton[*]",
            "VC[0]/UIView[*]/Cell[*]/UIButton[2]",
        ] {
            #expect(try PathNotation.parse(pattern).matches(concrete), "\(pattern)")
        }
        for pattern in [
            "VC[0]/UIView[0]/Cell[0:*]/UIButton[2]", "VC[0]/UIView[0]/Cell[1:5]",
            "VC[0]/UIView[0]/Cell[1:5]/UILabel[2]", "VC@a[0]/UIView[0]/Cell[1:5]/UIButton[2]",
        ] {
            #expect(try !PathNotation.parse(pattern).matches(concrete), "\(pattern)")
        }
    }
}
