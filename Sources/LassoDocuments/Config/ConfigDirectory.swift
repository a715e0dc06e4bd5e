import Foundation
import LassoSnapshot

/// The configs directory of an app repo: one canonical file per config at `<dir>/<appKey>/<keyName>-<first 8 of id>.json` (docs/config-format.md, "File layout").
public struct ConfigDirectory: Sendable {
    /// A config and the file it was read from, with a fingerprint of the file's bytes as they were read (nil for an
    /// entry made in memory), so that a writer can tell a file changed on disk since.
    public struct Entry: Sendable, Equatable {
        public var config: KVCConfig
        public var file: String
        public var fingerprint: FileFingerprint?

        public init(config: KVCConfig, file: String, fingerprint: FileFingerprint? = nil) {
            self.config = config
            self.file = file
            self.fingerprint = fingerprint
        }
    }

    public let root: String
    /// What the folder is, as a message about a missing one says what was expected ("a configs folder (--configs)").
    public var expectation: String

    public init(root: String, expectation: String = "a configs folder") {
        self.root = root
        self.expectation = expectation
    }

    /// True when something (a folder, or a file that `load` refuses) is at `root`.
    public var exists: Bool { FileManager.default.fileExists(atPath: root) }

    /// Every config under the directory, as `load` reads them; a folder that does not exist is an error (exit 66), so
    /// that a mistyped folder never reads as one without configs.
    public func loadExisting() throws -> [Entry] {
        try requireExisting()
        return try load()
    }

    /// Refuses a folder that does not exist (exit 66), in the words every command uses for it.
    public func requireExisting() throws(LassoError) {
        guard exists else { throw LassoError(.noInput, "\(root): expected \(expectation), found no such folder") }
    }

    /// The walk, save and lookup this folder shares with the other kinds of document.
    var folder: DocumentFolder<ConfigCodec> { DocumentFolder(root: root) }

    /// Where a config's file belongs.
    public func file(for config: KVCConfig) -> String { folder.file(for: config) }

    /// Every config under the directory, sorted by file; a missing directory holds none (for the commands that create
    /// it). The folder is walked by `listing()`, and its first problem (a file or folder that does not read, a config
    /// in the wrong app's folder, a repeated id) is thrown: the same rule, read strictly.
    public func load() throws -> [Entry] {
        try listing().strict()
    }

    public static func read(_ path: String) throws -> KVCConfig {
        try readWithFingerprint(path).config
    }

    /// The config in `path` and the fingerprint of the bytes it was read from.
    public static func readWithFingerprint(_ path: String) throws -> (config: KVCConfig, fingerprint: FileFingerprint) {
        let (config, fingerprint) = try DocumentFolder<ConfigCodec>.read(path)
        return (config, fingerprint)
    }

    /// The fingerprint of the file at `path` now; nil when there is no file there.
    public static func fingerprint(of path: String) -> FileFingerprint? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        return FileFingerprint(bytes)
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        try folder.find(id, in: entries, document: \.config)
    }

    /// The saved configs that `config` conflicts with (same app, event, path, conditions and key name, overlapping versions).
    public func conflicts(of config: KVCConfig, in entries: [Entry]) -> [Entry] {
        entries.filter { config.conflicts(with: $0.config) }
    }

    /// Saves `config` atomically, refusing a conflict; a renamed config's old file is removed after the new one is written.
    @discardableResult
    public func save(_ config: KVCConfig, replacing entries: [Entry]) throws(LassoError) -> String {
        let clashes = conflicts(of: config, in: entries)
        guard clashes.isEmpty else {
            let list = clashes.map { "\($0.file) (versions: \($0.config.versions))" }.joined(separator: "; ")
            throw LassoError(
                .conflict,
                "conflict: a config with the same app, event, path, conditions and key name \"\(config.keyName)\" already covers some of these versions: \(list)"
            )
        }
        return try folder.write(config, replacing: entries.first(where: { $0.config.id == config.id })?.file)
    }

    /// Deletes a config's file.
    public func remove(_ entry: Entry) throws(LassoError) { try DocumentFolder<ConfigCodec>.remove(entry.file) }
}
