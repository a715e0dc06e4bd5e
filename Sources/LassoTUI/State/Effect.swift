import LassoCounting
import LassoDocuments

/// Work the reducer asks for and never does itself (the disk, the network, the terminal); `EffectRunner` does it
/// and answers with an action that carries the outcome.
public enum Effect: Sendable, Equatable {
    /// Read the configs folder; answered by `.configsLoaded`.
    case loadConfigs
    /// Save a config (refusing a conflict with what is on disk, and a file that changed there since the UI read it);
    /// answered by `.configSaved`.
    case saveConfig(KVCConfig, over: OnDisk)
    /// Save a method-hook config (refusing a conflict with the saved ones); answered by `.hookSaved`.
    case saveHook(HookConfig)
    /// Delete a config's file (when `checked`, only if it is still as the UI read it); answered by `.configDeleted`.
    case deleteConfig(ConfigDirectory.Entry, checked: Bool)
    /// Read the server's configs of `appKey` and make a plan (with `prune`, one that also deletes the configs only
    /// the server has); answered by `.pushPlanned`.
    case planPush(appKey: String?, prune: Bool)
    /// Send the plan the push panel shows, for `appKey`; answered by `.pushSent`.
    case sendPush(PushPlan, appKey: String?)
    /// Set `server` in the settings file `file` and keep `token` (when given) in the user's token store, never in the
    /// project folder; answered by `.serverWritten`.
    case writeServer(String, token: String?, file: String)
    /// Set `appKey` in the settings file `file` (made when missing), atomically; answered by `.appKeyWritten`.
    case writeAppKey(String, file: String)
    /// Read the named event definitions; answered by `.definitionsLoaded`.
    case loadDefinitions
    /// Save a definition (refusing a conflict, and a file that changed on disk since the UI read it); answered by
    /// `.definitionSaved`.
    case saveDefinition(EventDefinition, over: DefinitionOnDisk)
    /// Delete a definition's file (when `checked`, only if it is still as the UI read it); answered by
    /// `.definitionDeleted`.
    case deleteDefinition(EventDirectory.Entry, checked: Bool)
    /// Count the logs' records for this screen, in the background; answered by `.tapsCounted`.
    case countTaps(TapCountRequest)
    /// Forget what the terminal shows and draw every cell again (done by the terminal layer, not the runner).
    case repaint
    /// Make the id and time the next new document takes (the reducer never reads a clock or makes an id); answered
    /// by `.stamped`.
    case freshStamp
}

/// What the UI last read of the file a save replaces, checked on disk before writing: a file changed, deleted or
/// made there since (a git pull, an editor) is never overwritten without asking.
public enum OnDisk: Sendable, Equatable {
    /// A new config (or one put back after a delete): no file of its id is expected.
    case nothing
    /// The file as the UI read it, with its fingerprint.
    case read(ConfigDirectory.Entry)
    /// Whatever is there now: the person said to write over it.
    case whatever
}

/// A config file that is not what the UI read: what became of it, and the effect that goes ahead anyway.
public struct ChangedOnDisk: Sendable, Equatable {
    /// What happened to the file since the UI read the folder.
    public enum How: Sendable, Equatable { case changed, deleted, made }
    public var file: String
    public var how: How
    /// The same save or delete, unchecked; nil when there is nothing left to do (a file to delete is gone already).
    public var goAhead: Effect?

    public init(file: String, how: How, goAhead: Effect?) {
        self.file = file
        self.how = how
        self.goAhead = goAhead
    }
}

/// Why an effect failed, in words a person can act on.
public struct EffectFailure: Error, Sendable, Equatable {
    public var message: String
    /// Set when the failure is a config file that changed on disk: the UI asks before going ahead.
    public var changedOnDisk: ChangedOnDisk?

    public init(_ message: String, changedOnDisk: ChangedOnDisk? = nil) {
        self.message = message
        self.changedOnDisk = changedOnDisk
    }
}

/// A config the runner saved, where it went, and the folder as it is after the save.
public struct SavedConfig: Sendable, Equatable {
    public var config: KVCConfig
    public var file: String
    public var listing: ConfigListing

    /// The file as lasso wrote it, with the fingerprint of the bytes written: what an undo expects to find there.
    public var written: ConfigDirectory.Entry {
        ConfigDirectory.Entry(
            config: config, file: file, fingerprint: FileFingerprint(Array(ConfigCodec.fileText(config).utf8)))
    }

    public init(config: KVCConfig, file: String, listing: ConfigListing) {
        self.config = config
        self.file = file
        self.listing = listing
    }
}

/// A config the runner deleted, and the folder as it is after the delete.
public struct DeletedConfig: Sendable, Equatable {
    public var entry: ConfigDirectory.Entry
    public var listing: ConfigListing

    public init(entry: ConfigDirectory.Entry, listing: ConfigListing) {
        self.entry = entry
        self.listing = listing
    }
}
