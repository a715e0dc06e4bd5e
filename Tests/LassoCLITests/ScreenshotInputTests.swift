import Foundation
import LassoImage
import LassoSnapshot
import Testing

/// A snapshot's own screenshot, as the commands that do not draw it see it: checked cheaply, moved with the snapshot
/// on import, and a large one carried as base64 costing its text, not twenty copies of it.
@Suite("screenshots of snapshots, end to end")
struct ScreenshotInputTests {
    static let window = #""root": {"class": "UIWindow", "frame": [0, 0, 390, 844]}"#

    static func snapshot(screenshot: String) -> String {
        #"{"format": "lasso.snapshot/1", "screen": {"width": 390, "height": 844}, "screenshot": \#(screenshot), \#(window)}"#
    }

    @Test("stats notes an embedded screenshot that is not base64, or not the type it says, and a missing file")
    func ownScreenshotIsChecked() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let png = try PNGCodec.encode(
            RGBImage(width: 39, height: 84, pixels: [UInt8](repeating: 9, count: 39 * 84 * 3))!)
        let cases: [(String, String?)] = [
            (#"{"data": "not base64 at all!", "type": "image/png"}"#, "expected base64 text, found the character '!'"),
            (
                #"{"data": "\#(Data(png).base64EncodedString())", "type": "image/jpeg"}"#,
                "expected image/jpeg as $.screenshot.type says, found an image/png image"
            ),
            (#"{"file": "gone.png"}"#, "gone.png: cannot open"),
            (#"{"data": "\#(Data(png).base64EncodedString())", "type": "image/png"}"#, nil),
        ]
        for (index, (screenshot, note)) in cases.enumerated() {
            let file = try CLI.write(Self.snapshot(screenshot: screenshot), to: "s\(index).json", in: folder)
            let outcome = try CLI.run(["stats", file], in: folder)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            if let note {
                #expect(outcome.stderr.contains(note), "\(screenshot): \(outcome.stderr)")
                #expect(outcome.stderr.contains("lasso: note: s\(index).json: screenshot"), "\(outcome.stderr)")
            } else {
                #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
            }
        }
    }

    @Test("a screenshot file name holding NUL is refused with its place, not opened up to the NUL")
    func fileNameWithNUL() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write("not this one", to: "a", in: folder)
        let file = try CLI.write(Self.snapshot(screenshot: #"{"file": "a\u0000b.png"}"#), to: "nul.json", in: folder)
        let outcome = try CLI.run(["stats", file], in: folder)
        CLI.expectCleanError(outcome, status: 65, file: "nul.json", mentions: ["$.screenshot.file", "NUL"])
    }

    @Test("import -o into another folder rewrites a relative screenshot path so that it still names the picture")
    func importRebasesTheScreenshotPath() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let png = try PNGCodec.encode(
            RGBImage(width: 39, height: 84, pixels: [UInt8](repeating: 9, count: 39 * 84 * 3))!)
        try CLI.write(Data(png), to: "shots/home.png", in: folder)
        try CLI.write(Self.snapshot(screenshot: #"{"file": "home.png"}"#), to: "shots/home.json", in: folder)
        let outcome = try CLI.run(["import", "shots/home.json", "-o", "other/dir/out.json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let copy = try SnapshotLoader.load(path: folder + "/other/dir/out.json")
        #expect(copy.screenshot?.file == "../../shots/home.png")
        #expect(ScreenshotLoader.load(for: copy).note == nil)
        #expect(ScreenshotLoader.load(for: copy).image != nil)
        // Into the same folder, the file is copied byte for byte.
        #expect(try CLI.run(["import", "shots/home.json", "-o", "shots/copy.json"], in: folder).status == 0)
        #expect(
            FileManager.default.contents(atPath: folder + "/shots/copy.json")
                == FileManager.default.contents(atPath: folder + "/shots/home.json"))
    }

    /// A Mixpanel iOS snapshot whose screenshot (or, with `asText`, a property of the same size) is `size` bytes of
    /// base64.
    static func sdkSnapshot(base64Size size: Int, asText: Bool) -> String {
        let image =
            [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            + [UInt8](repeating: 0x5A, count: size * 3 / 4 - 8)
        let text = Data(image).base64EncodedString()
        return """
            {"type": "snapshot_response", "payload": {"screenshot": \(asText ? "null" : "\"\(text)\""),
             "serialized_objects": {"rootObject": "$1", "objects": [
              {"id": "$1", "class": ["UIWindow", "UIView", "UIResponder", "NSObject"],
               "properties": {"frame": {"X": 0, "Y": 0, "Width": 390, "Height": 844}\(asText ? ", \"note\": \"\(text)\"" : "")}}]}}}
            """
    }

    static let time = "/usr/bin/time"

    @Test(
        "a 20 MB base64 screenshot in an SDK snapshot costs about what a 20 MB text does: at most twice the text more",
        .enabled(if: FileManager.default.isExecutableFile(atPath: time), "needs GNU time (/usr/bin/time)"))
    func largeBase64Screenshot() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let size = 20 << 20
        try CLI.write(Self.sdkSnapshot(base64Size: size, asText: false), to: "shot.json", in: folder)
        try CLI.write(Self.sdkSnapshot(base64Size: size, asText: true), to: "text.json", in: folder)
        func peak(_ arguments: [String]) throws -> Int {
            let outcome = try LassoProcess.run(
                arguments, in: folder, timeout: 120, wrapper: [Self.time, "-f", "peak %M"])
            #expect(outcome.status == 0, "\(outcome.stderr.suffix(300))")
            let line = outcome.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
            return (Int(line.dropFirst(5)) ?? .max) * 1024
        }
        for command in [["tree", "X.json"], ["import", "X.json", "-o", "out.json"]] {
            let shot = try peak(command.map { $0 == "X.json" ? "shot.json" : $0 })
            let text = try peak(command.map { $0 == "X.json" ? "text.json" : $0 == "out.json" ? "text-out.json" : $0 })
            // Before, the screenshot cost some twenty times its text: 400 MB more here.
            #expect(
                shot - text < 2 * size,
                "\(command[0]): \(shot >> 20) MB with the screenshot, \(text >> 20) MB with the text")
        }
        let imported = try SnapshotLoader.load(path: folder + "/out.json")
        #expect(imported.screenshot?.type == .png)
        #expect(imported.screenshotData()?.count == size * 3 / 4)
    }

    @Test("an SDK snapshot whose screenshot is not base64 imports with a note saying so")
    func sdkScreenshotNotBase64() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let text = Self.sdkSnapshot(base64Size: 400, asText: false).replacingOccurrences(
            of: "iVBORw0K", with: "iV*ORw0K")
        let file = try CLI.write(text, to: "garbage.json", in: folder)
        let outcome = try CLI.run(["import", file, "-o", "out.json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "the screenshot the snapshot carries ($.payload.screenshot) is not base64 (the character '*' at byte 3"),
            "\(outcome.stderr)")
    }
}
