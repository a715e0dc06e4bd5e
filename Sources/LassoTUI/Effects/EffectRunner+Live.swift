import LassoDocuments

/// The live effects: waiting on the server for the phone's screens and echoes, and sending it configs.
extension EffectRunner {
    /// How long a failed wait rests before its failure is answered (and the reducer asks again).
    static let liveRetry = Duration.seconds(2)

    func performLive(_ effect: Effect) async -> Action? {
        guard let live else {
            let failure = EffectFailure("this lasso follows no phone")
            switch effect {
            case .followLive: return .liveScreen(.failure(failure))
            case .followEchoes: return .liveEchoes(.failure(failure))
            default: return .sentToPhone(.failure(failure))
            }
        }
        switch effect {
        case .followLive(let app, let after):
            do { return .liveScreen(.success(try await live.nextScreen(app: app, after: after))) } catch {
                if Task.isCancelled { return nil }
                try? await Task.sleep(for: Self.liveRetry)
                return .liveScreen(.failure(Self.failure(error)))
            }
        case .followEchoes(let pairing, let after):
            do { return .liveEchoes(.success(try await live.echoes(pairing: pairing, after: after))) } catch {
                if Task.isCancelled { return nil }
                try? await Task.sleep(for: Self.liveRetry)
                return .liveEchoes(.failure(Self.failure(error)))
            }
        case .sendToPhone(let config, let pairing):
            do {
                try await live.send(config, to: pairing)
                return .sentToPhone(.success(config.keyName))
            } catch {
                return .sentToPhone(.failure(Self.failure(error)))
            }
        default:
            return nil
        }
    }
}
