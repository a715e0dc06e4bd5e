import Foundation
import LassoImage
import LassoSnapshot
import Testing
import _LassoTestSupport

/// Screenshots through the real binary: drawn in a 256-colour terminal under tmux, and kept by `lasso import`.
@Suite("Screenshots end to end", .serialized)
struct ScreenshotEndToEndTests {
    @Test(
        "a sample with a screenshot opens as a picture in a 256-colour terminal, the highlight drawn over it",
        .enabled(if: Tools.hasTmux, "needs tmux"))
    func pictureInTmux() throws {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession([LassoProcess.sample("shop-home.json")], in: folder)
        defer {
            session.kill()
            try? FileManager.default.removeItem(atPath: folder)
        }
        try session.waitFor("─ Views ─")
        try session.keys("/")
        try session.type("加入购物车")
        try session.keys("Enter")
        try session.waitFor("match 1 of")
        let colored = try session.screenWithColors()
        // Half blocks in 256 colours make the picture; the highlight is the bright yellow of the palette (220).
        #expect(colored.contains("▀"))
        #expect(colored.contains("48;5;"))
        #expect(colored.contains("38;5;220"), "no highlight colour in:\n\(colored)")
        let plain = try session.screen()
        // The button is one row tall at this size: its frame is a heavy line.
        #expect(plain.contains("━━━"))
        #expect(!plain.contains("screenshot"))
        // s shows the frames alone: no half blocks left.
        try session.keys("s")
        try session.waitFor("showing the frames alone")
        #expect(!(try session.screen()).contains("▀"))
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("with NO_COLOR the UI opens with the frames alone and says why", .enabled(if: Tools.hasTmux, "needs tmux"))
    func noColor() throws {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession(
            [LassoProcess.sample("shop-home.json")], in: folder, environment: ["NO_COLOR": "1"])
        defer {
            session.kill()
            try? FileManager.default.removeItem(atPath: folder)
        }
        try session.waitFor("the screenshot is not drawn: NO_COLOR is set")
        #expect(!(try session.screen()).contains("▀"))
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("import keeps the PNG beside an Android dump as base64 data; a bad --screenshot is refused")
    func importKeepsScreenshot() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dump = folder + "/home.uix"
        try FileManager.default.copyItem(
            atPath: LassoProcess.packageRoot.appendingPathComponent("Snapshots/dumps/android-uiautomator-home.xml")
                .path,
            toPath: dump)
        var pixels = [UInt8](repeating: 200, count: 1080 * 2400 * 3)
        pixels[0] = 1
        let png = try PNGCodec.encode(RGBImage(width: 1080, height: 2400, pixels: pixels)!)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/home.png"))
        let imported = try LassoProcess.run(["import", dump, "-o", folder + "/home.json"], in: folder)
        #expect(imported.status == 0)
        let snapshot = try SnapshotLoader.load(path: folder + "/home.json")
        #expect(snapshot.screenshot?.type == .png)
        #expect(snapshot.screenshotData() == png)
        #expect(ScreenshotLoader.load(for: snapshot).note == nil)
        let report = try LassoProcess.run(["import", dump, "--json"], in: folder)
        #expect(report.status == 0)
        let reported = try JSONParser.parse(Array(report.stdout.utf8), file: "report")
        #expect(reported["screenshot"]?["type"] == .string("image/png"))
        #expect(reported["screenshot"]?["bytes"] == .int(png.count))

        // A broken image beside the dump is not kept, and the JSON report says so among its notes.
        try Data("version https://git-lfs.github.com/spec/v1\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/home.png"))
        let broken = try LassoProcess.run(["import", dump, "--json"], in: folder)
        #expect(broken.status == 0)
        let brokenReport = try JSONParser.parse(Array(broken.stdout.utf8), file: "report")
        #expect(brokenReport["screenshot"] == nil)
        #expect(
            brokenReport["notes"]?.arrayValue?.contains { $0.stringValue?.contains("home.png was not kept") == true }
                == true)

        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: folder + "/bad.gif"))
        let refused = try LassoProcess.run(["import", dump, "--screenshot", folder + "/bad.gif"], in: folder)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("bad.gif: expected a PNG or JPEG image, found neither a PNG nor a JPEG"))
        let missing = try LassoProcess.run(["tree", dump, "--screenshot", folder + "/none.png"], in: folder)
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("none.png: cannot open"))
    }
}
