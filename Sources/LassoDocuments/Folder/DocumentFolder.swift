import Foundation
import LassoSnapshot

/// What `DocumentFolder` needs to know of one kind of document kept in the configs folder (configs, event
/// definitions, hook configs): where its files are, how one reads and is written, and what it clashes with. Adding a
/// kind of document to the folder is one conformance (its codec's), beside a case of `DocumentKind`.
public protocol FolderDocumentKind {
    associatedtype Document: Sendable, Equatable
    /// The kind, for its noun and for the documents of any kind (`LassoDocuments.Document`).
    static var kind: DocumentKind { get }
    /// The folder inside each app's folder that holds the documents; nil when they sit in the app's folder itself.
    static var subfolder: String? { get }
    /// Whether the walk reports a configs folder that is a file or cannot be read (false when another kind's walk of
    /// the same folder already says so).
    static var reportsRoot: Bool { get }
    static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> Document
    static func fileText(_ document: Document) -> String
    static func id(of document: Document) -> String
    static func appKey(of document: Document) -> String
    /// The start of the document's file name, before `-<first 8 of id>.json`.
    static func fileStem(of document: Document) -> String
    /// The message that refuses saving `document` beside `entries` (the saved ones it clashes with); nil when none.
    static func conflictMessage(of document: Document, in entries: [DocumentEntry<Self>]) -> String?
    /// The document as one of any kind.
    static func wrapped(_ document: Document) -> LassoDocuments.Document
    /// The document of this kind inside one of any kind; nil when it is of another kind.
    static func unwrapped(_ document: LassoDocuments.Document) -> Document?
    /// Saves `document` by `write` (its file, atomically), doing first and after what the kind keeps beside its
    /// files in `folder` (an event definition's number given and recorded); the file and the document as written.
    static func saving(
        _ document: Document, in folder: String, entries: [DocumentEntry<Self>],
        write: (Document) throws(LassoError) -> String
    ) throws(LassoError) -> (file: String, document: Document)
}

extension FolderDocumentKind {
    public static func saving(
        _ document: Document, in folder: String, entries: [DocumentEntry<Self>],
        write: (Document) throws(LassoError) -> String
    ) throws(LassoError) -> (file: String, document: Document) {
        (try write(document), document)
    }
}

/// The documents of one kind in a configs folder, one canonical file each at
/// `<root>/<appKey>/[<subfolder>/]<stem>-<first 8 of id>.json`: the one walk, save, removal, id lookup and stamp
/// of every kind (`ConfigDirectory`, `EventDirectory` and `HookDirectory` are this folder of their kind).
public struct DocumentFolder<Kind: FolderDocumentKind>: Sendable {
    public typealias Entry = DocumentEntry<Kind>
    public typealias Listing = DocumentListing<Kind>

    /// The configs folder.
    public let root: String
    /// What the folder is, as a message about a missing one says what was expected ("a configs folder (--configs)").
    public var expectation: String

    public init(root: String, expectation: String = "a configs folder") {
        self.root = root
        self.expectation = expectation
    }

    /// True when something (a folder, or a file that `load` refuses) is at `root`.
    @inlinable public var exists: Bool { FileManager.default.fileExists(atPath: root) }

    /// Refuses a folder that does not exist (exit 66), in the words every command uses for it.
    @inlinable public func requireExisting() throws(LassoError) {
        guard exists else { throw LassoError(.noInput, "\(root): expected \(expectation), found no such folder") }
    }

    /// Every document of the folder, as `load` reads them; a folder that does not exist is an error (exit 66), so
    /// that a mistyped folder never reads as one without documents.
    @inlinable public func loadExisting() throws -> [Entry] {
        try requireExisting()
        return try load()
    }

    /// Every document, sorted by file; a missing folder holds none (for the commands that create it). The folder is
    /// walked by `listing()`, and its first problem is thrown: the same rule, read strictly.
    @inlinable public func load() throws -> [Entry] {
        try listing().strict()
    }

    /// Every document that reads, and a problem for every file or folder that does not (a file that does not read,
    /// a document in another app's folder, a repeated id), so that one broken file hides nothing else.
    @inlinable public func listing() -> Listing {
        let (found, problems) = walk()
        return Listing(entries: found, problems: problems)
    }

    /// The document in `path`.
    @inlinable public static func read(_ path: String) throws -> Kind.Document {
        try readWithFingerprint(path).document
    }

    /// The fingerprint of the file at `path` now; nil when there is no file there.
    public static func fingerprint(of path: String) -> FileFingerprint? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        return FileFingerprint(bytes)
    }

    /// The folder of one app's documents: in the app's folder as it is on disk, whatever Unicode form its name has
    /// there (an old checkout's decomposed `café` is the app `café`, and a pull writes into it), else
    /// `<root>/<appKey>`.
    @inlinable public func folder(appKey: String) -> String {
        let app = appFolder(appKey)
        return Kind.subfolder.map { app + "/" + $0 } ?? app
    }

    /// The app's folder: `<root>/<appKey>` when it is there or the key is ASCII, else a folder whose name is the
    /// key in another Unicode form.
    @inlinable func appFolder(_ appKey: String) -> String {
        let direct = root + "/" + appKey
        guard !appKey.utf8.allSatisfy({ $0 < 0x80 }), !FileManager.default.fileExists(atPath: direct) else {
            return direct
        }
        let wanted = AppKeyText.normalized(appKey)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let existing = names.sorted().first {
            !$0.hasPrefix(".") && AppKeyText.normalized($0).unicodeScalars.elementsEqual(wanted.unicodeScalars)
        }
        return existing.map { root + "/" + $0 } ?? direct
    }

    /// The app folders to read, and a problem for each app that has several folders whose names are one key in
    /// different Unicode forms (a decomposed name from an old checkout beside a composed one): only the first of
    /// those, the composed one when there is one, is read, and the problem says how to merge them.
    @inlinable func appFolders(_ names: [String]) -> (read: [String], problems: [FolderProblem]) {
        var byKey: [String: [String]] = [:]
        var order: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let key = String(AppKeyText.normalized(name).unicodeScalars.map(Character.init))
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(name)
        }
        var read: [String] = []
        var problems: [FolderProblem] = []
        for key in order {
            let twins = byKey[key] ?? []
            let kept =
                twins.first { $0.unicodeScalars.elementsEqual(AppKeyText.normalized($0).unicodeScalars) } ?? twins[0]
            read.append(kept)
            guard twins.count > 1, Kind.reportsRoot else { continue }
            let others = twins.filter { !$0.unicodeScalars.elementsEqual(kept.unicodeScalars) }
            let moves = others.map { "mv \"\(root)/\($0)\"/* \"\(root)/\(kept)/\" && rmdir \"\(root)/\($0)\"" }
            problems.append(
                .init(
                    file: root + "/" + kept,
                    message:
                        "expected one folder for the app \"\(key)\", found \(twins.count) whose names are that key in different Unicode forms (composed and decomposed, as an old checkout may have written it); only this one is read. Merge them: \(moves.joined(separator: "; "))"
                ))
        }
        return (read, problems)
    }

    /// Where a document's file belongs.
    public func file(for document: Kind.Document) -> String {
        folder(appKey: Kind.appKey(of: document)) + "/" + Kind.fileStem(of: document) + "-"
            + String(Kind.id(of: document).prefix(8)) + ".json"
    }

    /// The document in `path` and the fingerprint of the bytes it was read from.
    @inlinable public static func readWithFingerprint(_ path: String) throws -> (
        document: Kind.Document, fingerprint: FileFingerprint
    ) {
        let bytes = try FileBytes.read(path)
        let document = try Kind.decodeDocument(try JSONParser.parse(bytes, file: path), file: path)
        return (document, FileFingerprint(bytes))
    }

    /// Every document that reads, sorted by file, and a problem for every file or folder that does not (a file that
    /// does not read, a document in another app's folder, a repeated id), so that one broken file hides nothing.
    @inlinable func walk() -> (found: [Entry], problems: [FolderProblem]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return ([], []) }
        guard isDirectory.boolValue else {
            guard Kind.reportsRoot else { return ([], []) }
            return ([], [.init(file: root, message: "expected a configs folder, found a file")])
        }
        let apps: [String]
        do {
            apps = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            guard Kind.reportsRoot else { return ([], []) }
            return ([], [.init(file: root, message: Self.cannotRead(error), kind: .io)])
        }
        var found: [Entry] = []
        let (readApps, twinProblems) = appFolders(apps)
        var problems: [FolderProblem] = twinProblems
        for app in readApps {
            let folder = folder(appKey: app)
            var folderIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory) else { continue }
            guard folderIsDirectory.boolValue else {
                // A file beside the app folders is not an app; a file where a kind's subfolder belongs is a mistake.
                if Kind.subfolder != nil {
                    problems.append(
                        .init(file: folder, message: "expected a folder of \(Kind.kind.noun)s, found a file"))
                }
                continue
            }
            let files: [String]
            do {
                files = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                problems.append(.init(file: folder, message: Self.cannotRead(error), kind: .io))
                continue
            }
            // Temporary files of writes that were killed half way are the writer's own: cleared, never listed.
            AtomicFile.removeLeftovers(in: folder, names: files)
            for name in files.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                do {
                    let (document, fingerprint) = try Self.readWithFingerprint(path)
                    let appKey = Kind.appKey(of: document)
                    // Documents' app keys are read in NFC; so is the folder's name, whatever form it has on disk.
                    guard appKey.unicodeScalars.elementsEqual(AppKeyText.normalized(app).unicodeScalars) else {
                        let place = Kind.subfolder == nil ? "folder" : "app folder"
                        problems.append(
                            .init(
                                file: path,
                                message:
                                    "$.appKey: expected \"\(app)\" (the name of the \(place) it is in), found \"\(appKey)\""
                            ))
                        continue
                    }
                    found.append(Entry(document: document, file: path, fingerprint: fingerprint))
                } catch let error as InputError {
                    problems.append(.init(file: path, message: Self.withoutFile(error.description, path)))
                } catch let error as LassoError {
                    problems.append(.init(file: path, message: Self.withoutFile(error.message, path), kind: error.kind))
                } catch {
                    problems.append(.init(file: path, message: Self.withoutFile("\(error)", path)))
                }
            }
        }
        var seen: [String: String] = [:]
        found = found.filter { entry in
            let id = Kind.id(of: entry.document)
            if let first = seen[id] {
                problems.append(
                    .init(
                        file: entry.file,
                        message: "has the same id (\(id)) as \(first); each \(Kind.kind.noun) needs its own id"))
                return false
            }
            seen[id] = entry.file
            return true
        }
        return (found, problems)
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    @inlinable public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        let wanted = id.lowercased()
        let found = entries.filter {
            let candidate = Kind.id(of: $0.document)
            return candidate == wanted || (wanted.count >= 4 && candidate.hasPrefix(wanted))
        }
        if let exact = found.first(where: { Kind.id(of: $0.document) == wanted }) { return exact }
        guard !found.isEmpty else { throw LassoError(.notFound, "no \(Kind.kind.noun) in \(root) has the id \(id)") }
        guard found.count == 1 else {
            let ids = found.map { String(Kind.id(of: $0.document).prefix(8)) }.joined(separator: ", ")
            throw LassoError(
                .usage,
                "the id \(id) is the start of \(found.count) \(Kind.kind.noun)s' ids (\(ids)); give more of it")
        }
        return found[0]
    }

    /// Saves `document` atomically, refusing a clash with `entries` (the saved ones); an edited or renamed
    /// document's old file is removed after the new one is written. The file written.
    @discardableResult
    public func save(_ document: Kind.Document, replacing entries: [Entry]) throws(LassoError) -> String {
        if let message = Kind.conflictMessage(of: document, in: entries) { throw LassoError(.conflict, message) }
        return try write(document, replacing: entries)
    }

    /// Writes `document` atomically in its canonical form without checking clashes (for `--force` and for pull),
    /// then removes the file of the entry of the same id when that is another file (a renamed document).
    @discardableResult
    public func write(_ document: Kind.Document, replacing entries: [Entry]) throws(LassoError) -> String {
        try written(document, replacing: entries).file
    }

    /// Writes `document` as `write` does; the file and the document as written (an event definition with the number
    /// it was given).
    public func written(_ document: Kind.Document, replacing entries: [Entry]) throws(LassoError) -> (
        file: String, document: Kind.Document
    ) {
        let folder = folder(appKey: Kind.appKey(of: document))
        return try Kind.saving(document, in: folder, entries: entries) { document throws(LassoError) -> String in
            let id = Kind.id(of: document)
            let oldFile = entries.first(where: { Kind.id(of: $0.document) == id })?.file
            let path = file(for: document)
            AtomicFile.removeLeftovers(in: (path as NSString).deletingLastPathComponent)
            try AtomicFile.write(Kind.fileText(document), to: path, within: root)
            if let oldFile, oldFile != path { unlink(oldFile) }
            return path
        }
    }

    /// Deletes a document's file.
    public func remove(_ entry: Entry) throws(LassoError) {
        guard unlink(entry.file) == 0 else {
            throw LassoError(
                .cannotWrite, "\(entry.file): cannot delete: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// A value that changes when a document file of any app is added, removed or rewritten (name, size, time and
    /// inode of each), read without opening the files; nil when there is no folder. The UI compares it about once a
    /// second to notice the folder changed under it (a git pull, an editor) and read it again.
    public func stamp() -> Int? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        var hasher = Hasher()
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for app in apps.sorted() where !app.hasPrefix(".") {
            hasher.combine(app)
            let folder = folder(appKey: app)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where name.hasSuffix(".json") && !name.hasPrefix(".") {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                hasher.combine(name)
                hasher.combine(info.st_size)
                hasher.combine(info.st_mtim.tv_sec)
                hasher.combine(info.st_mtim.tv_nsec)
                hasher.combine(info.st_ino)
            }
        }
        return hasher.finalize()
    }

    /// Why a folder could not be listed, in the system's words when it gave them.
    @usableFromInline static func cannotRead(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return "cannot read the folder: " + String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return "cannot read the folder"
    }

    /// A message that starts with its file name, without it (the listing names the file beside it).
    @usableFromInline static func withoutFile(_ message: String, _ file: String) -> String {
        guard message.hasPrefix(file) else { return message }
        let rest = message.dropFirst(file.count)
        return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest.hasPrefix(":") ? rest.dropFirst() : rest)
    }
}
