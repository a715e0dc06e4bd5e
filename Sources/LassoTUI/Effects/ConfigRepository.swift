import LassoCore

/// Where the UI's configs live; only `EffectRunner` calls it, so the reducer never touches the disk.
public protocol ConfigRepository: Sendable {
    /// Every config that reads, and what is wrong with each file that does not.
    func listing() -> ConfigListing
    /// Saves `config` next to `entries` (refusing a conflict with them); returns the file written.
    func save(_ config: KVCConfig, replacing entries: [ConfigDirectory.Entry]) throws -> String
    /// Deletes a config's file.
    func remove(_ entry: ConfigDirectory.Entry) throws
    /// A value that changes when the folder's files do (nil: no folder, or a store that cannot tell); the UI loop
    /// compares it now and then, and reads the folder again when it changed.
    func stamp() -> Int?
}

extension ConfigRepository {
    public func stamp() -> Int? { nil }
}

extension ConfigDirectory: ConfigRepository {}
