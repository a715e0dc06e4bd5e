import Foundation
import LassoImage
import LassoSnapshot
import Testing

@Suite("Finding and checking a snapshot's screenshot")
struct ScreenshotLoaderTests {
    static func snapshot(
        _ screenshot: String, in folder: String, screen: String = #"{"width": 20, "height": 40, "scale": 2}"#
    )
        throws -> Snapshot
    {
        let text = """
            {"format": "lasso.snapshot/1", "screen": \(screen), "screenshot": \(screenshot),
             "root": {"class": "UIWindow", "frame": [0, 0, 20, 40]}}
            """
        let path = folder + "/screen.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try SnapshotLoader.load(path: path)
    }

    @Test("a file beside the snapshot is found relative to it, decoded and checked against the screen")
    func fileBeside() throws {
        let folder = ImageFixtures.folder()
        try Data(try PNGCodec.encode(ImageFixtures.quarters(width: 40, height: 80))).write(
            to: URL(fileURLWithPath: folder + "/shot.png"))
        let outcome = ScreenshotLoader.load(for: try Self.snapshot(#"{"file": "shot.png"}"#, in: folder))
        #expect(outcome.note == nil)
        #expect(outcome.image?.pixel(x: 30, y: 70) == RGB(0, 0, 255))
    }

    @Test(
        "a screen-sized picture is reduced for the terminal, and checked by the size of the file, not of the reduction")
    func reducedButCheckedAtFileSize() throws {
        let folder = ImageFixtures.folder()
        // 20×40 points at scale 30: a 600×1200 file, reduced to 300 pixels on its long side (a factor of 4).
        let screen = #"{"width": 20, "height": 40, "scale": 30}"#
        try Data(try PNGCodec.encode(ImageFixtures.quarters(width: 600, height: 1200))).write(
            to: URL(fileURLWithPath: folder + "/big.png"))
        let outcome = ScreenshotLoader.load(
            for: try Self.snapshot(#"{"file": "big.png", "width": 600, "height": 1200}"#, in: folder, screen: screen))
        #expect(outcome.note == nil)
        #expect(outcome.fileSize?.width == 600 && outcome.fileSize?.height == 1200)
        let image = try #require(outcome.image)
        #expect(image.width == 150 && image.height == 300, "\(image.width)×\(image.height)")
        #expect(image.pixel(x: 5, y: 250) == RGB(255, 0, 0))
        #expect(image.pixel(x: 145, y: 250) == RGB(0, 0, 255))
        let whole = ScreenshotLoader.load(
            for: try Self.snapshot(#"{"file": "big.png"}"#, in: folder, screen: screen), longSide: nil)
        #expect(whole.image?.width == 600)
        // A size in $.screenshot is compared with the file's.
        let wrong = ScreenshotLoader.load(
            for: try Self.snapshot(#"{"file": "big.png", "width": 300, "height": 600}"#, in: folder, screen: screen))
        #expect(wrong.image == nil)
        #expect(
            wrong.note?.contains("expected 300×600 pixels as $.screenshot says, found an image of 600×1200") == true)
    }

    @Test("base64 data inside the snapshot decodes")
    func embedded() throws {
        let folder = ImageFixtures.folder()
        let jpeg = try JPEGCodec.encode(ImageFixtures.quarters(width: 40, height: 80))
        let shot = Screenshot(bytes: jpeg, type: .jpeg, pixelSize: (40, 80))
        let json = JSONWriter.compact(shot.json)
        let outcome = ScreenshotLoader.load(for: try Self.snapshot(json, in: folder))
        #expect(outcome.note == nil)
        #expect(outcome.image?.width == 40)
    }

    @Test("a missing file, bytes that are no image, bad base64 and a wrong size are each one note")
    func notes() throws {
        let folder = ImageFixtures.folder()
        let missing = ScreenshotLoader.load(for: try Self.snapshot(#"{"file": "gone.png"}"#, in: folder))
        #expect(missing.image == nil)
        #expect(missing.note?.contains("gone.png: cannot open") == true)

        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
        let text = ScreenshotLoader.load(for: try Self.snapshot(#"{"file": "text.png"}"#, in: folder))
        #expect(
            text.note
                == "screenshot text.png: expected a PNG or JPEG image, found neither a PNG nor a JPEG (the file does not start like either); showing the frames alone"
        )

        let base64 = ScreenshotLoader.load(for: try Self.snapshot(#"{"data": "@@@", "type": "image/png"}"#, in: folder))
        #expect(base64.note?.contains("expected base64 text") == true)

        try Data(try PNGCodec.encode(ImageFixtures.quarters(width: 30, height: 80))).write(
            to: URL(fileURLWithPath: folder + "/narrow.png"))
        let wrong = ScreenshotLoader.load(for: try Self.snapshot(#"{"file": "narrow.png"}"#, in: folder))
        #expect(wrong.image == nil)
        #expect(
            wrong.note
                == "screenshot narrow.png: expected 40×80 pixels (the screen, 20×40 points at scale 2), found an image of 30×80 pixels; showing the frames alone"
        )

        try Data(try ImageFixtures.pngClaiming(width: 100_000, height: 100_000)).write(
            to: URL(fileURLWithPath: folder + "/huge.png"))
        let huge = ScreenshotLoader.load(for: try Self.snapshot(#"{"file": "huge.png"}"#, in: folder))
        #expect(huge.note?.contains("100000×100000 pixels, larger than lasso decodes") == true)
    }

    @Test("without a scale, the image must have the screen's shape")
    func shapeWithoutScale() throws {
        let folder = ImageFixtures.folder()
        try Data(try PNGCodec.encode(ImageFixtures.quarters(width: 60, height: 120))).write(
            to: URL(fileURLWithPath: folder + "/x3.png"))
        let fits = ScreenshotLoader.load(
            for: try Self.snapshot(#"{"file": "x3.png"}"#, in: folder, screen: #"{"width": 20, "height": 40}"#))
        #expect(fits.note == nil)
        try Data(try PNGCodec.encode(ImageFixtures.quarters(width: 60, height: 60))).write(
            to: URL(fileURLWithPath: folder + "/square.png"))
        let square = ScreenshotLoader.load(
            for: try Self.snapshot(#"{"file": "square.png"}"#, in: folder, screen: #"{"width": 20, "height": 40}"#))
        #expect(square.note?.contains("an image shaped like the screen") == true)
    }

    @Test("a screenshot member that is neither file nor data is a format error at its place")
    func formatErrors() throws {
        let folder = ImageFixtures.folder()
        #expect(throws: InputError.self) {
            try Self.snapshot(#"{"file": "a.png", "data": "AA==", "type": "image/png"}"#, in: folder)
        }
        #expect(throws: InputError.self) { try Self.snapshot(#"{"data": "AA=="}"#, in: folder) }
        let error = #expect(throws: InputError.self) {
            try Self.snapshot(#"{"data": "AA==", "type": "image/gif"}"#, in: folder)
        }
        #expect(error?.description.contains("$.screenshot.type") == true)
        #expect(throws: InputError.self) {
            try Self.snapshot(#"{"file": "a.png", "width": 1.5, "height": 2}"#, in: folder)
        }
    }
}
