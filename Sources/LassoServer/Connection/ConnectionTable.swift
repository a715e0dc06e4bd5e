import NIOCore
import Synchronization

/// The server's open connections, so that at the connection limit the one idle longest is closed to make room (as
/// nginx reuses its keep-alive connections) and a flood of idle connections cannot lock others out.
///
/// The table is locked only when a connection opens or closes; a request starting or ending touches nothing but its
/// own connection's ``ConnectionSlot``, so requests on different event loops never wait on each other.
final class ConnectionTable: Sendable {
    /// The most connections kept open at once.
    let limit: Int
    private let metrics: ServerMetrics
    private let slots = Mutex([ObjectIdentifier: ConnectionSlot]())
    /// The number of slots, kept beside them so that ``isNearLimit`` takes no lock.
    private let open = Atomic(0)

    init(limit: Int, metrics: ServerMetrics) {
        self.limit = limit
        self.metrics = metrics
    }

    /// The number of connections open (and not being closed to make room).
    var count: Int { slots.withLock { $0.count } }

    /// True when at least 7/8 of the limit is open: a request body arriving slowly is then closed to make room
    /// (``ServerLimits/slowBodyTimeout``, ``ServerLimits/minBodyRate``), since new connections soon wait in the backlog.
    var isNearLimit: Bool { open.load(ordering: .relaxed) >= limit - limit / 8 }

    /// A connection opened; at the limit, the connection idle longest is closed.
    func opened(_ channel: any Channel) -> ConnectionSlot {
        let id = ObjectIdentifier(channel)
        let (slot, victim): (ConnectionSlot, ConnectionSlot?) = slots.withLock { slots in
            if let slot = slots[id] { return (slot, nil) }
            let slot = ConnectionSlot(channel: channel)
            slots[id] = slot
            defer {
                open.store(slots.count, ordering: .relaxed)
                metrics.connections(open: slots.count, opened: true)
            }
            guard slots.count >= limit else { return (slot, nil) }
            // The oldest idle one is claimed with a compare-and-swap: if it has just started a request, look again.
            while true {
                var oldest: (slot: ConnectionSlot, since: Int64)?
                for other in slots.values where other !== slot {
                    if let since = other.idleSince, since < oldest?.since ?? .max { oldest = (other, since) }
                }
                guard let oldest else { break }
                if oldest.slot.claim(idleSince: oldest.since) {
                    slots[ObjectIdentifier(oldest.slot.channel)] = nil
                    return (slot, oldest.slot)
                }
            }
            return (slot, nil)
        }
        if let victim {
            metrics.closedEarly(.madeRoom)
            victim.channel.close(promise: nil)
        }
        return slot
    }

    func closed(_ channel: any Channel) {
        slots.withLock { slots in
            slots.removeValue(forKey: ObjectIdentifier(channel))
            open.store(slots.count, ordering: .relaxed)
            metrics.connections(open: slots.count, opened: false)
        }
    }
}

/// One open connection as the ``ConnectionTable`` sees it: busy with a request, or idle since some time.
final class ConnectionSlot: Sendable {
    let channel: any Channel
    /// ``busy`` while a request is read or answered, ``claimed`` once the table closes it, else the uptime in
    /// nanoseconds at which it became idle.
    private let state: Atomic<Int64>

    private static let busy: Int64 = 0
    private static let claimed: Int64 = -1

    init(channel: any Channel) {
        self.channel = channel
        state = Atomic(Self.now())
    }

    /// When it became idle, or nil while busy or claimed.
    var idleSince: Int64? {
        let value = state.load(ordering: .relaxed)
        return value > 0 ? value : nil
    }

    /// A request started. (Only the connection's own event loop marks it; the table only claims it.)
    func markBusy() { set(Self.busy) }

    /// Every request read has been answered.
    func markIdle() { set(Self.now()) }

    private func set(_ value: Int64) {
        let current = state.load(ordering: .relaxed)
        guard current != Self.claimed else { return }
        _ = state.compareExchange(expected: current, desired: value, ordering: .relaxed)
    }

    /// Takes the connection for closing if it is still idle since `since`.
    fileprivate func claim(idleSince since: Int64) -> Bool {
        state.compareExchange(expected: since, desired: Self.claimed, ordering: .relaxed).exchanged
    }

    private static func now() -> Int64 { max(1, Int64(clamping: NIODeadline.now().uptimeNanoseconds)) }
}
