import LassoCore
import Testing

@Suite("Every class name survives every notation")
struct PathNameRoundTripTests {
    static let runtimeNames = [
        "ShopKit.ListCell<(Swift.Int, Swift.String)>", "ShopKit.Box<any ShopKit.A & ShopKit.B>", "Weird/Name",
        "Cell[Int]", "Odd(1)", "A@B", "Percent%20Name", "Dash-Name", "_UIQueuingScrollView", "商品Cell",
        "ShopKit.Outer.Inner", "Optional<ShopKit.Item>?", "Dict<Swift.String: Swift.Int>",
    ]

    @Test("module stripping keeps tuples, compositions and optionals whole")
    func stripping() {
        #expect(ClassName.pathName("ShopKit.ListCell<(Swift.Int, Swift.String)>") == "ListCell<(Int, String)>")
        #expect(ClassName.pathName("ShopKit.Box<any ShopKit.A & ShopKit.B>") == "Box<any A & B>")
        #expect(ClassName.pathName("Optional<ShopKit.Item>?") == "Optional<Item>?")
        #expect(ClassName.pathName("ShopKit.ProductCell") == "ProductCell")
    }

    @Test("a path of any names reads back the same in every notation", arguments: runtimeNames)
    func roundTrip(runtime: String) throws {
        let name = ClassName.pathName(runtime)
        let path = ViewPath([
            PathSegment(name: "HomeViewController", alias: "hot-deals", index: .position(0)),
            PathSegment(name: name, index: .position(3)),
            PathSegment(name: name, alias: nil, index: .cell(section: 0, row: nil)),
            PathSegment(name: "UIButton", index: .position(nil)),
        ])
        for notation in PathNotation.allCases {
            let text = notation.write(path)
            #expect(try notation.parse(text) == path, "\(notation): \(text)")
            #expect(try PathNotation.parse(text) == path, "detected from \(text)")
        }
    }

    @Test("ordinary names are written exactly as the SDKs write them")
    func ordinaryNamesUnchanged() throws {
        let text = "HYGHallSlideViewController[0]/UIScrollView[0]/_UIQueuingScrollView[1]/ProductCell[0:2]/UILabel[0]"
        #expect(PathNotation.lasso.write(try PathNotation.parse(text)) == text)
    }
}
