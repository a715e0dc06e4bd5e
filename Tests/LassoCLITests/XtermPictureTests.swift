import Foundation
import LassoDocuments
import LassoImage
import LassoSnapshot
import LassoTUI
import Testing
import _LassoTestSupport

/// The screenshot in a real terminal's own pixels: lasso in xterm with sixel under Xvfb, the display's pixels
/// compared with the sample's screenshot scaled by another program (ImageMagick).
@Suite("The real picture in a real xterm with sixel", .serialized)
struct XtermPictureTests {
    /// Where lasso puts the screen on a 120 × 40 terminal of `cell`-sized cells: its own layout, asked in process.
    static func screenRectangle(columns: Int, rows: Int, cell: (width: Int, height: Int)) throws -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        let snapshot = try SnapshotLoader.load(path: LassoProcess.sample("shop-home.json"))
        let image = try #require(ScreenshotLoader.load(for: snapshot, longSide: nil).image)
        let state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: NSTemporaryDirectory(),
            size: Size(width: columns, height: rows), screenshot: image, pixels: true)
        let picture = try #require(Renderer.render(state).pixels)
        // The screen is stretched by less than a cell to end with the area's last cell, as lasso draws it.
        let pointsPerColumn = PixelPainter.fitted(
            picture.pointsPerColumn, cells: picture.area.width, screenLeft: picture.screenWidth)
        let pointsPerRow = PixelPainter.fitted(
            picture.pointsPerRow, cells: picture.area.height, screenLeft: picture.screenHeight)
        let width = Int(picture.screenWidth / pointsPerColumn * Double(cell.width))
        let height = Int(picture.screenHeight / pointsPerRow * Double(cell.height))
        return (picture.area.x * cell.width, picture.area.y * cell.height, width, height)
    }

    /// The mean difference per channel between `shot`'s rectangle (less a margin, where the highlight is drawn)
    /// and `reference` scaled to it.
    static func difference(
        _ shot: RGBImage, _ rect: (x: Int, y: Int, width: Int, height: Int), _ reference: RGBImage, margin: Int = 6
    ) -> Double {
        var total = 0
        var count = 0
        for y in margin..<(rect.height - margin) {
            for x in margin..<(rect.width - margin) {
                let seen = shot.pixel(x: rect.x + x, y: rect.y + y)
                let want = reference.pixel(x: x, y: y)
                total +=
                    abs(Int(seen.red) - Int(want.red)) + abs(Int(seen.green) - Int(want.green))
                    + abs(Int(seen.blue) - Int(want.blue))
                count += 3
            }
        }
        return Double(total) / Double(max(count, 1))
    }

    /// The bound on the mean difference that says "this is the screenshot": sixel's 256 colours and two scalers
    /// (lasso's box average, ImageMagick's filter) differ at the edges of texts, by a few levels on average.
    static let samePicture = 8.0
    /// Over this, the rectangle holds something else (help text on the terminal's background).
    static let otherPicture = 30.0

    @Test(
        "lasso open at 120×40 in xterm -ti vt340 shows the screenshot's pixels; help leaves none behind; quitting clears it",
        .enabled(if: Tools.hasXterm, "needs Xvfb, xterm, xdotool, xwd and ImageMagick's convert"))
    func sixelInXterm() throws {
        guard Tools.xtermInstalled else {
            throw XtermError("Xvfb, xterm, xdotool, xwd or convert is missing: CI must install them (.ci/run does)")
        }
        try Self.pictureShownAndCleared(in: .xterm, name: "xterm sixel")
    }

    @Test(
        "lasso open at 120×40 in kitty (software GL) asks kitty's graphics query and shows the screenshot's pixels",
        .enabled(if: Tools.hasXterm && Tools.kittyStarts, "needs kitty that starts under Xvfb with software GL"))
    func kittyGraphics() throws {
        guard Tools.xtermInstalled else {
            throw XtermError("Xvfb, xdotool, xwd or convert is missing: CI must install them (.ci/run does)")
        }
        try Self.pictureShownAndCleared(in: .kitty, name: "kitty graphics")
    }

    @Test(
        "in tmux with allow-passthrough on, inside xterm, the sixel picture goes through to xterm",
        .enabled(if: Tools.hasXterm && Tools.hasTmux, "needs Xvfb, xterm, xdotool, xwd, convert and tmux"))
    func sixelThroughTmux() throws {
        guard Tools.xtermInstalled, Tools.tmux != nil else {
            throw XtermError("Xvfb, xterm, xdotool, xwd, convert or tmux is missing: CI must install them")
        }
        try Self.pictureShownAndCleared(in: .xterm, name: "xterm sixel through tmux", inTmux: true)
    }

    /// Opens the sample in `emulator`, waits for its screenshot's pixels in the canvas, opens help over it (the
    /// picture goes), closes it (the picture comes back), quits (nothing stays).
    static func pictureShownAndCleared(in emulator: XtermSession.Emulator, name: String, inTmux: Bool = false) throws {
        let folder = try LassoProcess.temporaryFolder()
        let session = try XtermSession(
            [LassoProcess.sample("shop-home.json")], in: folder, emulator: emulator, inTmux: inTmux)
        defer {
            session.kill()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let rect = try Self.screenRectangle(columns: 120, rows: inTmux ? 39 : 40, cell: try session.cell())
        let scaled = folder + "/reference.png"
        try session.run([
            "convert", LassoProcess.sample("shop-home.png"), "-resize", "\(rect.width)x\(rect.height)!", scaled,
        ])
        let reference = try ImageDecoder.decode(try FileBytes.read(scaled))
        var measured = 0.0
        let shown = try session.waitFor("the screenshot in the canvas") {
            measured = Self.difference($0, rect, reference)
            return measured < Self.samePicture
        }
        if let keep = ProcessInfo.processInfo.environment["LASSO_KEEP_XTERM_PICTURE"], !keep.isEmpty {
            try Data(try PNGCodec.encode(shown)).write(
                to: URL(fileURLWithPath: keep + "-\(emulator)\(inTmux ? "-tmux" : "").png"))
        }
        print("\(name) picture: mean difference \(measured) per channel over \(rect.width)×\(rect.height) pixels")
        // Help covers the canvas: the picture goes with it, none of it stays under the text.
        try session.keys("question")
        try session.waitFor("help over the canvas, the picture gone") {
            Self.difference($0, rect, reference) > Self.otherPicture
        }
        try session.keys("Escape")
        try session.waitFor("the picture back after help") { Self.difference($0, rect, reference) < Self.samePicture }
        try session.keys("q")
        let deadline = Date().addingTimeInterval(15)
        while session.exitStatus() == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(session.exitStatus() == "0")
        // Nothing of the image is left on the screen after quitting: the rectangle is the terminal's background.
        let after = try session.waitFor("the screen clear after quitting") {
            Self.difference($0, rect, reference) > Self.otherPicture
        }
        let middle = after.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        #expect(after.pixel(x: rect.x + 10, y: rect.y + 10) == middle, "the rectangle is one colour")
    }
}
