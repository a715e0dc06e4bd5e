import LassoDocuments
import LassoSnapshot

/// Does what the reducer asks for, behind protocols, and answers each effect with the action carrying its outcome
/// (the value or the error): the only place the UI reaches the disk or the network.
public struct EffectRunner: Sendable {
    public let configs: any ConfigRepository
    public let push: any PushService
    /// The named event definitions; nil where the UI has none (each save says so, the list stays empty).
    public let definitions: (any DefinitionRepository)?
    /// Counts the logs given with `--log`; nil where there are none to count.
    public let counter: (any TapCounter)?
    /// Where a write token given in the UI is kept (the user's, outside the project); nil when there is no such place.
    public let tokens: TokenStore?
    /// The last readings of the folder, given back while its stamp has not changed.
    private let cache = ListingCache()

    public init(
        configs: any ConfigRepository, push: any PushService, definitions: (any DefinitionRepository)? = nil,
        counter: (any TapCounter)? = nil, tokens: TokenStore? = TokenStore.user()
    ) {
        self.configs = configs
        self.push = push
        self.definitions = definitions
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
        default:
            return performOnDisk(effect)
        }
    }

    /// Does an effect that needs only the configs folder, at once; nil for the network's and the terminal's.
    public func performOnDisk(_ effect: Effect) -> Action? {
        switch effect {
        case .freshStamp:
            return .stamped(DocumentStamp.fresh())
        case .loadConfigs:
            // The stamp is read first: a change made while the folder is read makes the next reading a fresh one.
            return .configsLoaded(cache.configs(stamp: configs.stamp(), read: configs.listing))
        case .saveConfig(let config, let expected):
            do {
                let listing = configs.listing()
                if let changed = Self.changes(of: config, expected: expected, in: listing) {
                    return .configSaved(.failure(changed))
                }
                let file = try configs.save(config, replacing: listing.entries)
                return .configSaved(.success(SavedConfig(config: config, file: file, listing: configs.listing())))
            } catch {
                return .configSaved(.failure(Self.failure(error)))
            }
        case .saveHook(let config):
            do {
                return .hookSaved(.success(try configs.saveHook(config)))
            } catch {
                return .hookSaved(.failure(Self.failure(error)))
            }
        case .deleteConfig(let entry, let checked):
            do {
                if checked {
                    let now = configs.listing().entries.first { $0.config.id == entry.config.id }
                    if now == nil {
                        return .configDeleted(
                            .failure(
                                EffectFailure(
                                    "\(entry.file) was deleted on disk already",
                                    changedOnDisk: ChangedOnDisk(file: entry.file, how: .deleted, goAhead: nil))))
                    }
                    if let now, now.file != entry.file || now.fingerprint != entry.fingerprint {
                        return .configDeleted(
                            .failure(
                                EffectFailure(
                                    "\(now.file) changed on disk since lasso read it",
                                    changedOnDisk: ChangedOnDisk(
                                        file: now.file, how: .changed, goAhead: .deleteConfig(now, checked: false)))))
                    }
                }
                try configs.remove(entry)
                return .configDeleted(.success(DeletedConfig(entry: entry, listing: configs.listing())))
            } catch {
                return .configDeleted(.failure(Self.failure(error)))
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
        case .loadDefinitions, .saveDefinition, .deleteDefinition:
            return performOnDefinitions(effect)
        case .planPush, .sendPush, .countTaps, .repaint:
            return nil
        }
    }

    /// The failure to answer when the file a save would replace is not what the UI read; nil when it is.
    static func changes(of config: KVCConfig, expected: OnDisk, in listing: ConfigListing) -> EffectFailure? {
        let now = listing.entries.first { $0.config.id == config.id }.map {
            (file: $0.file, fingerprint: $0.fingerprint)
        }
        let goAhead = Effect.saveConfig(config, over: .whatever)
        switch expected {
        case .whatever: return nil
        case .nothing: return changes(now: now, read: nil, what: "this config", goAhead: goAhead)
        case .read(let entry):
            return changes(now: now, read: (entry.file, entry.fingerprint), what: "this config", goAhead: goAhead)
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

/// The named event definitions' effects: done at once, like the configs folder's.
extension EffectRunner {
    func performOnDefinitions(_ effect: Effect) -> Action? {
        switch effect {
        case .loadDefinitions:
            guard let definitions else { return .definitionsLoaded(EventDirectory.Listing()) }
            return .definitionsLoaded(cache.definitions(stamp: definitions.stamp(), read: definitions.listing))
        case .saveDefinition(let definition, let expected):
            guard let definitions else {
                return .definitionSaved(.failure(EffectFailure("this lasso has no folder for named events")))
            }
            do {
                let listing = definitions.listing()
                if let changed = Self.changes(of: definition, expected: expected, in: listing) {
                    return .definitionSaved(.failure(changed))
                }
                let file = try definitions.save(definition, replacing: listing.entries)
                return .definitionSaved(
                    .success(SavedDefinition(definition: definition, file: file, listing: definitions.listing())))
            } catch {
                return .definitionSaved(.failure(Self.failure(error)))
            }
        case .deleteDefinition(let entry, let checked):
            guard let definitions else {
                return .definitionDeleted(.failure(EffectFailure("this lasso has no folder for named events")))
            }
            do {
                if checked {
                    let now = definitions.listing().entries.first {
                        $0.definition.id == entry.definition.id
                    }
                    guard let now else {
                        return .definitionDeleted(
                            .failure(
                                EffectFailure(
                                    "\(entry.file) was deleted on disk already",
                                    changedOnDisk: ChangedOnDisk(file: entry.file, how: .deleted, goAhead: nil))))
                    }
                    if now.file != entry.file || now.fingerprint != entry.fingerprint {
                        return .definitionDeleted(
                            .failure(
                                EffectFailure(
                                    "\(now.file) changed on disk since lasso read it",
                                    changedOnDisk: ChangedOnDisk(
                                        file: now.file, how: .changed,
                                        goAhead: .deleteDefinition(now, checked: false)))))
                    }
                }
                try definitions.remove(entry)
                return .definitionDeleted(
                    .success(DeletedDefinition(entry: entry, listing: definitions.listing())))
            } catch {
                return .definitionDeleted(.failure(Self.failure(error)))
            }
        default:
            return nil
        }
    }

    /// The failure to answer when the definition file a save would replace is not what the UI read; nil when it is.
    static func changes(of definition: EventDefinition, expected: DefinitionOnDisk, in listing: EventDirectory.Listing)
        -> EffectFailure?
    {
        let now = listing.entries.first { $0.definition.id == definition.id }.map {
            (file: $0.file, fingerprint: $0.fingerprint)
        }
        let goAhead = Effect.saveDefinition(definition, over: .whatever)
        switch expected {
        case .whatever: return nil
        case .nothing: return changes(now: now, read: nil, what: "this event", goAhead: goAhead)
        case .read(let entry):
            return changes(now: now, read: (entry.file, entry.fingerprint), what: "this event", goAhead: goAhead)
        }
    }
}
