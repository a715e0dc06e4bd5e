import LassoCore

/// Does what the reducer asks for, behind protocols, and answers each effect with the action carrying its outcome
/// (the value or the error): the only place the UI reaches the disk or the network.
public struct EffectRunner: Sendable {
    public let configs: any ConfigRepository
    public let push: any PushService

    public init(configs: any ConfigRepository, push: any PushService) {
        self.configs = configs
        self.push = push
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
        default:
            return performOnDisk(effect)
        }
    }

    /// Does an effect that needs only the configs folder, at once; nil for the network's and the terminal's.
    public func performOnDisk(_ effect: Effect) -> Action? {
        switch effect {
        case .loadConfigs:
            return .configsLoaded(configs.listing())
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
        case .writeAppKey(let appKey, let file):
            do {
                return .appKeyWritten(.success(try SettingsFile.setAppKey(appKey, in: file)))
            } catch let error as InputError {
                return .appKeyWritten(.failure(EffectFailure(error.description)))
            } catch {
                return .appKeyWritten(.failure(Self.failure(error)))
            }
        case .planPush, .sendPush, .repaint:
            return nil
        }
    }

    /// The failure to answer when the file a save would replace is not what the UI read; nil when it is.
    static func changes(of config: KVCConfig, expected: OnDisk, in listing: ConfigListing) -> EffectFailure? {
        let now = listing.entries.first { $0.config.id == config.id }
        let goAhead = Effect.saveConfig(config, over: .whatever)
        switch expected {
        case .whatever:
            return nil
        case .nothing:
            guard let now else { return nil }
            return EffectFailure(
                "\(now.file) holds this config on disk already (made since lasso read the folder)",
                changedOnDisk: ChangedOnDisk(file: now.file, how: .made, goAhead: goAhead))
        case .read(let entry):
            guard let now else {
                return EffectFailure(
                    "\(entry.file) was deleted on disk since lasso read it",
                    changedOnDisk: ChangedOnDisk(file: entry.file, how: .deleted, goAhead: goAhead))
            }
            guard now.file != entry.file || now.fingerprint != entry.fingerprint else { return nil }
            return EffectFailure(
                "\(now.file) changed on disk since lasso read it",
                changedOnDisk: ChangedOnDisk(file: now.file, how: .changed, goAhead: goAhead))
        }
    }

    /// Any error, as the words the UI shows.
    static func failure(_ error: any Error) -> EffectFailure {
        if let failure = error as? EffectFailure { return failure }
        if let error = error as? LassoError { return EffectFailure(error.message) }
        return EffectFailure("\(error)")
    }
}
