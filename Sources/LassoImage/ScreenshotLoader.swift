import Foundation
import LassoSnapshot

/// Finds, decodes and checks a snapshot's screenshot; anything wrong becomes one note, and the UI shows the frames alone.
public enum ScreenshotLoader {
    /// The decoded picture, or why there is none (nil and nil when the snapshot names no screenshot).
    public struct Outcome: Sendable {
        /// The picture as decoded: reduced by averaging when `load` was given a long side, else at the file's size.
        public var image: RGBImage?
        public var note: String?
        /// The file's own pixel size (the image's, unless it was reduced).
        public var fileSize: (width: Int, height: Int)?
    }

    /// The largest screenshot file read: far more than any PNG or JPEG within `ImageLimits`.
    public static let maximumFileSize = 256 << 20

    /// The screenshot of `snapshot`: the file `override` when given (`--screenshot`, or one found beside a dump),
    /// else the one the snapshot names; decoded shrunk by averaging while its longer side stays at least `longSide`
    /// pixels (the terminal never shows more), or at full size when `longSide` is nil.
    public static func load(
        for snapshot: Snapshot, override: String? = nil, longSide: Int? = ImageDecoder.terminalLongSide
    ) -> Outcome {
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
                switch read(path(of: file, for: snapshot)) {
                case .success(let read): bytes = read
                case .failure(let failure): return Outcome(image: nil, note: failure.description)
                }
            } else {
                name = embeddedName(snapshot)
                switch snapshot.embeddedScreenshot() {
                case .success(let data): bytes = data
                case .failure(let fault): return failure(name, "base64 text", fault.description)
                case nil: return Outcome(image: nil, note: nil)
                }
            }
        } else {
            return Outcome(image: nil, note: nil)
        }
        let decoded: ReducedImage
        do throws(ImageError) {
            decoded = try ImageDecoder.decode(bytes, longSide: longSide ?? Int.max)
        } catch {
            return failure(name, "a PNG or JPEG image", error.description)
        }
        if override == nil, let reference = snapshot.screenshot, let width = reference.width,
            let height = reference.height, Int(width) != decoded.fileWidth || Int(height) != decoded.fileHeight
        {
            return failure(
                name, "\(Int(width))×\(Int(height)) pixels as $.screenshot says",
                "an image of \(decoded.fileWidth)×\(decoded.fileHeight)")
        }
        if let mismatch = ScreenFit.mismatch(width: decoded.fileWidth, height: decoded.fileHeight, snapshot: snapshot) {
            return failure(name, mismatch.expected, mismatch.found)
        }
        return Outcome(image: decoded.image, note: nil, fileSize: (decoded.fileWidth, decoded.fileHeight))
    }

    /// Why the screenshot a snapshot names would not be drawn, found cheaply for commands that do not draw it: the
    /// file is there and starts like a PNG or JPEG, or the embedded base64 text is base64 of the type it says (only
    /// its first bytes are decoded); nil when that is so, or when the snapshot names none.
    public static func check(for snapshot: Snapshot) -> String? {
        guard let reference = snapshot.screenshot else { return nil }
        let name: String
        let head: [UInt8]
        if let file = reference.file {
            name = file
            do throws(LassoError) {
                head = try FileBytes.head(path(of: file, for: snapshot), count: 12)
            } catch {
                return "screenshot " + error.description + "; showing the frames alone"
            }
        } else {
            name = embeddedName(snapshot)
            switch snapshot.embeddedScreenshotSummary() {
            case .success(let summary): head = summary.head
            case .failure(let fault): return failure(name, "base64 text", fault.description).note
            case nil: return nil
            }
        }
        guard let type = Screenshot.ImageType.sniff(head) else {
            return failure(
                name, "a PNG or JPEG image", head.isEmpty ? "an empty file" : "bytes that start like neither"
            ).note
        }
        if let declared = reference.type, declared != type {
            // Every media type begins "image/", a vowel's sound: "an image/png image".
            return failure(name, "\(declared.rawValue) as $.screenshot.type says", "an \(type.rawValue) image").note
        }
        return nil
    }

    /// How a message names an embedded screenshot: where the dump it was imported from had it
    /// (`shop.json $.payload.activities[1].screenshot`), else where the snapshot has it.
    static func embeddedName(_ snapshot: Snapshot) -> String {
        let source = snapshot.unknownTopLevelFields["importedFrom"]
        guard let place = source?["screenshot"]?.stringValue else { return "$.screenshot.data" }
        return (source?["file"]?.stringValue.map { $0 + " " } ?? "") + place
    }

    /// The file a snapshot's screenshot `file` names: as it is when absolute, else in the snapshot's folder.
    static func path(of file: String, for snapshot: Snapshot) -> String {
        file.hasPrefix("/")
            ? file : ((snapshot.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
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
