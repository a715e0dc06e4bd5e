import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@testable import LassoTUI
@testable import LassoTerminal

@Suite("Picture colours as sent to the terminal")
struct DirectColorTests {
    /// 390×844 pixels (scale 1): a blue-grey no palette has above row 422, an orange below.
    static let slate = RGB(18, 52, 86)
    static let orange = RGB(250, 128, 7)
    static let screenshot: RGBImage = {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(390 * 844 * 3)
        for y in 0..<844 {
            let color = y < 422 ? slate : orange
            for _ in 0..<390 { pixels += [color.red, color.green, color.blue] }
        }
        return RGBImage(width: 390, height: 844, pixels: pixels)!
    }()

    static let screen = """
        {"format": "lasso.snapshot/1", "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844]}}
        """

    /// The grid at 100×25, where the canvas is columns 46…98, rows 12…22 and the screen takes its first 11 of each.
    static func grid() throws -> Grid {
        let snapshot = try SnapshotLoader.load(bytes: Array(screen.utf8), file: "direct.json")
        let state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(),
            configsFolder: NSTemporaryDirectory() + "lasso-none",
            size: Size(width: 100, height: 25), screenshot: screenshot)
        return Renderer.render(state)
    }

    @Test("in true colour a region's cells go out as the exact 24-bit colour of its pixels")
    func exactColours() throws {
        let grid = try Self.grid()
        let upper = try #require(grid[50, 14].paint)
        let lower = try #require(grid[50, 20].paint)
        #expect(upper == Paint(foreground: Self.slate, background: Self.slate))
        #expect(lower == Paint(foreground: Self.orange, background: Self.orange))
        #expect(ColorQuantizer.number(upper.foreground, depth: .direct) == 0x12_3456)
        #expect(ColorQuantizer.number(lower.background, depth: .direct) == 0xFA_8007)
        // The same cells in 256 colours are the nearest of the cube: (0, 95, 95) and (255, 135, 0).
        #expect(ColorQuantizer.number(upper.foreground, depth: .indexed256) == 16 + 36 * 0 + 6 * 1 + 1)
        #expect(ColorQuantizer.number(lower.foreground, depth: .indexed256) == 16 + 36 * 5 + 6 * 2 + 0)
    }

    @Test("in true colour only the eight darkest blues are moved: terminfo sends numbers below 8 as palette colours")
    func darkestBlues() {
        #expect(ColorQuantizer.number(RGB(0, 0, 5), depth: .direct) == 8)
        #expect(ColorQuantizer.number(RGB(0, 0, 8), depth: .direct) == 8)
        #expect(ColorQuantizer.number(RGB(0, 0, 9), depth: .direct) == 9)
        #expect(ColorQuantizer.number(RGB(0, 1, 0), depth: .direct) == 256)
    }
}
