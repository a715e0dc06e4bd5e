import LassoSnapshot
import LassoTUI
import Testing

@Suite("Outline moves and folding")
struct OutlineTests {
    @Test("it opens on the first page's views")
    func opensOnPage() throws {
        let state = try TUIFixtures.state()
        #expect(state.snapshot.isPageRoot(state.cursor))
        #expect(state.screenText.contains("‹HomeViewController› UIView [0]"))
    }

    @Test("j/k move by row, h folds then goes to parent, l unfolds then goes to first child")
    func moves() throws {
        var state = try TUIFixtures.state()
        let page = state.cursor
        state.type(.char("j"))
        #expect(state.cursor == page + 1)
        state.type(.char("k"))
        #expect(state.cursor == page)
        state.type(.char("h"))
        #expect(state.outline.isFolded(page))
        #expect(!state.screenText.contains("UITableView [0]"))
        state.type(.char("j"))
        #expect(state.cursor == page)
        state.type(.char("l"))
        #expect(!state.outline.isFolded(page))
        state.type(.char("l"))
        #expect(state.cursor == page + 1)
        state.type(.char("h"))
        #expect(state.cursor == page)
    }

    @Test("J/K move between siblings, G and g to the last and first rows")
    func siblingsAndEnds() throws {
        var state = try TUIFixtures.state()
        state.type(.char("l"), .char("l"))
        let label = state.cursor
        #expect(state.snapshot.text(of: label) == "商品列表")
        state.type(.char("J"))
        #expect(state.table.name(of: state.cursor) == "UITableView")
        state.type(.char("K"))
        #expect(state.cursor == label)
        state.type(.char("G"))
        #expect(state.cursor == state.snapshot.count - 1)
        state.type(.char("g"))
        #expect(state.cursor == 0)
    }

    @Test("a folded subtree is skipped by j and k")
    func foldedSkip() throws {
        var state = try TUIFixtures.state()
        let table = TUIFixtures.node("商品列表", in: state) + 1
        state.reduce(.select(node: table))
        state.type(.char("h"))
        state.type(.char("j"))
        #expect(state.snapshot.text(of: state.cursor) == "secret")
        state.type(.char("k"))
        #expect(state.cursor == table)
    }

    @Test("search unfolds the ancestors of a match in a folded subtree, n and N step")
    func searchReveals() throws {
        var state = try TUIFixtures.state()
        state.reduce(.collapseSubtree)
        state.search("加入")
        let first = state.cursor
        #expect(state.snapshot.title(of: first) == "加入购物车")
        #expect(state.outline.isVisible(first))
        #expect(state.screenText.contains("UIButton [0] \"加入购物车\""))
        state.type(.char("n"))
        #expect(state.cursor > first)
        #expect(state.snapshot.title(of: state.cursor) == "加入购物车")
        state.type(.char("n"))
        #expect(state.cursor == first)
        state.type(.char("N"))
        #expect(state.cursor > first)
        #expect(state.status.contains("match"))
    }

    @Test("a search that matches nothing says which view the highlight stays on, typed, entered and with n")
    func searchWithoutMatch() throws {
        var state = try TUIFixtures.state()
        state.search("加入")
        let button = state.cursor
        state.search("buy")
        #expect(state.cursor == button)
        #expect(state.message?.text == "no view matches “buy”; the highlight stays on button \"加入购物车\"")
        state.type(.char("n"))
        #expect(state.message?.text.hasSuffix("the highlight stays on button \"加入购物车\"") == true)
    }

    @Test("search finds class names and paths")
    func searchPaths() throws {
        var state = try TUIFixtures.state()
        state.search("ProductCell[0:1]")
        #expect(
            state.table.pathText(of: state.cursor) == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:1]")
    }

    @Test("the filter shows only views a user can interact with")
    func filter() throws {
        var state = try TUIFixtures.state()
        state.type(.char("f"))
        let text = state.screenText
        #expect(text.contains("interactive only"))
        #expect(text.contains("ProductCell [0:0]"))
        #expect(!state.lines(in: state.layout.outline).joined().contains("商品列表"))
        state.type(.char("f"))
        #expect(state.lines(in: state.layout.outline).joined().contains("商品列表"))
    }

    @Test("a click on an outline row selects it; a click in the canvas selects the deepest view there")
    func clicks() throws {
        var state = try TUIFixtures.state(width: 100, height: 40)
        let layout = state.layout
        state.handle(.mouse(.press(x: 5, y: layout.outline.y + 2)))
        #expect(state.cursor == state.outline.next(state.top))
        // The second cell's button sits at x 290–370, y 230–260 on screen.
        let area = layout.canvas
        let scale = CanvasScale(screen: (390, 844), columns: area.width - 2, rows: area.height - 2)
        let column = scale.column(330) + area.x + 1
        let row = scale.row(245) + area.y + 1
        state.handle(.mouse(.press(x: column, y: row)))
        #expect(state.snapshot.title(of: state.cursor) == "加入购物车")
        #expect(state.table.pathText(of: state.cursor).contains("ProductCell[0:1]"))
    }

    @Test("a resize to a tiny terminal says so, and growing it brings the UI back")
    func tooSmall() throws {
        var state = try TUIFixtures.state()
        state.handle(.resize(Size(width: 30, height: 8)))
        #expect(state.screenText.hasPrefix("Terminal too small (30×8)."))
        state.type(.char("j"))
        state.handle(.resize(Size(width: 100, height: 30)))
        #expect(state.screenText.contains("Views"))
    }

    @Test("q quits; Esc never does; ? shows every key from the keymap")
    func quitAndHelp() throws {
        var state = try TUIFixtures.state()
        state.type(.escape)
        #expect(!state.shouldQuit)
        state.type(.char("?"))
        let help = state.screenText
        for binding in Keymap.bindings.prefix(10) { #expect(help.contains(binding.help)) }
        state.type(.escape)
        #expect(state.overlay == .none)
        state.type(.char("q"))
        #expect(state.shouldQuit)
    }

    @Test("texts from the snapshot are shown escaped, never sent to the terminal")
    func escapes() throws {
        let state = try TUIFixtures.state(
            #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "children": [{"class": "UILabel", "text": "a\u001b[31mred\u0007"}]}}"#
        )
        let text = state.screenText
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("a\\e[31mred\\u{7}"))
    }
}
