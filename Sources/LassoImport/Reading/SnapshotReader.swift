import Foundation
import LassoSnapshot

/// What a user may add to an import: the app the dump came from, a separate `_printHierarchy` file, and the encoding.
public struct ImportOptions: Sendable, Equatable {
    public var appKey: String?
    public var appVersion: String?
    /// A file of `_printHierarchy` output to go with a `recursiveDescription` dump.
    public var controllersFile: String?
    /// The screenshot to keep in the snapshot (as base64 `data`), from `--screenshot` or a file beside the dump.
    public var screenshot: Screenshot?
    /// The encoding to read the dump in, whatever it declares (`--encoding`); nil reads it as its bytes say.
    public var encoding: SourceEncoding?
    /// The activity to take from a dump that holds several (`--activity`): its name, qualified or simple.
    public var activity: String?
    /// Whether the import's snapshot is wanted (every command but `import`, which writes the document): then a large
    /// tree's table is built beside the import (`ImportedTableFeed`).
    var buildsSnapshot = false

    public init(
        appKey: String? = nil, appVersion: String? = nil, controllersFile: String? = nil,
        encoding: SourceEncoding? = nil, activity: String? = nil
    ) {
        self.appKey = appKey
        self.appVersion = appVersion
        self.controllersFile = controllersFile
        self.encoding = encoding
        self.activity = activity
    }

    /// The tree an importer adds its views to.
    func newTree() -> ImportedTree {
        ImportedTree(feedsTableFrom: buildsSnapshot ? ImportedTableFeed.smallestTree : nil)
    }

    /// The snapshot's `app` object for a dump of `platform`: the app key and version given (`--app-key`,
    /// `--app-version`), else those the dump itself names (`key`, `version`: an Android package, an SDK's app id).
    func app(platform: String, key: String? = nil, version: String? = nil) -> JSONObject {
        var app = JSONObject()
        if let key = appKey ?? key { app["key"] = .string(key) }
        if let version = appVersion ?? version { app["version"] = .string(version) }
        app["platform"] = .string(platform)
        return app
    }

    /// Adds the `screenshot` member to an imported snapshot's top-level members, when there is one.
    func addScreenshot(to top: inout JSONObject) {
        if let screenshot { top["screenshot"] = screenshot.json }
    }

    /// The `importedFrom` member that an imported snapshot carries: the source format, file name and notes, and
    /// where in the dump the screenshot it kept was (`screenshot`, a JSON path), when it kept the dump's own.
    static func source(_ format: SnapshotSourceFormat, file: String, notes: [String], screenshot: String? = nil)
        -> JSONValue
    {
        var object = JSONObject([
            "format": .string(format.rawValue), "file": .string((file as NSString).lastPathComponent),
            "notes": .array(notes.map { .string($0) }),
        ])
        if let screenshot { object["screenshot"] = .string(screenshot) }
        return .object(object)
    }
}

/// Reads a screen snapshot from any file lasso knows: its own JSON, or a foreign dump that an importer turns into it.
///
/// Its format is recognized (`SnapshotSourceFormat.detect`) on its first 64 KB unless given, so a file of another kind
/// is refused having read only those; a dump's bytes are let go of before the snapshot it gives is loaded. What an import could not know comes back as notes, for the
/// caller to show once.
public enum SnapshotReader {
    /// How much of a file recognizing its format looks at.
    static let headSize = 65_536 + 4

    /// The snapshot in `path`, and the notes of its import (none for a lasso snapshot).
    public static func read(path: String, format: SnapshotSourceFormat? = nil, options: ImportOptions = ImportOptions())
        throws -> (Snapshot, notes: [String])
    {
        let document = try document(path: path, format: format, options: options, building: true)
        return (named(try document.built ?? load(document, file: path), options), document.notes)
    }

    public static func read(
        bytes: [UInt8], file: String, format: SnapshotSourceFormat? = nil,
        options: ImportOptions = ImportOptions()
    ) throws -> (Snapshot, notes: [String]) {
        let document = try bytes.withUnsafeBufferPointer { buffer in
            try self.document(buffer, copy: { bytes }, file: file, format: format, options: options, building: true)
        }
        return (named(try document.built ?? load(document, file: file), options), document.notes)
    }

    /// The snapshot of the app and version the options name, whatever the file says (an import already recorded them).
    static func named(_ snapshot: Snapshot, _ options: ImportOptions) -> Snapshot {
        guard options.appKey != nil || options.appVersion != nil else { return snapshot }
        return snapshot.naming(appKey: options.appKey, appVersion: options.appVersion)
    }

    /// The `lasso.snapshot/1` text for the file in `path`: an import's result, or a lasso snapshot's own text (checked).
    public static func importText(
        path: String, format: SnapshotSourceFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws -> ImportedSnapshot {
        var document = try document(path: path, format: format, options: options, building: false)
        // The importers write valid snapshots; loading proves it before anything is written.
        document.viewCount = try load(document, file: path).count
        return document
    }

    /// Runs the importer of `format` on a dump.
    public static func importDump(bytes: [UInt8], file: String, format: SnapshotSourceFormat, options: ImportOptions)
        throws -> ImportedSnapshot
    {
        try bytes.withUnsafeBufferPointer { buffer in
            try importDump(buffer, copy: { bytes }, file: file, format: format, options: options, building: false)
        }
    }

    /// The document of the file in `path` (a lasso snapshot's own bytes, or an import's), the file's bytes let go of.
    ///
    /// The format is recognized from the file's first 64 KB, so that a file of another kind is refused having read only
    /// those; then the file is read whole. It is read, not mapped: a mapped file that another process truncates
    /// meanwhile would end lasso with SIGBUS when the lost pages are touched, and read bytes cost the same memory.
    private static func document(
        path: String, format: SnapshotSourceFormat?, options: ImportOptions, building: Bool
    ) throws -> ImportedSnapshot {
        if format == nil && options.encoding == nil {
            let head = try FileBytes.head(path, count: headSize)
            _ = try head.withUnsafeBufferPointer { buffer throws(InputError) in
                try resolve(nil, bytes: buffer, file: path)
            }
        }
        let bytes = try FileBytes.read(path)
        return try bytes.withUnsafeBufferPointer { buffer in
            try document(buffer, copy: { bytes }, file: path, format: format, options: options, building: building)
        }
    }

    /// The document of `bytes`: read in `options.encoding` when given, its format recognized unless given; `copy`
    /// gives the bytes as an array for what needs one (a lasso snapshot, the XML importers). `building` lets an importer
    /// that can build the snapshot itself do so instead of writing its document.
    private static func document(
        _ bytes: UnsafeBufferPointer<UInt8>, copy: () -> [UInt8], file: String, format: SnapshotSourceFormat?,
        options: ImportOptions, building: Bool
    ) throws -> ImportedSnapshot {
        if let encoding = options.encoding, let converted = try encoding.utf8(of: bytes, file: file) {
            var plain = options
            plain.encoding = nil
            return try converted.withUnsafeBufferPointer { buffer in
                try document(
                    buffer, copy: { converted }, file: file, format: format, options: plain, building: building)
            }
        }
        let kind = try resolve(format, bytes: bytes, file: file)
        if kind == .lasso { try refuseAppOptions(options) }
        // The JSON formats are parsed as UTF-8: a byte order mark or UTF-16 (as Windows tools save) is made plain first.
        if [.lasso, .mixpanel, .sensors, .maestro].contains(kind),
            let plain = try SourceText.plainUTF8(bytes, file: file)
        {
            return try plain.withUnsafeBufferPointer { buffer in
                try document(buffer, copy: { plain }, file: file, format: kind, options: options, building: building)
            }
        }
        do {
            return try importDump(bytes, copy: copy, file: file, format: kind, options: options, building: building)
        } catch {
            // An XML dump that declares UTF-8 but holds GB18030: libxml2's message, and the way out.
            guard kind == .appium || kind == .android, var told = error as? InputError,
                SourceText.encoding(of: bytes).encoding == .utf8,
                let offset = SourceText.firstInvalidUTF8(bytes, from: 0)
            else { throw error }
            told.found += SourceText.gbHint(bytes, at: offset)
            throw told
        }
    }

    private static func importDump(
        _ bytes: UnsafeBufferPointer<UInt8>, copy: () -> [UInt8], file: String, format: SnapshotSourceFormat,
        options: ImportOptions, building: Bool
    ) throws -> ImportedSnapshot {
        var imported = try runImporter(
            bytes, copy: copy, file: file, format: format, options: options, building: building)
        try imported.finish(file: file, building: building)
        return imported
    }

    /// The importer of `format` run on `bytes`: a lasso snapshot's own bytes, an import's document, or its tree.
    private static func runImporter(
        _ bytes: UnsafeBufferPointer<UInt8>, copy: () -> [UInt8], file: String, format: SnapshotSourceFormat,
        options: ImportOptions, building: Bool
    ) throws -> ImportedSnapshot {
        var options = options
        options.buildsSnapshot = building
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
            return ImportedSnapshot(utf8: copy(), notes: [], format: .lasso)
        case .mixpanel, .sensors:
            return try CodelessImporter.importDump(copy(), file: file, format: format, options: options)
        case .maestro:
            return try MaestroImporter.importDump(copy(), file: file, options: options)
        case .dumpsys:
            return try DumpsysImporter.importDump(copy(), file: file, options: options)
        case .appium:
            return try AppiumImporter.importDump(copy(), file: file, options: options)
        case .android:
            return try AndroidImporter.importDump(copy(), file: file, options: options)
        case .uikitText:
            let controllers = try options.controllersFile.map { path in
                var bytes = try FileBytes.read(path)
                if let encoding = options.encoding,
                    let converted = try bytes.withUnsafeBufferPointer({ try encoding.utf8(of: $0, file: path) })
                {
                    bytes = converted
                }
                return (bytes: bytes, file: path)
            }
            return try UIKitTextImporter.importDump(
                copy(), file: file, options: options, controllers: controllers, building: building)
        }
    }

    /// Loads a document; a lasso snapshot that is not UTF-8 gets the GB18030 hint when its bytes look like it.
    private static func load(_ document: ImportedSnapshot, file: String) throws(InputError) -> Snapshot {
        let bytes = document.utf8
        do {
            return try SnapshotLoader.load(bytes: bytes, file: file)
        } catch {
            guard document.format == .lasso, error.found.hasPrefix("the byte 0x"),
                let offset = SourceText.firstInvalidUTF8(bytes, from: 0)
            else { throw error }
            var told = error
            told.found += bytes.withUnsafeBufferPointer { SourceText.gbHint($0, at: offset) }
            throw told
        }
    }

    /// The format to read `bytes` as: the one given, else the one recognized, else a message saying what was found.
    static func resolve(_ format: SnapshotSourceFormat?, bytes: UnsafeBufferPointer<UInt8>, file: String)
        throws(InputError) -> SnapshotSourceFormat
    {
        if let format { return format }
        let head = Array(bytes.prefix(headSize))
        if let found = SnapshotSourceFormat.detect(head) { return found }
        // UTF-16 broken where its text starts reads as nothing known: the broken character is what to say.
        let (encoding, mark) = SourceText.encoding(of: head)
        if encoding != .utf8,
            let bad = SourceText.firstInvalidUTF16(head, from: mark, bigEndian: encoding == .utf16BigEndian),
            bad.line == 1 && bad.column <= 2
        {
            throw SourceText.brokenUTF16(file: file, at: bad)
        }
        throw InputError(
            file: file, line: 1, column: 1,
            expected:
                "a lasso snapshot (JSON), an Appium page source or uiautomator dump (XML), recursiveDescription text, an SDK snapshot, Maestro hierarchy or dumpsys activity text (or say which with --format)",
            found: SnapshotSourceFormat.describeUnknown(head))
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
