import LassoDocuments
import LassoSnapshot

/// Does what the reducer asks for, behind protocols, and answers each effect with the action carrying its outcome
/// (the value or the error): the only place the UI reaches the disk or the network.
public struct EffectRunner: Sendable {
    /// Every kind of document: configs, named events, hook configs.
    public let documents: any DocumentRepository
    public let push: any PushService
    /// Counts the logs given with `--log`; nil where there are none to count.
    public let counter: (any TapCounter)?
    /// Where a write token given in the UI is kept (the user's, outside the project); nil when there is no such place.
    public let tokens: TokenStore?
    /// Loads the rest of a snapshot opened on its first views; nil when the UI opened on the whole of it.
    public let finisher: (any SnapshotFinisher)?
    /// The server's live routes, for `lasso open --live`; nil otherwise.
    public var live: (any LiveService)?
    /// The last readings of the folder, given back while its stamp has not changed.
    private let cache = ListingCache()

    public init(
        documents: any DocumentRepository, push: any PushService, counter: (any TapCounter)? = nil,
        tokens: TokenStore? = TokenStore.user(), finisher: (any SnapshotFinisher)? = nil
    ) {
        self.finisher = finisher
        self.documents = documents
        self.push = push
        self.counter = counter
        self.tokens = tokens
    }

    /// Does one effect; nil for an effect that is the terminal's (`.repaint`).
    public func perform(_ effect: Effect) async -> Action? {
        switch effect {
        case .planPush(let appKey, let prune):
            do { return .pushPlanned(.success(try await push.plan(appKey: appKey, prune: prune))) } catch {
                return .pushPlanned(.failure(Self.failure(error)))
            }
        case .sendPush(let plan, let appKey):
            do { return .pushSent(.success(try await push.send(plan, appKey: appKey))) } catch {
                return .pushSent(.failure(Self.failure(error)))
            }
        case .countTaps(let request):
            guard let counter else {
                return .tapsCounted(.failure(EffectFailure("this lasso has no counter for the SDK's records")))
            }
            do { return .tapsCounted(.success(try await counter.count(request))) } catch {
                return .tapsCounted(.failure(Self.failure(error)))
            }
        case .followLive, .followEchoes, .sendToPhone:
            return await performLive(effect)
        case .finishLoading:
            guard let finisher else {
                return .snapshotFinished(.failure(EffectFailure("this lasso has no more of the snapshot to load")))
            }
            do { return .snapshotFinished(.success(try await finisher.finish())) } catch {
                return .snapshotFinished(.failure(Self.failure(error)))
            }
        default:
            return performOnDisk(effect)
        }
    }

    /// Does an effect that needs only the configs folder, at once; nil for the network's and the terminal's.
    public func performOnDisk(_ effect: Effect) -> Action? {
        switch effect {
        case .freshStamp:
            return .stamped(DocumentStamp.fresh())
        case .load(let kind):
            // The stamp is read first: a change made while the folder is read makes the next reading a fresh one.
            return .loaded(cache.listing(kind, stamp: documents.stamp(kind)) { documents.listing(kind) })
        case .save(let document, let expected):
            do {
                let listing = documents.listing(document.kind)
                if let changed = Self.changes(of: document, expected: expected, in: listing) {
                    return .saved(document.kind, .failure(changed))
                }
                let file = try documents.save(document, replacing: listing.entries)
                let after = documents.listing(document.kind)
                // The document as the folder wrote it (a new event definition with the number it was given), so that
                // an undo finds the file as it was saved.
                let written =
                    after.entries.first { $0.file == file && $0.document.id == document.id }
                    ?? .written(document, to: file)
                return .saved(document.kind, .success(SavedDocument(written: written, listing: after)))
            } catch {
                return .saved(document.kind, .failure(Self.failure(error)))
            }
        case .delete(let entry, let checked):
            let kind = entry.document.kind
            do {
                if checked {
                    let now = documents.listing(kind).entries.first { $0.document.id == entry.document.id }
                    guard let now else {
                        return .deleted(
                            kind,
                            .failure(
                                EffectFailure(
                                    "\(entry.file) was deleted on disk already",
                                    changedOnDisk: ChangedOnDisk(file: entry.file, how: .deleted, goAhead: nil))))
                    }
                    if now.file != entry.file || now.fingerprint != entry.fingerprint {
                        return .deleted(
                            kind,
                            .failure(
                                EffectFailure(
                                    "\(now.file) changed on disk since lasso read it",
                                    changedOnDisk: ChangedOnDisk(
                                        file: now.file, how: .changed, goAhead: .delete(now, checked: false)))))
                    }
                }
                try documents.remove(entry)
                return .deleted(kind, .success(DeletedDocument(entry: entry, listing: documents.listing(kind))))
            } catch {
                return .deleted(kind, .failure(Self.failure(error)))
            }
        case .writeServer(let server, let token, let file):
            do {
                if let token {
                    guard let tokens else {
                        return .serverWritten(
                            .failure(
                                EffectFailure(
                                    "no user folder to keep the token in (HOME and XDG_CONFIG_HOME are unset): start lasso with LASSO_TOKEN set instead"
                                )))
                    }
                    try tokens.save(token, for: server)
                }
                return .serverWritten(.success(try SettingsFile.setServer(server, in: file)))
            } catch let error as InputError {
                return .serverWritten(.failure(EffectFailure(error.description)))
            } catch {
                return .serverWritten(.failure(Self.failure(error)))
            }
        case .writeAppKey(let appKey, let file):
            do {
                return .appKeyWritten(.success(try SettingsFile.setAppKey(appKey, in: file)))
            } catch let error as InputError {
                return .appKeyWritten(.failure(EffectFailure(error.description)))
            } catch {
                return .appKeyWritten(.failure(Self.failure(error)))
            }
        case .planPush, .sendPush, .countTaps, .repaint, .finishLoading, .followLive, .followEchoes, .sendToPhone:
            return nil
        }
    }

    /// The failure to answer when the file a save would replace is not what the UI read; nil when it is.
    static func changes(of document: Document, expected: DocumentOnDisk, in listing: StoredListing) -> EffectFailure? {
        let now = listing.entries.first { $0.document.id == document.id }.map {
            (file: $0.file, fingerprint: $0.fingerprint)
        }
        let goAhead = Effect.save(document, over: .whatever)
        let what = document.kind == .event ? "this event" : "this " + document.kind.noun
        switch expected {
        case .whatever: return nil
        case .nothing: return changes(now: now, read: nil, what: what, goAhead: goAhead)
        case .read(let entry):
            return changes(now: now, read: (entry.file, entry.fingerprint), what: what, goAhead: goAhead)
        }
    }

    /// The failure to answer when the file a save would replace (`now`, nil when there is none) is not the one the UI
    /// read (`read`, nil when it read none); `what` names the document in the message, `goAhead` writes over it.
    static func changes(
        now: (file: String, fingerprint: FileFingerprint?)?, read: (file: String, fingerprint: FileFingerprint?)?,
        what: String, goAhead: Effect
    ) -> EffectFailure? {
        guard let read else {
            guard let now else { return nil }
            return EffectFailure(
                "\(now.file) holds \(what) on disk already (made since lasso read the folder)",
                changedOnDisk: ChangedOnDisk(file: now.file, how: .made, goAhead: goAhead))
        }
        guard let now else {
            return EffectFailure(
                "\(read.file) was deleted on disk since lasso read it",
                changedOnDisk: ChangedOnDisk(file: read.file, how: .deleted, goAhead: goAhead))
        }
        guard now.file != read.file || now.fingerprint != read.fingerprint else { return nil }
        return EffectFailure(
            "\(now.file) changed on disk since lasso read it",
            changedOnDisk: ChangedOnDisk(file: now.file, how: .changed, goAhead: goAhead))
    }

    /// Any error, as the words the UI shows.
    static func failure(_ error: any Error) -> EffectFailure {
        if let failure = error as? EffectFailure { return failure }
        if let error = error as? LassoError { return EffectFailure(error.message) }
        return EffectFailure("\(error)")
    }
}
