import Foundation
import LassoImage
import LassoSnapshot

// Writes the screenshot of each sample snapshot given: its views drawn at the screen's scale, as the PNG its
// `screenshot.file` names (beside the snapshot). Run: swift run sample-screenshots Snapshots/shop-home.json …
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: sample-screenshots SNAPSHOT.json …\n".utf8))
    exit(64)
}
for path in arguments {
    do {
        let snapshot = try SnapshotLoader.load(path: path)
        guard let file = snapshot.screenshot?.file else {
            FileHandle.standardError.write(Data("\(path): names no screenshot file ($.screenshot.file)\n".utf8))
            exit(65)
        }
        let canvas = ScreenPainter.paint(snapshot, scale: snapshot.screen?.scale ?? 1)
        let output = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
        try Data(try PNGCodec.encode(canvas.image)).write(to: URL(fileURLWithPath: output), options: .atomic)
        print("wrote \(output) (\(canvas.width)×\(canvas.height))")
    } catch {
        FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
        exit(1)
    }
}
