import Foundation

/// What a user may add to an import: the app the dump came from, and a separate `_printHierarchy` file.
public struct ImportOptions: Sendable, Equatable {
    public var appKey: String?
    public var appVersion: String?
    /// A file of `_printHierarchy` output to go with a `recursiveDescription` dump.
    public var controllersFile: String?
    /// The activity to take from a dump that holds several (`--activity`): its name, qualified or simple.
    public var activity: String?

    public init(
        appKey: String? = nil, appVersion: String? = nil, controllersFile: String? = nil, activity: String? = nil
    ) {
        self.appKey = appKey
        self.appVersion = appVersion
        self.controllersFile = controllersFile
        self.activity = activity
    }

    /// The snapshot's `app` object for a dump of `platform`.
    func app(platform: String) -> JSONObject {
        var app = JSONObject()
        if let appKey { app["key"] = .string(appKey) }
        if let appVersion { app["version"] = .string(appVersion) }
        app["platform"] = .string(platform)
        return app
    }

    /// The `importedFrom` member that an imported snapshot carries: the source format, file name and notes.
    static func source(_ format: SnapshotSourceFormat, file: String, notes: [String]) -> JSONValue {
        .object(
            JSONObject([
                "format": .string(format.rawValue), "file": .string((file as NSString).lastPathComponent),
                "notes": .array(notes.map { .string($0) }),
            ]))
    }
}

/// Reads a screen snapshot from any file lasso knows: its own JSON, or a foreign dump that an importer turns into it.
///
/// The format is recognized from the content (`SnapshotSourceFormat.detect`) unless given; what an import could
/// not know comes back as notes, for the caller to show once.
public enum SnapshotReader {
    /// The snapshot in `path`, and the notes of its import (none for a lasso snapshot).
    public static func read(path: String, format: SnapshotSourceFormat? = nil, options: ImportOptions = ImportOptions())
        throws -> (Snapshot, notes: [String])
    {
        let bytes = try FileBytes.read(path)
        return try read(bytes: bytes, file: path, format: format, options: options)
    }

    public static func read(
        bytes: [UInt8], file: String, format: SnapshotSourceFormat? = nil,
        options: ImportOptions = ImportOptions()
    ) throws -> (Snapshot, notes: [String]) {
        let kind = try resolve(format, bytes: bytes, file: file)
        if kind == .lasso {
            try refuseAppOptions(options)
            return (try SnapshotLoader.load(bytes: bytes, file: file), [])
        }
        let imported = try importDump(bytes: bytes, file: file, format: kind, options: options)
        return (try SnapshotLoader.load(bytes: Array(imported.json.utf8), file: file), imported.notes)
    }

    /// The `lasso.snapshot/1` text for the file in `path`: an import's result, or a lasso snapshot's own text (checked).
    public static func importText(
        path: String, format: SnapshotSourceFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws -> ImportedSnapshot {
        let bytes = try FileBytes.read(path)
        let kind = try resolve(format, bytes: bytes, file: path)
        if kind == .lasso {
            try refuseAppOptions(options)
            let snapshot = try SnapshotLoader.load(bytes: bytes, file: path)
            return ImportedSnapshot(
                json: String(decoding: bytes, as: UTF8.self), notes: [], format: .lasso, viewCount: snapshot.count)
        }
        var imported = try importDump(bytes: bytes, file: path, format: kind, options: options)
        // The importers write valid snapshots; loading proves it before anything is written.
        imported.viewCount = try SnapshotLoader.load(bytes: Array(imported.json.utf8), file: path).count
        return imported
    }

    /// Runs the importer of `format` on a dump.
    public static func importDump(bytes: [UInt8], file: String, format: SnapshotSourceFormat, options: ImportOptions)
        throws -> ImportedSnapshot
    {
        if options.controllersFile != nil && format != .uikitText {
            throw LassoError(
                .usage,
                "--controllers goes with a recursiveDescription text dump; \(file) is \(format.describedWithArticle)")
        }
        if options.activity != nil && ![.dumpsys, .mixpanel, .sensors].contains(format) {
            throw LassoError(
                .usage,
                "--activity goes with a dumpsys dump or an Android SDK snapshot; \(file) is \(format.describedWithArticle)"
            )
        }
        switch format {
        case .lasso:
            return ImportedSnapshot(json: String(decoding: bytes, as: UTF8.self), notes: [], format: .lasso)
        case .mixpanel, .sensors:
            return try CodelessImporter.importDump(bytes, file: file, format: format, options: options)
        case .maestro:
            return try MaestroImporter.importDump(bytes, file: file, options: options)
        case .dumpsys:
            return try DumpsysImporter.importDump(bytes, file: file, options: options)
        case .appium:
            return try AppiumImporter.importDump(bytes, file: file, options: options)
        case .android:
            return try AndroidImporter.importDump(bytes, file: file, options: options)
        case .uikitText:
            let controllers = try options.controllersFile.map { path in (bytes: try FileBytes.read(path), file: path) }
            return try UIKitTextImporter.importDump(bytes, file: file, options: options, controllers: controllers)
        }
    }

    /// The format to read `bytes` as: the one given, else the one recognized, else a message saying what was found.
    static func resolve(_ format: SnapshotSourceFormat?, bytes: [UInt8], file: String) throws(InputError)
        -> SnapshotSourceFormat
    {
        if let format { return format }
        if let found = SnapshotSourceFormat.detect(bytes) { return found }
        throw InputError(
            file: file, line: 1, column: 1,
            expected:
                "a lasso snapshot (JSON), an Appium page source or uiautomator dump (XML), recursiveDescription text, an SDK snapshot, Maestro hierarchy or dumpsys activity text (or say which with --format)",
            found: SnapshotSourceFormat.describeUnknown(bytes))
    }

    private static func refuseAppOptions(_ options: ImportOptions) throws(LassoError) {
        if options.controllersFile != nil {
            throw LassoError(
                .usage, "--controllers goes with a recursiveDescription text dump, not with a lasso snapshot")
        }
        if options.activity != nil {
            throw LassoError(
                .usage, "--activity goes with a dumpsys dump or an SDK snapshot, not with a lasso snapshot")
        }
    }
}
