import LassoSnapshot
import Testing

@Suite("Every class name survives every notation")
struct PathNameRoundTripTests {
    static let runtimeNames = [
        "ShopKit.ListCell<(Swift.Int, Swift.String)>", "ShopKit.Box<any ShopKit.A & ShopKit.B>", "Weird/Name",
        "Cell[Int]", "Odd(1)", "A@B", "Percent%20Name", "Dash-Name", "_UIQueuingScrollView", "商品Cell",
        "ShopKit.Outer.Inner", "Optional<ShopKit.Item>?", "Dict<Swift.String: Swift.Int>",
        // Whitespace at either end, controls, and marks that join the character before them.
        " Lead", "Trail ", "  ", "Line\n", "\tTab", "Nul\u{0}Mid", "Del\u{7F}", "\u{85}Nel", "Nbsp\u{A0}",
        "\u{3000}Ideo",
        "Sep\u{2028}", "\u{301}Acute", "Prepend\u{600}", "Zwj\u{200D}", "%C2%A0", "%", "ShopKit.",
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

    @Test("a name stripped of its module to nothing keeps its runtime name")
    func emptyAfterStripping() {
        #expect(ClassName.pathName("ShopKit.") == "ShopKit.")
        #expect(ClassName.pathName(".") == ".")
    }

    @Test("whitespace at a name's ends and controls are written as %XX, UTF-8 bytes for the others")
    func escapedForms() {
        let path = ViewPath([
            PathSegment(name: " A\u{A0}", alias: "x\n", index: .position(0)),
            PathSegment(name: "B C", index: .position(1)),
        ])
        #expect(PathNotation.lasso.write(path) == "%20A%C2%A0@x%0A[0]/B C[1]")
    }

    @Test("a % that spells no UTF-8 character stays a %, and such a name reads back the same")
    func percentWithoutCharacter() throws {
        let path = try PathNotation.parse("A%C3%28[0]/B%[1]/C%4[2]/D%zz[3]/%E2%82[4]")
        #expect(path.segments.map(\.name) == ["A%C3(", "B%", "C%4", "D%zz", "%E2%82"])
        for notation in PathNotation.allCases {
            #expect(try PathNotation.parse(notation.write(path)) == path, "\(notation)")
        }
    }

    @Test("ordinary names are written exactly as the SDKs write them")
    func ordinaryNamesUnchanged() throws {
        let text = "HYGHallSlideViewController[0]/UIScrollView[0]/_UIQueuingScrollView[1]/ProductCell[0:2]/UILabel[0]"
        #expect(PathNotation.lasso.write(try PathNotation.parse(text)) == text)
    }
}
