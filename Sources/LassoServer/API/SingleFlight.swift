import Synchronization

/// Concurrent misses for one answer share one computation (Go's `singleflight`): when the cache is empty (at start, or
/// after it starts trusting anew) and many SDKs ask for the same app and version at once, the store is read once, not
/// once per request.
final class SingleFlight<Value: Sendable>: Sendable {
    private let running = Mutex([String: Task<Value, any Error>]())

    /// The value for `key`: the one being computed now if there is one, else `compute`'s, which later callers share
    /// until it is done. It is computed in a task of its own, so a caller that goes away does not cancel it for the
    /// others.
    func value(for key: String, _ compute: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task {
                defer { self.running.withLock { $0[key] = nil } }
                return try await compute()
            }
            running[key] = task
            return task
        }
        return try await task.value
    }
}
