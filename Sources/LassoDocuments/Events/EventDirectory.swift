import Foundation
import LassoSnapshot

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
    public struct Listing: Sendable, Equatable, FolderListing {
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

    /// The walk, save and lookup this folder shares with the other kinds of document.
    var documents: DocumentFolder<EventDefinitionCodec> { DocumentFolder(root: root) }

    /// The folder of one app's definitions.
    public func folder(appKey: String) -> String { documents.folder(appKey: appKey) }

    /// Where a definition's file belongs.
    public func file(for definition: EventDefinition) -> String { documents.file(for: definition) }

    public static func read(_ path: String) throws -> EventDefinition { try readWithFingerprint(path).definition }

    /// The definition in `path` and the fingerprint of the bytes it was read from.
    public static func readWithFingerprint(_ path: String) throws -> (
        definition: EventDefinition, fingerprint: FileFingerprint
    ) {
        let (definition, fingerprint) = try DocumentFolder<EventDefinitionCodec>.read(path)
        return (definition, fingerprint)
    }

    /// Every definition, sorted by file; a missing folder holds none. The first problem of `listing()` is thrown.
    public func load() throws -> [Entry] {
        try listing().strict()
    }

    /// The one walk of the definitions: every one that reads, and a problem for every file that does not (a file
    /// that does not read, a definition in another app's folder, a repeated id), so one broken file hides nothing.
    public func listing() -> Listing {
        let (found, problems) = documents.walk()
        return Listing(
            entries: found.map { Entry(definition: $0.document, file: $0.file, fingerprint: $0.fingerprint) },
            problems: problems)
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        try documents.find(id, in: entries, document: \.definition)
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
        try documents.write(definition, replacing: entries.first(where: { $0.definition.id == definition.id })?.file)
    }

    /// Deletes a definition's file.
    public func remove(_ entry: Entry) throws(LassoError) {
        try DocumentFolder<EventDefinitionCodec>.remove(entry.file)
    }
}

extension EventDefinitionCodec: FolderDocumentKind {
    static let subfolder: String? = EventDirectory.folderName
    static let noun = "event definition"
    static let reportsRoot = true
    static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> EventDefinition {
        try decode(value, file: file)
    }
    static func id(of definition: EventDefinition) -> String { definition.id }
    static func appKey(of definition: EventDefinition) -> String { definition.appKey }
    static func fileStem(of definition: EventDefinition) -> String { definition.key }
}
