import LassoCore

/// Work the reducer asks for and never does itself (the disk, the network, the terminal); `EffectRunner` does it
/// and answers with an action that carries the outcome.
public enum Effect: Sendable, Equatable {
    /// Read the configs folder; answered by `.configsLoaded`.
    case loadConfigs
    /// Save a config (refusing a conflict with what is on disk); answered by `.configSaved`.
    case saveConfig(KVCConfig)
    /// Delete a config's file; answered by `.configDeleted`.
    case deleteConfig(ConfigDirectory.Entry)
    /// Read the server's configs of `appKey` and make a plan (with `prune`, one that also deletes the configs only
    /// the server has); answered by `.pushPlanned`.
    case planPush(appKey: String?, prune: Bool)
    /// Send the plan the push panel shows, for `appKey`; answered by `.pushSent`.
    case sendPush(PushPlan, appKey: String?)
    /// Set `appKey` in the settings file `file` (made when missing), atomically; answered by `.appKeyWritten`.
    case writeAppKey(String, file: String)
    /// Forget what the terminal shows and draw every cell again (done by the terminal layer, not the runner).
    case repaint
}

/// Why an effect failed, in words a person can act on.
public struct EffectFailure: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A config the runner saved, where it went, and the folder as it is after the save.
public struct SavedConfig: Sendable, Equatable {
    public var config: KVCConfig
    public var file: String
    public var listing: ConfigListing

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

/// What the push service has to show: the report's lines, the plan Enter would send, and whether it ended badly.
public struct PushReply: Sendable, Equatable {
    public var lines: [String]
    /// The plan that Enter sends, when there is one the person may send (changes, and a token to send them with).
    public var plan: PushPlan?
    public var canSend: Bool { plan != nil }
    /// True when the server refused part of the plan or the run stopped part way.
    public var failed: Bool
    /// How many configs only the server has, which a plan made with `prune` would delete (0 once it does).
    public var serverOnly: Int
    /// How the configs only the server has are named (`title (ButtonClick, 3c1f0a9e)`), for the question that deletes them.
    public var serverOnlyNames: [String]

    public init(
        lines: [String], plan: PushPlan? = nil, failed: Bool = false, serverOnly: Int = 0,
        serverOnlyNames: [String] = []
    ) {
        self.lines = lines
        self.plan = plan
        self.failed = failed
        self.serverOnly = serverOnly
        self.serverOnlyNames = serverOnlyNames
    }
}
