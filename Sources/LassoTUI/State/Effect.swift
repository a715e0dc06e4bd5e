import LassoCounting
import LassoDocuments

/// Work the reducer asks for and never does itself (the disk, the network, the terminal); `EffectRunner` does it
/// and answers with an action that carries the outcome.
public enum Effect: Sendable, Equatable {
    /// Read the documents of one kind from the configs folder; answered by `.loaded`.
    case load(DocumentKind)
    /// Save a document of any kind (refusing a clash with the saved ones, and a file that changed on disk since the
    /// UI read it); answered by `.saved`.
    case save(Document, over: DocumentOnDisk)
    /// Delete a document's file (when `checked`, only if it is still as the UI read it); answered by `.deleted`.
    case delete(StoredEntry, checked: Bool)
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
    /// Count the logs' records for this screen, in the background; answered by `.tapsCounted`.
    case countTaps(TapCountRequest)
    /// Forget what the terminal shows and draw every cell again (done by the terminal layer, not the runner).
    case repaint
    /// Make the id and time the next new document takes (the reducer never reads a clock or makes an id); answered
    /// by `.stamped`.
    case freshStamp
    /// Load the whole snapshot the UI opened on its first views (`SnapshotLoading`), in the background; answered by
    /// `.snapshotFinished`.
    case finishLoading
    /// Wait for the next screen a phone streams after `after` (`lasso open --live`); answered by `.liveScreen`.
    case followLive(app: String?, after: Int64)
    /// Wait for the events the phone of `pairing` echoes after `after`; answered by `.liveEchoes`.
    case followEchoes(pairing: String, after: Int)
    /// Send a config to the phone of `pairing`; answered by `.sentToPhone`.
    case sendToPhone(KVCConfig, pairing: String)
}

/// What the UI last read of the file a save replaces, checked on disk before writing: a file changed, deleted or
/// made there since (a git pull, an editor) is never overwritten without asking.
public enum DocumentOnDisk: Sendable, Equatable {
    /// A new document (or one put back after a delete): no file of its id is expected.
    case nothing
    /// The file as the UI read it, with its fingerprint.
    case read(StoredEntry)
    /// Whatever is there now: the person said to write over it.
    case whatever
}

/// A document's file that is not what the UI read: what became of it, and the effect that goes ahead anyway.
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
    /// Set when the failure is a document's file that changed on disk: the UI asks before going ahead.
    public var changedOnDisk: ChangedOnDisk?

    public init(_ message: String, changedOnDisk: ChangedOnDisk? = nil) {
        self.message = message
        self.changedOnDisk = changedOnDisk
    }
}

/// A document the runner saved, as it wrote it (with the fingerprint of the bytes written: what an undo expects to
/// find there), and the documents of its kind as they are after the save.
public struct SavedDocument: Sendable, Equatable {
    public var written: StoredEntry
    public var listing: StoredListing

    public init(written: StoredEntry, listing: StoredListing) {
        self.written = written
        self.listing = listing
    }
}

/// A document the runner deleted, and the documents of its kind as they are after the delete.
public struct DeletedDocument: Sendable, Equatable {
    public var entry: StoredEntry
    public var listing: StoredListing

    public init(entry: StoredEntry, listing: StoredListing) {
        self.entry = entry
        self.listing = listing
    }
}
