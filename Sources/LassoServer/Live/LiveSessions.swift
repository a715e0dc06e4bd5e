import Foundation
import LassoDocuments
import ServiceLifecycle

/// What the server knows of the phones streaming now, in memory: each pairing's last screen, the configs the UI sent
/// it, the events it echoed; and a signal that wakes the admin routes waiting for a new screen or echo.
public actor LiveSessions {
    /// One pairing's session.
    struct Session {
        var lastImageHash: String?
        var lastPost: Date?
        /// The configs sent from the UI for this phone, by id.
        var configs: [String: KVCConfig] = [:]
    }

    private var sessions: [String: Session] = [:]
    private var echoes: [LiveEcho] = []
    private var nextEcho = 1
    /// Rises with every screen kept and every echo.
    public private(set) var generation = 0
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    /// The echoes kept for the UI to read: the newest this many.
    static let echoLimit = 1_000

    public init() {}

    /// Whether the screen of `hash` is new for the pairing (and remembers it as the last); a post is a sign of life.
    func isNewScreen(pairing: String, hash: String, at time: Date) -> Bool {
        var session = sessions[pairing] ?? Session()
        session.lastPost = time
        defer { sessions[pairing] = session }
        guard session.lastImageHash != hash else { return false }
        session.lastImageHash = hash
        return true
    }

    /// Forgets the last screen's hash when keeping it failed, so that the next post tries again.
    func forgetScreen(pairing: String) { sessions[pairing]?.lastImageHash = nil }

    func posted(pairing: String, at time: Date) { sessions[pairing, default: Session()].lastPost = time }

    /// Keeps a config to send to the phone of `pairing` (replacing one of the same id).
    func send(_ config: KVCConfig, to pairing: String) {
        sessions[pairing, default: Session()].configs[config.id] = config
    }

    /// The configs the UI sent the pairing's phone.
    func configs(of pairing: String) -> [KVCConfig] {
        (sessions[pairing]?.configs.values).map { $0.sorted { $0.id < $1.id } } ?? []
    }

    func add(echoes new: [(event: String, fields: LiveEchoFields)], pairing: String, at time: Date) {
        for item in new {
            echoes.append(
                LiveEcho(
                    seq: nextEcho, pairing: pairing, time: time, event: item.event, content: item.fields.content,
                    path: item.fields.path, position: item.fields.position, screen: item.fields.screen,
                    properties: item.fields.properties))
            nextEcho += 1
        }
        if echoes.count > Self.echoLimit { echoes.removeFirst(echoes.count - Self.echoLimit) }
        if !new.isEmpty { changed() }
    }

    /// The echoes after `after`, of one pairing or of all.
    func echoes(after: Int, pairing: String?) -> [LiveEcho] {
        echoes.filter { $0.seq > after && (pairing == nil || $0.pairing == pairing) }
    }

    private var lastPrune: Date?

    /// True at most once a minute: whether the library is due a prune.
    func shouldPrune(at time: Date) -> Bool {
        if let lastPrune, time.timeIntervalSince(lastPrune) < 60 { return false }
        lastPrune = time
        return true
    }

    /// Forgets a pairing's session (it was ended).
    func end(_ pairing: String) { sessions[pairing] = nil }

    /// Wakes every route waiting for a change.
    func changed() {
        generation += 1
        let woken = waiters.values
        waiters = [:]
        for waiter in woken { waiter.resume() }
    }

    /// Set when the server stops: no request waits any more.
    private var stopping = false

    /// Wakes every waiting request and lets none wait again: the server is stopping, and a graceful stop waits for
    /// the requests in flight.
    func stop() {
        stopping = true
        changed()
    }

    /// Returns when the generation passes `seen`, or after `timeout`, or when the server stops; false when it stops
    /// (the request answers with what it has).
    @discardableResult
    func waitForChange(after seen: Int, timeout: Duration) async -> Bool {
        guard !stopping else { return false }
        guard generation <= seen else { return true }
        let id = UUID()
        // A graceful stop waits for the requests in flight: it ends the wait at once (the server's services are told
        // to stop only after its connections are done, so the request itself hears of it).
        await withGracefulShutdownHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = continuation
                Task {
                    try? await Task.sleep(for: timeout)
                    self.wake(id)
                }
            }
        } onGracefulShutdown: {
            Task { await self.stop() }
        }
        return !stopping
    }

    private func wake(_ id: UUID) { waiters.removeValue(forKey: id)?.resume() }
}

/// The parts of an echoed event the UI shows.
struct LiveEchoFields: Sendable {
    var content: String?
    var path: String?
    var position: String?
    var screen: String?
    var properties: [String: String]
}
