import NIOCore
import Synchronization

/// The server's open connections, those without a request under way kept oldest first, so that at the connection limit
/// the one idle longest is closed to make room (as nginx reuses its keep-alive connections) and a flood of idle
/// connections cannot lock others out.
final class ConnectionTable: Sendable {
    private struct Entry {
        var channel: any Channel
        /// Requests read and not yet answered.
        var requests: Int
        /// When it last became idle, in ``State/clock`` ticks.
        var idleSince: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Idle connections in the order they became idle; an item is stale once its entry is gone, busy or idle again.
        var idleOrder: [(id: ObjectIdentifier, since: UInt64)] = []
        var idleStart = 0
        var clock: UInt64 = 0

        mutating func markIdle(_ id: ObjectIdentifier) {
            clock += 1
            entries[id]?.idleSince = clock
            idleOrder.append((id, clock))
            if idleOrder.count > 2 * entries.count + 1024 { compact() }
        }

        /// Removes and returns the connection idle longest, other than `kept`.
        mutating func takeOldestIdle(except kept: ObjectIdentifier) -> (any Channel)? {
            var skipped: [(id: ObjectIdentifier, since: UInt64)] = []
            defer { idleOrder.insert(contentsOf: skipped, at: idleStart) }
            while idleStart < idleOrder.count {
                let item = idleOrder[idleStart]
                idleStart += 1
                guard let entry = entries[item.id], entry.requests == 0, entry.idleSince == item.since else { continue }
                if item.id == kept {
                    skipped.append(item)
                    continue
                }
                entries[item.id] = nil
                return entry.channel
            }
            return nil
        }

        /// Drops stale items from the idle order.
        mutating func compact() {
            idleOrder = idleOrder[idleStart...].filter { item in
                entries[item.id].map { $0.requests == 0 && $0.idleSince == item.since } ?? false
            }
            idleStart = 0
        }
    }

    /// The most connections kept open at once.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    /// The number of connections open (and not being closed to make room).
    var count: Int { state.withLock { $0.entries.count } }

    /// A connection opened; at the limit, the connection idle longest is closed.
    func opened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let victim: (any Channel)? = state.withLock { state in
            guard state.entries[id] == nil else { return nil }
            state.entries[id] = Entry(channel: channel, requests: 0, idleSince: 0)
            state.markIdle(id)
            guard state.entries.count >= limit else { return nil }
            return state.takeOldestIdle(except: id)
        }
        victim?.close(promise: nil)
    }

    func closed(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// A request head was read: the connection is busy until its answer is written.
    func requestStarted(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.requests += 1 }
    }

    /// An answer was written in full.
    func responseFinished(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLock { state in
            guard let requests = state.entries[id]?.requests, requests > 0 else { return }
            state.entries[id]?.requests = requests - 1
            if requests == 1 { state.markIdle(id) }
        }
    }
}
