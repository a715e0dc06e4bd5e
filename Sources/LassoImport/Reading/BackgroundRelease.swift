import Foundation
import Synchronization

/// Lets go of a large value on a thread of its own: freeing a dump's parsed tree (hundreds of thousands of small
/// allocations) then overlaps the work that follows instead of standing before it.
public enum BackgroundRelease {
    /// How many values handed over are not freed yet.
    private static let pending = Atomic<Int>(0)

    /// Hands `value` to a new thread, which frees it; the caller must hold no other copy for the freeing to happen
    /// there. The value waits in a box that the thread empties, so that it is freed there even when this thread lets go
    /// of the box last.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        pending.add(1, ordering: .relaxed)
        let thread = Thread {
            held.empty()
            pending.subtract(1, ordering: .releasing)
        }
        // Freeing nested values recurses once per level (512 at most, `JSONParser.maxDepth`): the main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs `body` on `value`, then lets go of `value` on a thread of its own. Whatever `body` held of the value (its
    /// locals, copies of parts) is let go of when it returns, so the freeing does not fall back to this thread when
    /// the other ends first.
    static func using<Value: Sendable, Made, Failure: Error>(
        _ value: consuming Value, _ body: (Value) throws(Failure) -> Made
    ) throws(Failure) -> Made {
        let made: Result<Made, Failure>
        do throws(Failure) {
            made = .success(try body(value))
        } catch {
            made = .failure(error)
        }
        release(value)
        return try made.get()
    }

    /// Waits until every value handed over has been freed: for a leak check that runs after each import (the fuzzer's),
    /// which would otherwise find a value half freed by its thread.
    public static func waitUntilFreed() {
        while pending.load(ordering: .acquiring) > 0 { usleep(100) }
    }
}

/// A value waiting to be freed by the thread that empties it (`BackgroundRelease`).
private final class Held<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: consuming Value) { self.value = Mutex(Optional(value)) }

    func empty() { value.withLock { $0 = nil } }
}
