import Foundation
import LassoDocuments
import LassoImage
import LassoImport
import LassoSnapshot
import LassoTUI
import Testing

@Suite("The screenshot drawn under the frames")
struct PictureTests {
    /// 390×844 pixels (scale 1): red above row 191, white to row 421, blue below.
    static let screenshot: RGBImage = {
        var pixels: [UInt8] = []
        for y in 0..<844 {
            let color: [UInt8] = y < 191 ? [255, 0, 0] : y < 421 ? [255, 255, 255] : [0, 0, 255]
            for _ in 0..<390 { pixels += color }
        }
        return RGBImage(width: 390, height: 844, pixels: pixels)!
    }()

    static func state(width: Int = 100, height: Int = 25) throws -> AppState {
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
            size: Size(width: width, height: height), screenshot: screenshot)
        state.run(state.startEffects)
        return state
    }

    // At 100×25 the canvas is columns 46…98, rows 12…22; the 390×844 screen takes its first 11 columns and 11 rows,
    // 38.4 points a column and 76.7 a row (38.4 pixels a half row).

    @Test("cells are upper half blocks: the top pixel's colour in front, the bottom pixel's behind")
    func halfBlocks() throws {
        let grid = Renderer.render(try Self.state())
        let cell = grid[49, 14]
        #expect(cell.text == "▀")
        #expect(cell.paint == Paint(foreground: RGB(255, 0, 0), background: RGB(255, 255, 255)))
        #expect(grid[49, 13].paint == Paint(foreground: RGB(255, 0, 0), background: RGB(255, 0, 0)))
        #expect(grid[50, 20].paint == Paint(foreground: RGB(0, 0, 255), background: RGB(0, 0, 255)))
        // Right of the screen the canvas stays empty.
        #expect(grid[70, 15].paint == nil)
    }

    @Test("a picture decoded reduced for the terminal paints the same cells as the full-size one")
    func reducedPicturePaintsTheSame() throws {
        let full = Renderer.render(try Self.state())
        // 390×844 averaged over 4×4 squares: 98×211 pixels covering the same screen.
        let reduced = try ImageDecoder.decode(try PNGCodec.encode(Self.screenshot), longSide: 211)
        #expect(reduced.image.width == 98 && reduced.image.height == 211)
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
            size: Size(width: 100, height: 25), screenshot: reduced.image)
        state.run(state.startEffects)
        let grid = Renderer.render(state)
        // Away from the colours' borders the cells are exactly the same.
        #expect(grid[49, 13].paint == Paint(foreground: RGB(255, 0, 0), background: RGB(255, 0, 0)))
        #expect(grid[50, 20].paint == Paint(foreground: RGB(0, 0, 255), background: RGB(0, 0, 255)))
        // At a border a half cell (38.4 pixel rows) may take one reduced row (4 pixel rows) more or less of the other
        // colour: at most 255 × 4 / 38.4 ≈ 27 apart, plus rounding.
        for y in 12..<23 {
            for x in 46..<99 {
                guard let want = full[x, y].paint, let got = grid[x, y].paint else {
                    #expect(full[x, y].paint == grid[x, y].paint, "at \(x),\(y)")
                    continue
                }
                for (a, b) in [(want.foreground, got.foreground), (want.background, got.background)] {
                    let apart = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)].map { abs(Int($0) - Int($1)) }
                    #expect(apart.allSatisfy { $0 <= 30 }, "at \(x),\(y): \(a) and \(b)")
                }
            }
        }
    }

    @Test("the highlighted view's frame is drawn over the picture, bright on the picture darkened")
    func highlightOverPicture() throws {
        let grid = Renderer.render(try Self.state())
        // The page's root view fills the screen: its heavy frame runs round the picture's edge.
        let corner = grid[46, 12]
        #expect(corner.text == "┏")
        #expect(corner.style == .highlight)
        #expect(corner.paint == Paint(foreground: RGB(255, 221, 0), background: RGB(63, 0, 0)))
        #expect(grid[46, 20].text == "┃")
        #expect(grid[46, 20].paint?.background == RGB(0, 0, 63))
        // Other views' frames are not drawn over the picture: only the highlight is.
        #expect(grid[47, 13].text == "▀")
    }

    @Test("the views' texts are drawn over the picture, so that a button shows its title; the frames are not")
    func wordsOverPicture() throws {
        let state = try Self.state(width: 120, height: 40)
        let grid = Renderer.render(state)
        let canvas = PictureState.canvas(state.layout)
        let rows = (canvas.y..<(canvas.y + canvas.height)).map { y in
            (canvas.x..<(canvas.x + canvas.width)).map { grid[$0, y].text }.joined()
        }
        #expect(rows.contains { $0.contains("商品列表") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("加入") }, "\(rows.joined(separator: "\n"))")
        // A text over the picture keeps the picture's colour behind it, darkened, in the overlay's white.
        let y = try #require(rows.firstIndex { $0.contains("商品列表") })
        let x = try #require(Array(rows[y]).firstIndex(of: "商"))
        #expect(grid[canvas.x + x, canvas.y + y].paint?.foreground == RGB(255, 255, 255))
    }

    @Test("+ magnifies the picture around the highlighted view, following it; its title reads whole; - goes back")
    func magnified() throws {
        var state = try Self.state(width: 120, height: 40)
        let buttons = state.snapshot.indices.filter { state.snapshot.title(of: $0) == "加入购物车" }
        state.reduce(.select(node: buttons[0]))
        let canvas = PictureState.canvas(state.layout)
        func canvasText(_ grid: Grid) -> String {
            (canvas.y..<(canvas.y + canvas.height)).map { y in
                (canvas.x..<(canvas.x + canvas.width)).map { grid[$0, y].text }.joined()
            }.joined(separator: "\n")
        }
        #expect(!canvasText(Renderer.render(state)).contains("加入购物车"), "at 1× the title is cut")
        state.type(.char("+"), .char("+"))
        #expect(state.canvasMagnification == 4)
        #expect(state.status.contains("magnified 4×"))
        let viewport = state.canvasViewport
        #expect(viewport.width == 390 / 4 && viewport.height == 844 / 4)
        var grid = Renderer.render(state)
        #expect(canvasText(grid).contains("加入购物车"), "\(canvasText(grid))")
        // The picture is the window's pixels: its top left cell is the colour of the screenshot there.
        let expected: RGB = viewport.y < 191 ? RGB(255, 0, 0) : viewport.y < 421 ? RGB(255, 255, 255) : RGB(0, 0, 255)
        let corner = try #require(state.picture?.scaled?.cell(column: 0, row: 0).top)
        #expect(corner == expected, "window at \(viewport)")
        // A click in the middle of the canvas lands on what is drawn there: the highlighted button (or inside it).
        let area = state.layout.canvas
        let box = try #require(
            CanvasScene.box(
                of: buttons[0], in: state,
                scale: CanvasScene(state, columns: area.width - 2, rows: area.height - 2).scale))
        state.reduce(.clickCanvas(x: 1 + (box.left + box.right) / 2, y: 1 + (box.top + box.bottom) / 2))
        #expect(state.cursor == buttons[0] || state.snapshot.parent(of: state.cursor) == buttons[0])
        // The window follows the highlighted view.
        state.reduce(.select(node: buttons[1]))
        #expect(state.canvasViewport != viewport)
        #expect(state.picture?.scaled?.viewport == state.canvasViewport)
        state.type(.char("-"), .char("-"), .char("-"))
        #expect(state.canvasMagnification == 1)
        grid = Renderer.render(state)
        #expect(state.canvasViewport == CanvasViewport(screen: (390, 844)))
    }

    @Test("the toggle key shows the frames alone, and again the picture")
    func toggle() throws {
        var state = try Self.state()
        state.type(.char("s"))
        var grid = Renderer.render(state)
        #expect(grid.cells.allSatisfy { $0.paint == nil })
        #expect(state.status == "showing the frames alone")
        state.type(.char("s"))
        grid = Renderer.render(state)
        #expect(grid[49, 14].paint?.foreground == RGB(255, 0, 0))
    }

    @Test("the picture is scaled once per canvas size: a key keeps it, a resize scales it again")
    func scaledOncePerSize() throws {
        var state = try Self.state()
        let first = try #require(state.picture?.scaled)
        #expect(
            first.columns == PictureState.canvas(state.layout).width
                && first.rows == PictureState.canvas(state.layout).height)
        state.type(.char("j"))
        #expect(state.picture?.scaled == first)
        state.reduce(.resize(Size(width: 140, height: 50)))
        let resized = try #require(state.picture?.scaled)
        #expect(resized.columns == PictureState.canvas(state.layout).width)
        #expect(resized.rows == PictureState.canvas(state.layout).height)
        #expect(resized != first)
    }

    @Test("without a screenshot nothing is painted and the toggle says why")
    func noScreenshot() throws {
        var state = try TUIFixtures.state()
        #expect(Renderer.render(state).cells.allSatisfy { $0.paint == nil })
        state.type(.char("s"))
        #expect(state.status == "this snapshot has no screenshot to show")
    }

    @Test("a screenshot note goes to the status line and the frames are drawn alone")
    func noteInStatus() throws {
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        let state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
            size: Size(width: 100, height: 30), screenshotNote: "screenshot x.png: expected a PNG or JPEG image")
        #expect(state.message == .warning("screenshot x.png: expected a PNG or JPEG image"))
        #expect(Renderer.render(state).cells.allSatisfy { $0.paint == nil })
    }

    @Test("a note on an SDK snapshot's screenshot names its place in the dump, not lasso's $.screenshot.data")
    func noteNamesTheDumpsPlace() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let dump = root.appendingPathComponent("Tests/Fixtures/dumps/mixpanel-android.json").path
        var text = try String(contentsOfFile: dump, encoding: .utf8)
        // A JPEG's first bytes and nothing of its picture.
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 41))
        text = text.replacingOccurrences(
            of: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP438AARwzEcQB+ohfxXaFgBQAAAABJRU5ErkJggg==",
            with: jpeg.base64EncodedString())
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(text.utf8), file: "/tmp/shop.json")
        let note = try #require(ScreenshotLoader.load(for: snapshot).note)
        #expect(
            note.hasPrefix("screenshot shop.json $.payload.activities[1].screenshot: expected a PNG or JPEG"), "\(note)"
        )
        // A lasso snapshot's own data is named where lasso keeps it.
        let plain = try SnapshotLoader.load(
            bytes: Array(
                TUIFixtures.screen.replacingOccurrences(
                    of: #""app": {"#,
                    with: #""screenshot": {"data": "\#(jpeg.base64EncodedString())", "type": "image/jpeg"}, "app": {"#
                ).utf8), file: "tui.json")
        let own = try #require(ScreenshotLoader.load(for: plain).note)
        #expect(own.hasPrefix("screenshot $.screenshot.data: "), "\(own)")
    }

    @Test(
        "a reason longer than the status line is left to i, which shows it whole with what to do, at 80 and 120 columns"
    )
    func longNoteInNotes() throws {
        let snapshot = try SnapshotLoader.load(bytes: Array(TUIFixtures.screen.utf8), file: "tui.json")
        let note =
            "screenshot shop.json $.payload.activities[1].screenshot: expected a PNG or JPEG image, found a JPEG whose header says 0×0 pixels (an empty image); showing the frames alone"
        for (width, height) in [(80, 24), (120, 40)] {
            for importNotes in [[], ["the activity is the page; the snapshot gives no scale"]] {
                var state = AppState(
                    table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: TUIFixtures.folder(),
                    size: Size(width: width, height: height), notes: importNotes, screenshotNote: note)
                let status = state.status
                #expect(status.hasPrefix("the screenshot is not drawn: press i to read why"), "\(status)")
                let statusLine = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
                #expect(!statusLine.contains("…"), "\(width) columns: the status line is cut: \(statusLine)")
                state.type(.char("i"))
                let screen = state.screenText
                #expect(screen.contains("found a JPEG whose header says 0×0"), "\(width) columns:\n\(screen)")
                #expect(screen.contains("--screenshot FILE"), "\(width) columns:\n\(screen)")
                #expect(screen.contains("1. screenshot shop.json $.payload"), "\(width) columns:\n\(screen)")
                #expect(screen.contains(importNotes.isEmpty ? "Why the screenshot is not drawn" : "(2)"))
            }
        }
    }
}
