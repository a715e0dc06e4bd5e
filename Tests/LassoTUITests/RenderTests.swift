import Foundation
import LassoTUI
import Testing

@Suite("Rendering at a pinned size")
struct RenderTests {
    @Test("the whole screen at 100×20, as text")
    func wholeScreen() throws {
        let state = try TUIFixtures.state(width: 100, height: 20)
        let lines = Renderer.render(state).text.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.count == 20)
        #expect(lines[0] == "lasso · shop-ios 5.3.0 · HomeViewController · #1 UIView [0]")
        #expect(lines[1].hasPrefix("┌─ Views ─"))
        #expect(lines[2].hasPrefix("│  ▾ ‹HomeViewController› UIView [0]") || lines[2].hasPrefix("│▾ UIWindow [0]"))
        #expect(lines.contains { $0.contains("UILabel [0] \"商品列表\"") })
        #expect(lines.contains { $0.contains("Path      HomeViewController[0]/UIView[0]") })
        #expect(lines[19].hasPrefix("h/← fold / parent  / search") && lines[19].hasSuffix("? help  q quit"))
        // Every row is exactly 100 columns wide, CJK counted twice.
        for line in Renderer.render(state).lines { #expect(CharWidth.of(line) == 100) }
    }

    @Test("hidden views are dimmed and marked")
    func hidden() throws {
        let state = try TUIFixtures.state(width: 100, height: 30)
        let grid = Renderer.render(state)
        let row = try #require(grid.lines.firstIndex { $0.contains("(hidden)") })
        let column = try #require(
            grid.lines[row].range(of: "UIView [0] \"hidden one\"").map {
                grid.lines[row].distance(from: grid.lines[row].startIndex, to: $0.lowerBound)
            })
        #expect(grid[column, row].style == .dim)
    }

    @Test("the canvas draws the highlighted view's frame in heavy lines")
    func canvas() throws {
        var state = try TUIFixtures.state(width: 100, height: 40)
        state.reduce(.select(node: TUIFixtures.node("商品列表", in: state) + 1))
        let text = Renderer.render(state).text
        #expect(text.contains("Screen 390×844"))
        #expect(text.contains("┏") && text.contains("┛"))
    }
}
