import ArgumentParser
import Foundation
import LassoDocuments
import LassoImport
import LassoSnapshot

/// `lasso import`: turns a foreign dump (Appium, uiautomator, recursiveDescription, an analytics SDK's snapshot,
/// Maestro, dumpsys) into a `lasso.snapshot/1` file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Turn a screen dump (Appium page source, uiautomator dump, recursiveDescription text, Mixpanel or Sensors Analytics SDK snapshot, maestro hierarchy, dumpsys activity top) into a lasso snapshot.",
        discussion: """
            The format is recognized from the content (--format overrides). The snapshot goes to standard output (also with \
            -o -), or with -o to a file written atomically (its path is printed); a device or a named pipe given to -o is \
            written as it is, a symlink's target is written and the link kept; -o naming the dump itself is refused. What the dump cannot tell (no view controllers, no index paths) \
            is said once on standard error and kept in the snapshot's "importedFrom". Every other command reads these dumps \
            directly too; import is for keeping the converted file.
            """)

    @Argument(help: "The dump file.") var file: String
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the snapshot to this file instead of standard output (-: standard output).", valueName: "output"))
    var given: String?
    @Flag(
        help:
            "Print a JSON report (format, views, notes, screenshot) instead of the snapshot; with -o the snapshot is still written."
    )
    var json = false
    @OptionGroup var input: SnapshotInputOptions
    @Option(
        name: .customLong("profile"),
        help:
            "Mark the snapshot as from an app running this SDK (sensors, sensors-selector, mixpanel, growingio, sensors-android): commands on it then speak that SDK's paths unless lasso.json or --profile says otherwise."
    )
    var sdk: ArgumentChoice<SDKProfile>?

    /// The file -o names; nil for standard output (no -o, or -o -).
    var output: String? { given == "-" ? nil : given }

    func validate() throws {
        try sdk?.validate("--profile")
        if json && given == "-" {
            throw ValidationError(
                "-o -: --json prints its report on standard output; give -o a file, or leave out --json")
        }
    }

    func run() throws {
        if let output, FileIdentity.isSameFile(file, output) {
            throw LassoError(
                .usage,
                "-o \(DisplayText.escaped(output)) is the dump itself: the import would replace it; write the snapshot to another file"
            )
        }
        try input.checkApp()
        var options = input.importOptions
        var screenshotNotes: [String] = []
        options.screenshot = try input.screenshots.forImport(of: file, notes: &screenshotNotes)
        var imported = try SnapshotReader.importText(path: file, format: try input.sourceFormat(), options: options)
        if let output, imported.format == .lasso {
            imported.utf8 = try Self.screenshotRebased(imported.utf8, from: file, to: output)
        }
        if let profile = try sdk?.checked("--profile") {
            imported.utf8 = try SnapshotReader.marked(imported.utf8, profile: profile, file: file)
        }
        if json {
            if let output { try AtomicFile.write(imported.utf8, to: output) }
            Console.exact(
                JSONWriter.compact(
                    ImportReport.json(
                        imported, file: file, output: output, given: options.screenshot,
                        screenshotNotes: screenshotNotes)))
            return
        }
        var notes = ImportNotes()
        notes.add(imported.notes + screenshotNotes, file: file)
        notes.print()
        if let output {
            try AtomicFile.write(imported.utf8, to: output)
            Console.print(output)
        } else {
            Console.exact(utf8: imported.utf8)
        }
    }
}

extension ImportCommand {
    /// A lasso snapshot's text with its relative screenshot `file` rewritten to name the same file from the folder of
    /// `output`, where the copy goes (`import shots/home.json -o out/home.json`: `home.png` becomes
    /// `../shots/home.png`); the text as it is when there is nothing to rewrite.
    static func screenshotRebased(_ text: [UInt8], from source: String, to output: String) throws -> [UInt8] {
        let snapshot = try SnapshotLoader.load(bytes: text, file: source)
        guard let reference = snapshot.screenshot, let file = reference.file, !file.hasPrefix("/"),
            !reference.fileText.isAbsent
        else { return text }
        let target = absolute((source as NSString).deletingLastPathComponent, file)
        let rebased = relativePath(to: target, from: absolute((output as NSString).deletingLastPathComponent, "."))
        guard rebased != file else { return text }
        // The string's text lies between its quotes: the literal replaces it, quotes included.
        let range = reference.fileText.range
        var out = Array(text[..<(range.lowerBound - 1)])
        JSONArrayWriter.writeString(rebased, into: &out)
        out.append(contentsOf: text[(range.upperBound + 1)...])
        return out
    }

    /// `path` (relative to `folder`, itself relative to the working folder unless absolute) as an absolute path with
    /// no `.` or `..` parts.
    static func absolute(_ folder: String, _ path: String) -> String {
        let base = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        var parts: [Substring] = []
        for part in (base + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The relative path from the absolute folder `folder` to the absolute path `target`.
    static func relativePath(to target: String, from folder: String) -> String {
        let to = target.split(separator: "/")
        let from = folder.split(separator: "/")
        var common = 0
        while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
        let up = [Substring](repeating: "..", count: from.count - common)
        return (up + to[common...]).joined(separator: "/")
    }
}
