import Dispatch

/// Work done one piece at a time on a thread of its own (a serial dispatch queue), awaited by the caller: CPU-heavy
/// work that must not take the threads the server answers requests on.
struct SerialWork: Sendable {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    /// Runs `work` on the queue, after what was queued before it, and returns its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
