import Foundation
import LassoSnapshot

/// What a configs folder holds as a person needs to see it: the configs that read, and each file or folder that did not,
/// with why. `listing()` is the one walk of the folder; `load()` reads the same walk strictly.
public struct ConfigListing: Sendable, Equatable, FolderListing {
    /// A file (or the folder itself) that could not be read as a config, and what is wrong with it.
    public struct Problem: Sendable, Equatable {
        public var file: String
        public var message: String
        /// What kind of failure it is, for the exit status of a command that stops at it.
        public var kind: LassoError.Kind

        public init(file: String, message: String, kind: LassoError.Kind = .badInput) {
            self.file = file
            self.message = message
            self.kind = kind
        }

        /// The problem as the error a command that reads the folder strictly stops with.
        public var error: LassoError {
            LassoError(kind, file + (message.first?.isNumber == true ? ":" : ": ") + message)
        }
    }

    public var entries: [ConfigDirectory.Entry]
    public var problems: [Problem]

    public init(entries: [ConfigDirectory.Entry] = [], problems: [Problem] = []) {
        self.entries = entries
        self.problems = problems
    }
}

/// A walk of the configs folder for one kind of document (configs, event definitions, hook configs): the entries that
/// read, and a problem for each file or folder that did not.
public protocol FolderListing {
    associatedtype Entry
    var entries: [Entry] { get }
    var problems: [ConfigListing.Problem] { get }
}

extension FolderListing {
    /// The entries, or the first problem as the error a strict read (`load()`) stops with.
    public func strict() throws(LassoError) -> [Entry] {
        if let problem = problems.first { throw problem.error }
        return entries
    }
}

extension ConfigDirectory {
    /// Every config that reads, and a problem for every one that does not, so that one broken file hides nothing else.
    public func listing() -> ConfigListing {
        let (found, problems) = folder.walk()
        return ConfigListing(
            entries: found.map { Entry(config: $0.document, file: $0.file, fingerprint: $0.fingerprint) },
            problems: problems)
    }
}

extension ConfigCodec: FolderDocumentKind {
    static let subfolder: String? = nil
    static let noun = "config"
    static let reportsRoot = true
    static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> KVCConfig {
        try decode(value, file: file)
    }
    static func id(of config: KVCConfig) -> String { config.id }
    static func appKey(of config: KVCConfig) -> String { config.appKey }
    static func fileStem(of config: KVCConfig) -> String { config.keyName }
}
