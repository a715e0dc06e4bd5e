import Foundation
import ServiceLifecycle

/// Asks the store a trivial query whenever it has had no round trip for a while, so that the ``HealthRecord`` that
/// `GET /health` answers from stays fresh on a quiet server: a store that stops answering is said within about
/// ``interval`` plus the store timeout, without `/health` ever waiting on it.
struct StoreWatch: Service {
    let api: ConfigAPI
    /// How long the store may go without a round trip before it is asked.
    var interval: Duration = .seconds(5)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while true {
                // Cancelled (the server stops): no last question, which would only be cut short and logged.
                do { try await Task.sleep(for: interval) } catch { return }
                let last = api.health.lastRoundTrip?.at ?? .distantPast
                guard Date().timeIntervalSince(last) >= Double(interval.components.seconds) else { continue }
                _ = try? await api.storeCall("answer a health check") { try await api.store.check() }
            }
        }
    }
}
