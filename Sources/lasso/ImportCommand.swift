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
    @Flag(
        help:
            "Print a JSON report (format, views, notes, screenshot) instead of the snapshot; with -o the snapshot is still written."
    )
    var json = false
    @OptionGroup var input: SnapshotInputOptions

    func run() throws {
        try input.checkApp()
        var options = input.importOptions
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
