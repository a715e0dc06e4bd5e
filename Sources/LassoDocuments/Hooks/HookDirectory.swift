import Foundation
import LassoSnapshot

/// The hook configs of a configs directory: one canonical file per config at
/// `<dir>/<appKey>/hooks/<class>-<first 8 of id>.json` (docs/hook-configs.md, "File layout").
public struct HookDirectory: Sendable {
    /// A hook config and the file it was read from, with a fingerprint of the bytes read (nil for one made in
    /// memory), so that a writer can tell a file changed on disk since, as for the other kinds.
    public struct Entry: Sendable, Equatable {
        public var config: HookConfig
        public var file: String
        public var fingerprint: FileFingerprint?

        public init(config: HookConfig, file: String, fingerprint: FileFingerprint? = nil) {
            self.config = config
            self.file = file
            self.fingerprint = fingerprint
        }
    }

    /// The hook configs that read, and each file or folder that did not, with why.
    public struct Listing: Sendable, Equatable, FolderListing {
        public var entries: [Entry] = []
        public var problems: [ConfigListing.Problem] = []
    }

    /// The configs directory (the same folder as the view configs').
    public let root: String

    public init(root: String) { self.root = root }

    /// The folder name under each app's folder that holds its hook configs.
    public static let folderName = "hooks"

    /// The walk, save and lookup this folder shares with the other kinds of document.
    var documents: DocumentFolder<HookCodec> { DocumentFolder(root: root) }

    /// Where a config's file belongs.
    public func file(for config: HookConfig) -> String { documents.file(for: config) }

    public static func read(_ path: String) throws -> HookConfig { try DocumentFolder<HookCodec>.read(path).document }

    /// Every hook config, sorted by file; the first problem of the listing is thrown (the strict read).
    public func load() throws -> [Entry] {
        try listing().strict()
    }

    /// Every hook config that reads and a problem for every one that does not (a file that does not parse, a config
    /// in another app's folder, a repeated id); a configs folder or app without `hooks/` holds none.
    public func listing() -> Listing {
        let (found, problems) = documents.walk()
        return Listing(
            entries: found.map { Entry(config: $0.document, file: $0.file, fingerprint: $0.fingerprint) },
            problems: problems)
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        try documents.find(id, in: entries, document: \.config)
    }

    /// Saves `config` atomically, refusing a conflict (the same class and a shared selector of one app, in overlapping
    /// versions); an edited config's old file is removed after the new one is written.
    @discardableResult
    public func save(_ config: HookConfig, replacing entries: [Entry]) throws(LassoError) -> String {
        let clashes = entries.filter { config.conflicts(with: $0.config) }
        guard clashes.isEmpty else {
            let list = clashes.map {
                "\($0.file) (selectors: \($0.config.selectors.joined(separator: " ")); versions: \($0.config.versions))"
            }
            .joined(separator: "; ")
            throw LassoError(
                .conflict,
                "conflict: a hook config of \(config.className) with a selector in common already covers some of these versions: \(list)"
            )
        }
        return try documents.write(config, replacing: entries.first(where: { $0.config.id == config.id })?.file)
    }

    /// Deletes a hook config's file.
    public func remove(_ entry: Entry) throws(LassoError) { try DocumentFolder<HookCodec>.remove(entry.file) }
}

extension HookCodec: FolderDocumentKind {
    static let subfolder: String? = HookDirectory.folderName
    static let noun = "hook config"
    /// The configs' own walk of the same folder reports a configs folder that is a file or cannot be read.
    static let reportsRoot = false
    static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> HookConfig {
        try decode(value, file: file)
    }
    static func id(of config: HookConfig) -> String { config.id }
    static func appKey(of config: HookConfig) -> String { config.appKey }
    static func fileStem(of config: HookConfig) -> String { config.className }
}
