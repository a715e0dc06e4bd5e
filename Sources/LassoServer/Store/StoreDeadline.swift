/// The store did not answer in time, or failed when checked; the description says which, for a 503 or `lasso serve`.
public struct StoreUnavailable: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Bounds how long a store call may wait: past the limit the call is cancelled and the caller gets ``StoreUnavailable``.
enum StoreDeadline {
    /// Runs `body`, or throws ``StoreUnavailable`` once `limit` has passed without an answer.
    static func run<T: Sendable>(
        _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard case .some(.some(let value)) = try await group.next() else {
                throw StoreUnavailable("the config store did not answer within \(seconds(limit)) when asked to \(what)")
            }
            return value
        }
    }

    /// A duration as `lasso serve` options write it: `5 s`, `0.3 s`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        if attoseconds == 0 { return "\(whole) s" }
        return "\(Double(whole) + Double(attoseconds) / 1e18) s"
    }
}
