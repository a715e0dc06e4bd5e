import ArgumentParser
import LassoCore
import LassoImport

/// `lasso import`: turns a foreign dump (Appium, uiautomator, recursiveDescription, an analytics SDK's snapshot,
/// Maestro, dumpsys) into a `lasso.snapshot/1` file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Turn a screen dump (Appium page source, uiautomator dump, recursiveDescription text, Mixpanel or Sensors Analytics SDK snapshot, maestro hierarchy, dumpsys activity top) into a lasso snapshot.",
        discussion: """
            The format is recognized from the content (--format overrides). The snapshot goes to standard output, or with -o \
            to a file written atomically (its path is printed). What the dump cannot tell (no view controllers, no index paths) \
            is said once on standard error and kept in the snapshot's "importedFrom". Every other command reads these dumps \
            directly too; import is for keeping the converted file.
            """)

    @Argument(help: "The dump file.") var file: String
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "Write the snapshot to this file instead of standard output.")
    var output: String?
    @Option(name: .customLong("app-key"), help: "The app key to record in the snapshot (a dump names none).")
    var appKey: String?
    @Option(name: .customLong("app-version"), help: "The app version to record in the snapshot (a dump names none).")
    var appVersion: String?
    @Flag(
        help:
            "Print a JSON report (format, views, notes, screenshot) instead of the snapshot; with -o the snapshot is still written."
    )
    var json = false
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        if let appKey, !SafeName.isSafe(appKey) {
            throw LassoError(.usage, "--app-key: expected a name usable as a folder name, found \"\(appKey)\"")
        }
        if let appVersion, AppVersion(appVersion) == nil {
            throw LassoError(
                .usage, "--app-version: expected a version such as 5.3.0 or 5.3.0-beta.2, found \"\(appVersion)\"")
        }
        var options = input.importOptions
        options.appKey = appKey
        options.appVersion = appVersion
        var screenshotNotes: [String] = []
        options.screenshot = try input.screenshots.forImport(of: file, notes: &screenshotNotes)
        let imported = try SnapshotReader.importText(path: file, format: try input.sourceFormat(), options: options)
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
            Console.exact(imported.json, terminator: imported.json.hasSuffix("\n") ? "" : "\n")
        }
    }
}
