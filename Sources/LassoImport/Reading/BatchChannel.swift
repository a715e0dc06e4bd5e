import Foundation
import Synchronization

/// A queue of batches from one thread to another, bounded so that the giving thread waits when it is full.
final class BatchChannel<Batch: Sendable>: Sendable {
    private let state = Mutex<(batches: [Batch], closed: Bool)>(([], false))
    /// Signalled once for each batch put and once on closing.
    private let ready = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    init(capacity: Int) { room = DispatchSemaphore(value: capacity) }

    func put(_ batch: Batch) {
        room.wait()
        state.withLock { $0.batches.append(batch) }
        ready.signal()
    }

    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// The next batch, or nil once the queue is closed and empty.
    func take() -> Batch? {
        while true {
            ready.wait()
            let (batch, closed) = state.withLock { state -> (Batch?, Bool) in
                state.batches.isEmpty ? (nil, state.closed) : (state.batches.removeFirst(), false)
            }
            if let batch {
                room.signal()
                return batch
            }
            if closed { return nil }
        }
    }
}

/// What a worker thread made, handed back once it is done.
final class HandOff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ made: Value) {
        value.withLock { $0 = made }
        done.signal()
    }

    /// Waits for the worker: what it made.
    func wait() -> Value {
        done.wait()
        return value.withLock { $0.take()! }
    }
}
