import Foundation
import LassoImport
import LassoSnapshot

/// The JSON that `lasso import --json` prints about an import: what the file was, how many views it gave, the notes.
enum ImportReport {
    /// The report of `imported`; `given` is the screenshot the user gave or that lay beside the dump, and
    /// `screenshotNotes` say why one was not kept.
    static func json(
        _ imported: ImportedSnapshot, file: String, output: String?, given: Screenshot? = nil,
        screenshotNotes: [String] = []
    ) -> JSONValue {
        var report = JSONObject()
        report["file"] = .string(file)
        report["format"] = .string(imported.format.rawValue)
        report["views"] = imported.viewCount.map { .int($0) } ?? .null
        report["notes"] = .array((imported.notes + screenshotNotes).map { .string($0) })
        if let screenshot = imported.screenshot {
            report["screenshot"] = .object(
                JSONObject(["type": .string(screenshot.type), "bytes": .int(screenshot.byteCount)]))
        } else if let given {
            report["screenshot"] = .object(
                JSONObject(["type": .string(given.type.rawValue), "bytes": .int(given.bytes.count)]))
        }
        if let output { report["output"] = .string(output) }
        return .object(report)
    }
}
