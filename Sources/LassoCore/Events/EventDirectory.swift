import Foundation

/// The event definitions of a configs folder: one canonical file per definition at
/// `<dir>/<appKey>/events/<key>-<first 8 of id>.json` (docs/event-definitions.md, "Files").
public struct EventDirectory: Sendable {
    /// A definition and the file it was read from, with a fingerprint of the bytes read (nil for one made in memory).
    public struct Entry: Sendable, Equatable {
        public var definition: EventDefinition
        public var file: String
        public var fingerprint: FileFingerprint?

        public init(definition: EventDefinition, file: String, fingerprint: FileFingerprint? = nil) {
            self.definition = definition
            self.file = file
            self.fingerprint = fingerprint
        }
    }

    /// The definitions that read, and a problem for each file or folder that did not.
    public struct Listing: Sendable, Equatable {
        public var entries: [Entry]
        public var problems: [ConfigListing.Problem]

        public init(entries: [Entry] = [], problems: [ConfigListing.Problem] = []) {
            self.entries = entries
            self.problems = problems
        }
    }

    /// The name of the folder inside an app's folder that holds its definitions.
    public static let folderName = "events"

    /// The configs folder (the definitions live in its apps' `events/` folders).
    public let root: String

    public init(root: String) { self.root = root }

    /// The folder of one app's definitions.
    public func folder(appKey: String) -> String { root + "/" + appKey + "/" + Self.folderName }

    /// Where a definition's file belongs.
    public func file(for definition: EventDefinition) -> String {
        folder(appKey: definition.appKey) + "/" + definition.key + "-" + definition.shortID + ".json"
    }

    public static func read(_ path: String) throws -> EventDefinition { try readWithFingerprint(path).definition }

    /// The definition in `path` and the fingerprint of the bytes it was read from.
    public static func readWithFingerprint(_ path: String) throws -> (
        definition: EventDefinition, fingerprint: FileFingerprint
    ) {
        let bytes = try FileBytes.read(path)
        let definition = try EventDefinitionCodec.decode(try JSONParser.parse(bytes, file: path), file: path)
        return (definition, FileFingerprint(bytes))
    }

    /// Every definition, sorted by file; a missing folder holds none. The first problem of `listing()` is thrown.
    public func load() throws -> [Entry] {
        let listing = self.listing()
        if let problem = listing.problems.first { throw problem.error }
        return listing.entries
    }

    /// The one walk of the definitions: every one that reads, and a problem for every file that does not (a file
    /// that does not read, a definition in another app's folder, a repeated id), so one broken file hides nothing.
    public func listing() -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return Listing() }
        guard isDirectory.boolValue else {
            return Listing(problems: [.init(file: root, message: "expected a configs folder, found a file")])
        }
        var listing = Listing()
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for app in apps.sorted() where !app.hasPrefix(".") {
            let folder = folder(appKey: app)
            var folderIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory) else { continue }
            guard folderIsDirectory.boolValue else {
                listing.problems.append(
                    .init(file: folder, message: "expected a folder of event definitions, found a file"))
                continue
            }
            let files: [String]
            do {
                files = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                listing.problems.append(.init(file: folder, message: "cannot read the folder", kind: .io))
                continue
            }
            AtomicFile.removeLeftovers(in: folder, names: files)
            for name in files.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                do {
                    let (definition, fingerprint) = try Self.readWithFingerprint(path)
                    guard definition.appKey == app else {
                        listing.problems.append(
                            .init(
                                file: path,
                                message:
                                    "$.appKey: expected \"\(app)\" (the name of the app folder it is in), found \"\(definition.appKey)\""
                            ))
                        continue
                    }
                    listing.entries.append(Entry(definition: definition, file: path, fingerprint: fingerprint))
                } catch let error as InputError {
                    listing.problems.append(.init(file: path, message: Self.withoutFile(error.description, path)))
                } catch let error as LassoError {
                    listing.problems.append(
                        .init(file: path, message: Self.withoutFile(error.message, path), kind: error.kind))
                } catch {
                    listing.problems.append(.init(file: path, message: Self.withoutFile("\(error)", path)))
                }
            }
        }
        var seen: [String: String] = [:]
        listing.entries = listing.entries.filter { entry in
            if let first = seen[entry.definition.id] {
                listing.problems.append(
                    .init(
                        file: entry.file,
                        message:
                            "has the same id (\(entry.definition.id)) as \(first); each event definition needs its own id"
                    ))
                return false
            }
            seen[entry.definition.id] = entry.file
            return true
        }
        return listing
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        let wanted = id.lowercased()
        let found = entries.filter {
            $0.definition.id == wanted || (wanted.count >= 4 && $0.definition.id.hasPrefix(wanted))
        }
        if let exact = found.first(where: { $0.definition.id == wanted }) { return exact }
        guard !found.isEmpty else { throw LassoError(.notFound, "no event definition in \(root) has the id \(id)") }
        guard found.count == 1 else {
            throw LassoError(
                .usage,
                "the id \(id) is the start of \(found.count) event definitions' ids (\(found.map(\.definition.shortID).joined(separator: ", "))); give more of it"
            )
        }
        return found[0]
    }

    /// The saved definitions `definition` clashes with, and how.
    public func conflicts(of definition: EventDefinition, in entries: [Entry]) -> [(
        entry: Entry, clash: EventDefinition.Clash
    )] {
        entries.compactMap { entry in definition.clash(with: entry.definition).map { (entry, $0) } }
    }

    /// The message that refuses `definition` for its clashes; nil when there are none.
    public func conflictMessage(of definition: EventDefinition, in entries: [Entry]) -> String? {
        let clashes = conflicts(of: definition, in: entries)
        guard !clashes.isEmpty else { return nil }
        let lines = clashes.map { entry, clash in
            let other = entry.definition
            switch clash {
            case .sameKey:
                return
                    "the key \"\(other.key)\" is already \(entry.file) (\"\(other.name)\", versions: \(other.versions))"
            case .sameMeaning:
                return
                    "the same event, location and content is already counted as \"\(other.key)\" in \(entry.file) (versions: \(other.versions))"
            }
        }
        return "conflict: " + lines.joined(separator: "; ")
    }

    /// Saves `definition` atomically, refusing a clash; a renamed definition's old file is removed after the new one
    /// is written.
    @discardableResult
    public func save(_ definition: EventDefinition, replacing entries: [Entry]) throws(LassoError) -> String {
        if let message = conflictMessage(of: definition, in: entries) { throw LassoError(.conflict, message) }
        return try write(definition, replacing: entries)
    }

    /// Writes `definition` atomically without checking clashes (for `--force` and for pull), removing a renamed
    /// definition's old file.
    @discardableResult
    public func write(_ definition: EventDefinition, replacing entries: [Entry]) throws(LassoError) -> String {
        let path = file(for: definition)
        AtomicFile.removeLeftovers(in: (path as NSString).deletingLastPathComponent)
        try AtomicFile.write(EventDefinitionCodec.fileText(definition), to: path)
        if let old = entries.first(where: { $0.definition.id == definition.id }), old.file != path {
            unlink(old.file)
        }
        return path
    }

    /// Deletes a definition's file.
    public func remove(_ entry: Entry) throws(LassoError) {
        guard unlink(entry.file) == 0 else {
            throw LassoError(
                .cannotWrite, "\(entry.file): cannot delete: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// A message that starts with its file name, without it (the listing names the file beside it).
    private static func withoutFile(_ message: String, _ file: String) -> String {
        guard message.hasPrefix(file) else { return message }
        let rest = message.dropFirst(file.count)
        return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest.hasPrefix(":") ? rest.dropFirst() : rest)
    }
}
