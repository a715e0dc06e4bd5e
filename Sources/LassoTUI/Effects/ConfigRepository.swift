import LassoDocuments
import LassoSnapshot

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
    /// Saves a method-hook config beside the configs (refusing a conflict with the saved ones); returns the file.
    func saveHook(_ config: HookConfig) throws -> String
}

extension ConfigRepository {
    public func stamp() -> Int? { nil }

    public func saveHook(_ config: HookConfig) throws -> String {
        throw LassoError(.cannotWrite, "this configs store keeps no hook configs")
    }
}

extension ConfigDirectory: ConfigRepository {
    public func saveHook(_ config: HookConfig) throws -> String {
        let hooks = HookDirectory(root: root)
        return try hooks.save(config, replacing: try hooks.load())
    }
}
