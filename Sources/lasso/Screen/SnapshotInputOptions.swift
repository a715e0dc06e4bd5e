import ArgumentParser
import Foundation
import LassoDocuments
import LassoImage
import LassoImport
import LassoSnapshot

/// The options of every command that reads a snapshot: the file's format and text encoding, and a `_printHierarchy` file
/// to go with a text dump.
struct SnapshotInputOptions: ParsableArguments {
    @Option(help: "The snapshot file's format, in any letter case (default: recognized from the content).")
    var format: ArgumentChoice<SnapshotSourceFormat>?

    @Option(
        help:
            "A file of _printHierarchy output to go with a recursiveDescription text dump (its view controllers become pages)."
    )
    var controllers: String?

    @OptionGroup var screenshots: ScreenshotOption
    @Option(
        help:
            "Read the file in this text encoding, whatever it declares: gb18030 (also reads GBK) for dumps written on Chinese Windows machines (default: as its bytes say, UTF-8 or UTF-16)."
    )
    var encoding: ArgumentChoice<SourceEncoding>?
    @Option(
        help:
            "The activity to take from a dumpsys dump or an Android SDK snapshot that holds several (its name, qualified or simple; default: the resumed one, else the last)."
    )
    var activity: String?
    @Option(
        name: .customLong("app-key"),
        help:
            "The app the screen is of, for a dump that names none (uiautomator, Appium, recursiveDescription…); it also wins over lasso.json's appKey and the snapshot's.",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @Option(
        name: .customLong("app-version"),
        help: "The app version the screen is of, for a dump that names none; it also wins over the snapshot's.")
    var appVersion: String?

    func validate() throws {
        try format?.validate("--format")
        try encoding?.validate("--encoding")
    }

    /// Refuses an `--app-key` that cannot name a folder and an `--app-version` that is no version (exit 64).
    func checkApp() throws {
        if let appKey, !SafeName.isSafe(appKey) {
            throw LassoError(.usage, "--app-key: expected a name usable as a folder name, found \"\(appKey)\"")
        }
        if let appVersion, AppVersion(appVersion) == nil {
            throw LassoError(
                .usage, "--app-version: expected a version such as 5.3.0 or 5.3.0-beta.2, found \"\(appVersion)\"")
        }
    }

    /// The `--format` given, checked.
    func sourceFormat() throws -> SnapshotSourceFormat? {
        try format?.checked("--format")
    }

    /// Refuses `--controllers` and `--screenshot` with several snapshots: each belongs to one screen.
    func checkControllers(snapshots: Int) throws {
        try screenshots.checkCount(snapshots: snapshots)
        if controllers != nil && snapshots > 1 {
            throw LassoError(
                .usage,
                "--controllers goes with one recursiveDescription dump; concatenate each dump with its _printHierarchy output instead"
            )
        }
    }

    /// What the import needs besides the file: the `_printHierarchy` file, the encoding and the activity to take.
    var importOptions: ImportOptions {
        ImportOptions(
            appKey: appKey, appVersion: appVersion, controllersFile: controllers, encoding: encoding?.value,
            activity: activity)
    }

    /// Reads one snapshot file, importing a foreign dump; the import's notes go to standard error once.
    func read(_ path: String) throws -> Snapshot {
        try checkApp()
        let (snapshot, notes) = try SnapshotReader.read(path: path, format: try sourceFormat(), options: importOptions)
        var printer = ImportNotes()
        printer.add(notes, file: path)
        printer.add(givenScreenshotNote(for: snapshot), file: path)
        printer.print()
        return snapshot
    }
}

extension SnapshotInputOptions {
    /// Commands that do not draw the screen still check its screenshot: a `--screenshot` given to them is decoded,
    /// the snapshot's own is looked at cheaply (the file is there and starts like an image, embedded base64 is base64
    /// of the type it says); the note says why it would not be drawn.
    func givenScreenshotNote(for snapshot: Snapshot) -> [String] {
        guard screenshots.screenshot != nil else { return ScreenshotLoader.check(for: snapshot).map { [$0] } ?? [] }
        return screenshots.load(for: snapshot).note.map { [$0] } ?? []
    }
}

/// The notes of one or more imports, each printed once with the files it concerns.
struct ImportNotes {
    private var files: [String: [String]] = [:]
    private var order: [String] = []

    mutating func add(_ notes: [String], file: String) {
        for note in notes {
            if files[note] == nil { order.append(note) }
            files[note, default: []].append(DisplayText.escaped((file as NSString).lastPathComponent))
        }
    }

    /// The notes' texts, in the order they came (for the terminal UI's status line).
    var texts: [String] { order }

    /// Writes each note to standard error as `lasso: note: FILES: TEXT`.
    func print() {
        for note in order {
            let list = files[note] ?? []
            let shown = list.prefix(3).joined(separator: ", ") + (list.count > 3 ? " and \(list.count - 3) more" : "")
            Console.error("note: \(shown): \(note)")
        }
    }
}
