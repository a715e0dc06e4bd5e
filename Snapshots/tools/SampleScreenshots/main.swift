import Foundation
import LassoImage
import LassoSnapshot

// Writes the screenshot of each sample snapshot given: its views drawn at the screen's scale, as the PNG its
// `screenshot.file` names (beside the snapshot), texts in the font `--font` or SAMPLE_SCREENSHOTS_FONT names
// (WenQuanYi Zen Hei by default). Run: swift run sample-screenshots [--font FILE] Snapshots/shop-home.json …
var arguments = Array(CommandLine.arguments.dropFirst())
var fontPath = ProcessInfo.processInfo.environment["SAMPLE_SCREENSHOTS_FONT"] ?? FontRenderer.defaultPath
if let at = arguments.firstIndex(of: "--font") {
    guard at + 1 < arguments.count else {
        FileHandle.standardError.write(Data("--font needs a font file\n".utf8))
        exit(64)
    }
    fontPath = arguments[at + 1]
    arguments.removeSubrange(at...at + 1)
}
if arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: sample-screenshots [--font FILE] SNAPSHOT.json …\n".utf8))
    exit(64)
}
let font: FontRenderer
do {
    font = try FontRenderer(path: fontPath)
} catch {
    FileHandle.standardError.write(Data("sample-screenshots: \(error)\n".utf8))
    exit(69)
}
for path in arguments {
    do {
        let snapshot = try SnapshotLoader.load(path: path)
        guard let file = snapshot.screenshot?.file else {
            FileHandle.standardError.write(Data("\(path): names no screenshot file ($.screenshot.file)\n".utf8))
            exit(65)
        }
        let canvas = ScreenPainter.paint(snapshot, scale: snapshot.screen?.scale ?? 1, font: font)
        let output = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
        try Data(try PNGCodec.encode(canvas.image)).write(to: URL(fileURLWithPath: output), options: .atomic)
        print("wrote \(output) (\(canvas.width)×\(canvas.height))")
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
        exit(1)
    }
}
