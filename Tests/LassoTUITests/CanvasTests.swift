import Foundation
import LassoSnapshot
import Testing

@testable import LassoTUI

@Suite("The canvas: the picture of the screen")
struct CanvasTests {
    /// A pager whose second page lies off the screen, to the right.
    static let pager = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"}, "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIScrollView", "frame": [0, 0, 390, 844], "children": [
            {"class": "UIView", "frame": [0, 0, 390, 844], "viewController": {"class": "FirstPage"}, "children": [
              {"class": "UILabel", "frame": [20, 100, 300, 40], "text": "第一页内容"}]},
            {"class": "UIView", "frame": [390, 0, 390, 844], "viewController": {"class": "SecondPage"}, "children": [
              {"class": "UILabel", "frame": [20, 100, 300, 40], "text": "第二页内容"}]}]}]}}
        """#

    /// The rows of the canvas pane, borders included.
    static func canvasLines(_ state: AppState) -> [String] { state.lines(in: state.layout.canvas) }

    @Test("from 120 columns on, the canvas has a column of its own, the body's full height, shaped like the screen")
    func fullHeight() throws {
        for (width, height) in [(120, 40), (200, 60)] {
            let state = try TUIFixtures.state(width: width, height: height)
            let canvas = state.layout.canvas
            #expect(canvas.height == height - 2)
            #expect(canvas.x + canvas.width == width)
            // 390×844 points in rows twice as tall as columns are wide: about 0.92 columns a row.
            let ratio = Double(canvas.width - 2) / Double(canvas.height - 2)
            #expect(ratio > 0.85 && ratio < 1.0, "\(width)×\(height): \(ratio)")
            #expect(state.layout.outline.width + state.layout.details.width == canvas.x)
        }
    }

    @Test("texts are drawn inside their views' boxes, and where boxes meet the lines join")
    func textsAndJoins() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("商品列表", in: state)))
        var canvas = Self.canvasLines(state).joined(separator: "\n")
        #expect(canvas.contains("商品列表"))
        // A text too wide for its box is cut where it ends, with "…".
        #expect(canvas.contains("加入…"))
        state.reduce(.resize(Size(width: 200, height: 60)))
        canvas = Self.canvasLines(state).joined(separator: "\n")
        #expect(canvas.contains("加入购物车"))
        // The two cells share an edge inside the table: a junction, not a corner drawn over a line.
        #expect(canvas.contains("├") || canvas.contains("┤") || canvas.contains("┼"))
    }

    @Test("pages off the screen are left out; the one on it is drawn")
    func offScreenPagesLeftOut() throws {
        let state = try TUIFixtures.state(Self.pager, width: 120, height: 40)
        let canvas = Self.canvasLines(state).joined(separator: "\n")
        #expect(canvas.contains("第一页内容"))
        #expect(!canvas.contains("第二页内容"))
    }

    @Test("a click lands on what is drawn under the pointer")
    func clickOnDrawnText() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        let lines = Self.canvasLines(state)
        let row = try #require(lines.firstIndex { $0.contains("商品列表") })
        let prefix = lines[row][..<lines[row].range(of: "商品列表")!.lowerBound]
        let column = CharWidth.of(String(prefix)) + 1
        let area = state.layout.canvas
        state.handle(.mouse(.press(x: area.x + column, y: area.y + row)))
        #expect(state.snapshot.text(of: state.cursor) == "商品列表")
    }

    @Test("z shows the picture full screen, wider for its texts; clicks still select; z again goes back")
    func zoom() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        let narrow = state.layout.canvas.width
        state.type(.char("z"))
        #expect(state.canvasZoomed)
        #expect(state.layout.outline.width == 0)
        #expect(state.layout.canvas.width == 120)
        #expect(!state.screenText.contains("Views"))
        let lines = Self.canvasLines(state)
        let row = try #require(lines.firstIndex { $0.contains("商品列表") })
        let drawnWidth = CharWidth.of(lines[row].trimmingCharacters(in: .whitespaces))
        #expect(drawnWidth > narrow, "the picture is wider full screen")
        let prefix = lines[row][..<lines[row].range(of: "商品列表")!.lowerBound]
        state.handle(
            .mouse(.press(x: state.layout.canvas.x + CharWidth.of(String(prefix)) + 1, y: state.layout.canvas.y + row)))
        #expect(state.snapshot.text(of: state.cursor) == "商品列表")
        state.type(.char("z"))
        #expect(!state.canvasZoomed)
        #expect(state.screenText.contains("Views"))
    }

    @Test("views with a config are marked in the outline and the canvas; matched views while the form is open")
    func configuredAndMatchedMarks() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        let button = TUIFixtures.node("加入购物车", in: state)
        state.reduce(.select(node: button))
        // Any row of the list: both buttons match, and the canvas marks the one that is not highlighted.
        state.type(.char("c"), .down, .left, .char(" "))
        #expect(state.formPreview?.matchedViews.count == 2)
        var canvas = Self.canvasLines(state).joined(separator: "\n")
        #expect(canvas.contains("◆"))
        #expect(canvas.contains("◆ matched"))
        state.type(.down, .right, .enter)
        #expect(state.overlay == .none)
        #expect(state.configuredViews.count == 2)
        canvas = Self.canvasLines(state).joined(separator: "\n")
        #expect(canvas.contains("●"))
        #expect(canvas.contains("● has a config"))
        #expect(state.screenText.contains("● UIButton [0]"))
    }
}
