import Foundation
import LassoDocuments
import LassoImage
import LassoSnapshot
import LassoTUI

/// Times the screenshot path of the terminal UI without a terminal: decoding a 1170×2532 PNG or JPEG (reduced for the
/// terminal, and at full size for comparison) and scaling it to a 100×60-cell canvas, and the extra cost of a redraw
/// after a key when the scaled picture is cached.
/// Usage: LassoPictureBenchmark SNAPSHOT-WITH-SCREENSHOT [repetitions]
@MainActor
func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: LassoPictureBenchmark SNAPSHOT [repetitions]\n".utf8))
        exit(64)
    }
    let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
    let clock = ContinuousClock()
    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

    let snapshot = try SnapshotLoader.load(path: arguments[1])
    let loaded = ScreenshotLoader.load(for: snapshot)
    guard loaded.image != nil, let sample = ScreenshotLoader.load(for: snapshot, longSide: nil).image else {
        FileHandle.standardError.write(Data("\(arguments[1]): \(loaded.note ?? "names no screenshot")\n".utf8))
        exit(65)
    }
    let screen = (snapshot.screen?.width ?? 390, snapshot.screen?.height ?? 844)
    // A photo-like picture of the same size: gradients and noise, which compress (and decode) far worse than flat UI.
    var noisy = [UInt8](repeating: 0, count: sample.width * sample.height * 3)
    var seed: UInt32 = 12345
    for y in 0..<sample.height {
        for x in 0..<sample.width {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let at = (y * sample.width + x) * 3
            noisy[at] = UInt8((x * 255 / sample.width + Int(seed >> 28)) & 0xFF)
            noisy[at + 1] = UInt8((y * 255 / sample.height + Int((seed >> 24) & 15)) & 0xFF)
            noisy[at + 2] = UInt8(Int(seed >> 16) & 0xFF)
        }
    }
    // The sample screen with six product photos on it (a shop's grid of cards, about 40% of the screen): smooth
    // shading with a little grain, as a camera picture has; what an app's screenshot with pictures is like.
    var withPhotos = sample.pixels
    for card in 0..<6 {
        let left = 40 + (card % 2) * 560
        let top = 700 + (card / 2) * 580
        for y in top..<min(sample.height, top + 520) {
            for x in left..<min(sample.width, left + 520) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let grain = Int(seed >> 29)
                let at = (y * sample.width + x) * 3
                withPhotos[at] = UInt8(clamping: 90 + (x - left) / 4 + grain)
                withPhotos[at + 1] = UInt8(clamping: 60 + (y - top) / 3 + grain)
                withPhotos[at + 2] = UInt8(clamping: 140 + card * 15 - (x - left + y - top) / 10 + grain)
            }
        }
    }
    let files = [
        ("sample screen PNG", try PNGCodec.encode(sample)),
        (
            "screen+photos PNG",
            try PNGCodec.encode(RGBImage(width: sample.width, height: sample.height, pixels: withPhotos)!)
        ),
        ("photo-like PNG", try PNGCodec.encode(RGBImage(width: sample.width, height: sample.height, pixels: noisy)!)),
        ("photo-like JPEG", try JPEGCodec.encode(RGBImage(width: sample.width, height: sample.height, pixels: noisy)!)),
    ]
    // The path lasso takes: decoded reduced for the terminal (JPEG at a libjpeg-turbo scale, PNG averaged row by row),
    // then averaged into the canvas's cells. The full-size decode is timed too, for comparison.
    for (name, bytes) in files {
        for (path, longSide) in [("full size", Int.max), ("reduced", ImageDecoder.terminalLongSide)] {
            var decodeTimes: [Double] = []
            var scaleTimes: [Double] = []
            var decodedSize = (0, 0)
            for _ in 0..<max(5, repetitions / 10) {
                let started = clock.now
                let image = try ImageDecoder.decode(bytes, longSide: longSide).image
                let decoded = clock.now
                let scaled = ScaledPicture(image: image, screen: screen, columns: 100, rows: 60)
                precondition(scaled.usedRows > 0)
                decodeTimes.append(milliseconds(decoded - started))
                scaleTimes.append(milliseconds(clock.now - decoded))
                decodedSize = (image.width, image.height)
            }
            print(
                name.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: "%dx%d, %4d KB, ", sample.width, sample.height, bytes.count / 1024)
                    + "\(path) (\(decodedSize.0)x\(decodedSize.1))".padding(toLength: 22, withPad: " ", startingAt: 0)
                    + String(
                        format: ": decode %5.1f ms + scale to 100x60 cells %4.1f ms = %5.1f ms (median)",
                        median(decodeTimes), median(scaleTimes), median(decodeTimes) + median(scaleTimes)))
        }
    }

    // A redraw after a key: the same keys on the same screen, with the picture (cached) and without.
    let size = Size(width: 200, height: 80)
    func keyTimes(picture: RGBImage?) -> [Double] {
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(),
            configsFolder: NSTemporaryDirectory() + "lasso-bench-none", size: size, screenshot: picture)
        _ = Renderer.render(state)
        return (0..<repetitions).map { index in
            let started = clock.now
            state.handle(.key(.char(index % 20 < 10 ? "j" : "k")))
            let grid = Renderer.render(state)
            precondition(grid.width == size.width)
            return milliseconds(clock.now - started)
        }
    }
    let plain = median(keyTimes(picture: nil))
    let pictured = median(keyTimes(picture: loaded.image))
    let canvas = PictureState.canvas(Layout(size))
    print(
        String(
            format:
                "key + redraw at %dx%d (canvas %dx%d cells): %.3f ms frames alone, %.3f ms with the picture: %.3f ms extra (median of %d)",
            size.width, size.height, canvas.width, canvas.height, plain, pictured, pictured - plain, repetitions))

    // The terminal's own pixels. A key's frame: the grid with blank canvas cells and the picture asked for, and the
    // check that it is the one already shown (what decides that nothing is sent).
    var pixelState = AppState(
        table: PathTable(snapshot), settings: ProjectSettings(),
        configsFolder: NSTemporaryDirectory() + "lasso-bench-none", size: size, screenshot: sample, pixels: true)
    var last = Renderer.render(pixelState).pixels
    var unchanged = 0
    let pixelKeys = (0..<repetitions).map { index in
        let started = clock.now
        // Every other key is one that changes nothing on the canvas (a fold at a leaf): the picture is not sent.
        pixelState.handle(.key(.char(index % 2 == 0 ? "j" : "l")))
        let grid = Renderer.render(pixelState)
        if grid.pixels == last { unchanged += 1 }
        last = grid.pixels
        return milliseconds(clock.now - started)
    }
    print(
        String(
            format:
                "key + redraw with the picture in pixels: %.3f ms (median of %d; %d of them left the picture as it was)",
            median(pixelKeys), repetitions, unchanged))

    // A full re-send of the sample's whole screenshot at 1,000 × 2,000 pixels (100 × 100 cells of 10 × 20): drawn
    // with its marks, then encoded in each protocol.
    let area = 100
    let picture = PixelPicture(
        image: sample, screen: screen, area: Layout.Area(x: 0, y: 0, width: area, height: area),
        scale: CanvasScale(screen: screen, columns: area, rows: area),
        marks: [PixelPicture.Mark(x: 16, y: 420, width: 358, height: 70, kind: .highlight)])
    var drawTimes: [Double] = []
    var drawn = PixelPainter.draw(picture, cellWidth: 10, cellHeight: 20)
    for _ in 0..<max(5, repetitions / 20) {
        let started = clock.now
        drawn = PixelPainter.draw(picture, cellWidth: 10, cellHeight: 20)
        drawTimes.append(milliseconds(clock.now - started))
    }
    print(
        String(
            format: "picture drawn at %dx%d pixels with its marks: %.1f ms (median)", drawn.width, drawn.height,
            median(drawTimes)))
    for imageProtocol in TerminalImageProtocol.allCases {
        var encodeTimes: [Double] = []
        var bytes = 0
        for _ in 0..<max(5, repetitions / 20) {
            let started = clock.now
            // Sixel in xterm's tiles of at most 1000 × 1000 pixels, as lasso sends it.
            let tiles = CellTiles(
                drawn, columns: area, rows: area, cellWidth: 10, cellHeight: 20,
                limitWidth: imageProtocol == .sixel ? 1000 : Int.max,
                limitHeight: imageProtocol == .sixel ? 1000 : Int.max)
            bytes = 0
            for tile in tiles.tiles {
                let (before, atCursor) = try imageProtocol.encode(
                    tile.image, columns: tile.columns, rows: tile.rows, id: 1)
                bytes += before.reduce(atCursor.count) { $0 + $1.count }
            }
            encodeTimes.append(milliseconds(clock.now - started))
        }
        print(
            String(
                format: "  %@: encoded in %.1f ms, %d KB; drawn + encoded %.1f ms (median)",
                imageProtocol.rawValue, median(encodeTimes), bytes / 1024, median(drawTimes) + median(encodeTimes)))
    }
}

try MainActor.assumeIsolated { try main() }
