import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("The screenshot in the terminal's own pixels: blank cells, one picture with the marks drawn on it")
struct PixelPictureTests {
    static func state(width: Int = 100, height: Int = 25) throws -> AppState {
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
            size: Size(width: width, height: height), screenshot: PictureTests.screenshot, pixels: true)
        state.run(state.startEffects)
        return state
    }

    @Test("the canvas asks for the picture over the screen's cells and leaves them blank (no half blocks, no texts)")
    func blankCellsAndARequest() throws {
        let state = try Self.state()
        let grid = Renderer.render(state)
        let picture = try #require(grid.pixels)
        // At 100×25 the screen takes the canvas's first 11 columns and 11 rows from column 46, row 12.
        #expect(
            picture.area.x == 46 && picture.area.y == 12 && picture.area.width == 11 && picture.area.height == 11)
        for y in picture.area.y..<(picture.area.y + picture.area.height) {
            for x in picture.area.x..<(picture.area.x + picture.area.width) {
                #expect(grid[x, y].text == " " && grid[x, y].paint == nil, "cell \(x),\(y): \(grid[x, y])")
            }
        }
        #expect(picture.marks.last?.kind == .highlight, "the highlighted view is drawn last, over the rest")
        #expect(picture.image == PictureTests.screenshot)
    }

    @Test("help and questions are drawn over the canvas: no picture is asked for under them")
    func coveredCanvas() throws {
        var state = try Self.state()
        state.reduce(.showHelp)
        #expect(Renderer.render(state).pixels == nil)
        state.reduce(.closeOverlay)
        #expect(Renderer.render(state).pixels != nil)
    }

    @Test(
        "drawn at 6 × 13 pixels a cell: the screenshot's colours where they are, the highlight outlined around the view"
    )
    func painted() throws {
        var state = try Self.state()
        let grid = Renderer.render(state)
        var picture = try #require(grid.pixels)
        picture.marks = []
        let plain = PixelPainter.draw(picture, cellWidth: 6, cellHeight: 13)
        #expect(plain.width == 66 && plain.height == 143)
        // 390 points over 66 pixels, 844 over 143: red above y 191 (pixel 32), blue below 421 (pixel 71).
        #expect(plain.pixel(x: 30, y: 10) == RGB(255, 0, 0))
        #expect(plain.pixel(x: 30, y: 50) == RGB(255, 255, 255))
        #expect(plain.pixel(x: 30, y: 100) == RGB(0, 0, 255))
        // The screen ends inside the last column and row: stretched to end with them, no strip of another colour.
        #expect(plain.pixel(x: 65, y: 142) == RGB(0, 0, 255))
        let button = TUIFixtures.node("加入购物车", in: state)
        state.reduce(.select(node: button))
        let marked = try #require(Renderer.render(state).pixels)
        let frame = try #require(state.geometry.frame(of: button))
        // Large cells, so that the 80 × 30-point button is many pixels: 38.4 points over 30 pixels, 76.7 over 60.
        let image = PixelPainter.draw(marked, cellWidth: 30, cellHeight: 60)
        // The screen's 390 × 844 points stretched to end with the 11 columns and rows.
        let left = Int((Double(frame.x) * 11 * 30 / 390).rounded(.down))
        let top = Int((Double(frame.y) * 11 * 60 / 844).rounded(.down))
        #expect(image.pixel(x: left, y: top) == RGB(255, 196, 0), "the highlight's corner at \(left),\(top)")
        #expect(image.pixel(x: left + 1, y: top + 1) == RGB(255, 196, 0))
        #expect(image.pixel(x: left + 3, y: top + 3) == RGB(0, 0, 0), "a dark line inside the bright one")
        #expect(
            image.pixel(x: left + 10, y: top + 10) == RGB(255, 0, 0), "the view's inside stays the screenshot's red")
    }

    @Test("a tapped view is tinted half its heat colour; a matched view outlined in magenta, a configured one in green")
    func tintsAndOutlines() throws {
        var picture = try #require(Renderer.render(try Self.state()).pixels)
        // The white band of the screenshot (points 191–421 down), three views across it.
        picture.marks = [
            PixelPicture.Mark(x: 0, y: 200, width: 100, height: 100, kind: .heat(3)),
            PixelPicture.Mark(x: 120, y: 200, width: 100, height: 100, kind: .matched),
            PixelPicture.Mark(x: 240, y: 200, width: 100, height: 100, kind: .configured),
        ]
        let image = PixelPainter.draw(picture, cellWidth: 30, cellHeight: 60)
        func at(_ x: Double, _ y: Double) -> RGB {
            image.pixel(x: Int(x * 11 * 30 / 390), y: Int(y * 11 * 60 / 844))
        }
        #expect(at(50, 250) == RGB(242, 142, 142), "white under the busiest step's red, half and half")
        #expect(at(121, 201) == RGB(236, 64, 236) && at(170, 250) == RGB(255, 255, 255))
        #expect(at(241, 201) == RGB(48, 200, 96) && at(290, 250) == RGB(255, 255, 255))
    }

    @Test("a magnified canvas asks for the magnified part, at the magnified scale")
    func magnified() throws {
        var state = try Self.state()
        let whole = try #require(Renderer.render(state).pixels)
        state.reduce(.magnify)
        let magnified = try #require(Renderer.render(state).pixels)
        #expect(magnified.pointsPerColumn < whole.pointsPerColumn / 1.5)
        #expect(magnified.area.width >= whole.area.width)
    }
}
