import Foundation
import LassoCore

/// Finds, decodes and checks a snapshot's screenshot; anything wrong becomes one note, and the UI shows the frames alone.
public enum ScreenshotLoader {
    /// The decoded picture, or why there is none (nil and nil when the snapshot names no screenshot).
    public struct Outcome: Sendable {
        public var image: RGBImage?
        public var note: String?
    }

    /// The largest screenshot file read: far more than any PNG or JPEG within `ImageLimits`.
    public static let maximumFileSize = 256 << 20

    /// The screenshot of `snapshot`: the file `override` when given (`--screenshot`, or one found beside a dump),
    /// else the one the snapshot names.
    public static func load(for snapshot: Snapshot, override: String? = nil) -> Outcome {
        let name: String
        let bytes: [UInt8]
        if let override {
            name = override
            switch read(override) {
            case .success(let read): bytes = read
            case .failure(let failure): return Outcome(image: nil, note: failure.description)
            }
        } else if let reference = snapshot.screenshot {
            if let file = reference.file {
                name = file
                let path =
                    file.hasPrefix("/")
                    ? file
                    : ((snapshot.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
                switch read(path) {
                case .success(let read): bytes = read
                case .failure(let failure): return Outcome(image: nil, note: failure.description)
                }
            } else {
                name = "$.screenshot.data"
                guard let data = snapshot.screenshotData() else {
                    return failure(name, "base64 text", "characters base64 does not use")
                }
                bytes = data
            }
        } else {
            return Outcome(image: nil, note: nil)
        }
        let image: RGBImage
        do throws(ImageError) {
            image = try ImageDecoder.decode(bytes)
        } catch {
            return failure(name, "a PNG or JPEG image", error.description)
        }
        if override == nil, let reference = snapshot.screenshot, let width = reference.width,
            let height = reference.height, Int(width) != image.width || Int(height) != image.height
        {
            return failure(
                name, "\(Int(width))×\(Int(height)) pixels as $.screenshot says",
                "an image of \(image.width)×\(image.height)")
        }
        if let mismatch = ScreenFit.mismatch(image: image, snapshot: snapshot) {
            return failure(name, mismatch.expected, mismatch.found)
        }
        return Outcome(image: image, note: nil)
    }

    private static func failure(_ name: String, _ expected: String, _ found: String) -> Outcome {
        Outcome(image: nil, note: "screenshot \(name): expected \(expected), found \(found); showing the frames alone")
    }

    /// The file's bytes, or a note saying why they cannot be had.
    private static func read(_ path: String) -> Result<[UInt8], ImageError> {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > maximumFileSize {
            return .failure(
                ImageError(
                    "screenshot \(path): expected an image file of at most \(maximumFileSize >> 20) MB, found \(Int(info.st_size) >> 20) MB; showing the frames alone"
                )
            )
        }
        do throws(LassoError) {
            return .success(try FileBytes.read(path))
        } catch {
            return .failure(ImageError("screenshot " + error.description + "; showing the frames alone"))
        }
    }
}
