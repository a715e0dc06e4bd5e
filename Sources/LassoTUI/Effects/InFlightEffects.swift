import Synchronization

/// The effects that the UI loop started and that have not been answered yet: each runs in a task of its own, and its
/// outcome waits here until the loop feeds it to `reduce`, so that a slow server never holds up a key.
public final class InFlightEffects: Sendable {
    private let runner: EffectRunner
    private let state = Mutex(Queue())

    private struct Queue: ~Copyable {
        var answered: [Action] = []
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextID = 0
    }

    public init(runner: EffectRunner) { self.runner = runner }

    /// Starts `effect` in a task of its own; its outcome comes out of `takeAnswered()`.
    public func start(_ effect: Effect) {
        let runner = self.runner
        state.withLock { queue in
            let id = queue.nextID
            queue.nextID += 1
            queue.tasks[id] = Task.detached { [weak self] in
                let outcome = await runner.perform(effect)
                self?.answer(id, with: outcome)
            }
        }
    }

    private func answer(_ id: Int, with outcome: Action?) {
        state.withLock { queue in
            queue.tasks[id] = nil
            if let outcome { queue.answered.append(outcome) }
        }
    }

    /// The outcomes answered since the last call, in the order they came.
    public func takeAnswered() -> [Action] {
        state.withLock { queue in
            defer { queue.answered = [] }
            return queue.answered
        }
    }

    /// How many effects are still running.
    public var running: Int { state.withLock { $0.tasks.count } }

    /// Cancels whatever still runs (the UI is closing): nothing waits for a server that does not answer.
    public func cancelAll() {
        let tasks = state.withLock { queue in
            defer { queue.tasks = [:] }
            return Array(queue.tasks.values)
        }
        for task in tasks { task.cancel() }
    }
}
