import LassoTUI
import Testing

@Suite("Grid and character widths")
struct GridTests {
    @Test("CJK and emoji take two columns; combining marks none")
    func widths() {
        #expect(CharWidth.of("商品") == 4)
        #expect(CharWidth.of("abc") == 3)
        #expect(CharWidth.of("e\u{301}") == 1)
        #expect(CharWidth.of("👍") == 2)
        #expect(CharWidth.of("ｱ") == 1)
        #expect(CharWidth.of("Ａ") == 2)
    }

    @Test("a wide character is never split at a pane's edge")
    func noSplit() {
        var grid = Grid(width: 6, height: 1)
        let end = grid.put("ab商品", x: 0, y: 0, limit: 5)
        #expect(grid.text == "ab商")
        #expect(end == 5)
        #expect(grid[4, 0].text == " ")
    }

    @Test("writing over half of a wide character clears the other half")
    func overwriteHalf() {
        var grid = Grid(width: 4, height: 1)
        grid.put("商品", x: 0, y: 0)
        grid.put("x", x: 1, y: 0)
        #expect(grid.text == " x品")
        grid.put("y", x: 2, y: 0)
        #expect(grid.text == " xy")
    }

    @Test("boxes and truncation")
    func boxes() {
        var grid = Grid(width: 12, height: 3)
        grid.box(x: 0, y: 0, width: 12, height: 3, title: "Views")
        #expect(grid.lines[0] == "┌─ Views ──┐")
        #expect(grid.lines[1] == "│          │")
        #expect(grid.lines[2] == "└──────────┘")
        #expect(CharWidth.truncate("加入购物车", to: 6) == "加入…")
    }

    @Test("a text cut to its room ends in …, one that fits is whole, and a text of megabytes is cut from its start")
    func truncation() {
        #expect(CharWidth.truncate("40,3299878", to: 6) == "40,32…")
        #expect(CharWidth.truncate("40,3299878", to: 10) == "40,3299878")
        #expect(CharWidth.truncate("40,3299878", to: 1) == "…")
        #expect(CharWidth.truncate("加入购物车", to: 5) == "加入…")
        #expect(CharWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(CharWidth.truncate(String(repeating: "商品", count: 4_000_000), to: 7) == "商品商…")
    }
}
