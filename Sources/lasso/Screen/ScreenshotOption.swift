import ArgumentParser
import Foundation
import LassoImage
import LassoSnapshot

/// `--screenshot FILE`, shared by every command that reads a snapshot, and the rule for finding a screenshot
/// beside a snapshot or dump: the option, else the snapshot's own `screenshot`, else `NAME.png`/`.jpg`/`.jpeg` beside it.
struct ScreenshotOption: ParsableArguments {
    @Option(
        help:
            "A PNG or JPEG of the screen (default: the snapshot's own screenshot, else NAME.png, NAME.jpg or NAME.jpeg beside the snapshot or dump)."
    )
    var screenshot: String?

    /// Refuses `--screenshot` with several snapshots: it is the picture of one screen.
    func checkCount(snapshots: Int) throws {
        if screenshot != nil && snapshots > 1 {
            throw LassoError(
                .usage, "--screenshot goes with one snapshot; put each screenshot beside its snapshot instead")
        }
    }

    /// The file of a same-named image beside `path` (`home.uix` → `home.png`), if there is one.
    static func besides(_ path: String) -> String? {
        let base = (path as NSString).deletingPathExtension
        for ext in ["png", "jpg", "jpeg", "PNG", "JPG", "JPEG"] {
            let candidate = base + "." + ext
            var isFolder: ObjCBool = false
            if candidate != path, FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                return candidate
            }
        }
        return nil
    }

    /// The file to take the screenshot of `snapshot` from, instead of the one it names: `--screenshot`, else one
    /// beside it when it names none.
    func file(for snapshot: Snapshot) -> String? {
        screenshot ?? (snapshot.screenshot == nil ? Self.besides(snapshot.file) : nil)
    }

    /// The decoded screenshot of `snapshot` (shrunk while its longer side stays at least `longSide` pixels, whole
    /// when nil), or the note saying why there is none.
    func load(for snapshot: Snapshot, longSide: Int? = ImageDecoder.terminalLongSide) -> ScreenshotLoader.Outcome {
        ScreenshotLoader.load(for: snapshot, override: file(for: snapshot), longSide: longSide)
    }

    /// True when `snapshot` has a screenshot to show: one given, beside it, or its own.
    func exists(for snapshot: Snapshot) -> Bool {
        file(for: snapshot) != nil || snapshot.screenshot != nil
    }

    /// The screenshot an import keeps: `--screenshot`, else an image beside the dump; a bad `--screenshot` is an error
    /// (exit 66 missing, 65 not an image), a bad image found beside the dump a note.
    func forImport(of dump: String, notes: inout [String]) throws -> Screenshot? {
        let given = screenshot != nil
        guard let path = screenshot ?? Self.besides(dump) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            if given { throw error }
            notes.append("the screenshot beside the dump was not kept: \(error)")
            return nil
        }
        do throws(ImageError) {
            // Decoded reduced, as the terminal draws it: enough to know the file is a whole image, and its size.
            let image = try ImageDecoder.decode(bytes, longSide: ImageDecoder.terminalLongSide)
            guard let type = Screenshot.ImageType.sniff(bytes) else { throw ImageError("neither a PNG nor a JPEG") }
            return Screenshot(bytes: bytes, type: type, pixelSize: (image.fileWidth, image.fileHeight))
        } catch {
            if given {
                throw LassoError(.badInput, "\(path): expected a PNG or JPEG image, found \(error.description)")
            }
            notes.append(
                "the screenshot \((path as NSString).lastPathComponent) was not kept: expected a PNG or JPEG image, found \(error.description)"
            )
            return nil
        }
    }
}
