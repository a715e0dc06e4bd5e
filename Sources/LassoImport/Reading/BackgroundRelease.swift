import Foundation

/// Lets go of a large value on a thread of its own: freeing a dump's parsed tree (hundreds of thousands of small
/// allocations) then overlaps the work that follows instead of standing before it.
enum BackgroundRelease {
    /// Hands `value` to a new thread, whose end releases it; the caller must hold no other copy for the freeing to
    /// happen there.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let held = value
        let thread = Thread { withExtendedLifetime(held) {} }
        // Freeing nested values recurses once per level (512 at most, `JSONParser.maxDepth`): the main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }
}
