import Synchronization

/// The built answers of `GET …/configs?version=` (``ConfigAnswer``), kept per app and version until the app changes.
///
/// A write raises the app's floor revision first, so an answer computed from older data is never stored. Answers are
/// found by the app key and version as they appear in the request (substrings of it), so finding one allocates
/// nothing.
///
/// With a store only this server writes, the cache always knows of every change. With a shared store (PostgreSQL,
/// several instances) it knows of other instances' writes only while it follows the store's change notifications
/// (``trust()``); until then, and whenever they stop, ``trustedAnswer(appKey:version:)`` gives nothing and every
/// answer is checked against the app's revision in the store.
public final class ConfigCache: Sendable {
    private struct AppAnswers {
        var revision: Int64
        var answers: [Substring: ConfigAnswer]
    }

    private struct State {
        var apps: [Substring: AppAnswers] = [:]
        var floor: [String: Int64] = [:]
        var count = 0
        var trusted: Bool
        /// Goes up each time the cache starts trusting anew, so that an answer computed before is not stored after.
        var generation: UInt64 = 0
    }

    private let state: Mutex<State>
    private let maxEntries: Int

    /// `trusted`: whether the cache hears of every write to the store from the start (false for a shared store, until
    /// ``trust()``).
    public init(maxEntries: Int = 10_000, trusted: Bool = true) {
        self.maxEntries = maxEntries
        state = Mutex(State(trusted: trusted))
    }

    /// True while the cache hears of every write, so its answers need no check against the store.
    public var isTrusted: Bool { state.withLock { $0.trusted } }

    /// The answer for the app and version that may be given without asking the store, or nil.
    public func trustedAnswer(appKey: Substring, version: Substring) -> ConfigAnswer? {
        state.withLock { state in
            guard state.trusted else { return nil }
            return state.apps[appKey]?.answers[version]
        }
    }

    /// The answer for the app at `revision` (as the store says it is now) and version, or nil.
    public func answer(appKey: Substring, version: Substring, revision: Int64) -> ConfigAnswer? {
        state.withLock { state in
            guard let app = state.apps[appKey], app.revision == revision else { return nil }
            return app.answers[version]
        }
    }

    /// What an answer is computed under: take it before reading the store, give it to ``store(appKey:version:revision:answer:ticket:)``.
    public struct Ticket: Sendable {
        fileprivate let generation: UInt64
    }

    public func ticket() -> Ticket { Ticket(generation: state.withLock { $0.generation }) }

    /// Keeps an answer computed from the app's data at `revision`, unless a newer write has been seen or the cache has
    /// started trusting anew since `ticket` was taken.
    public func store(appKey: String, version: String, revision: Int64, answer: ConfigAnswer, ticket: Ticket) {
        state.withLock { state in
            guard ticket.generation == state.generation, revision >= state.floor[appKey, default: 0] else { return }
            if state.count >= maxEntries {
                state.apps.removeAll()
                state.count = 0
            }
            var app = state.apps[appKey[...]] ?? AppAnswers(revision: revision, answers: [:])
            if app.revision != revision {
                guard revision > app.revision else { return }
                state.count -= app.answers.count
                app = AppAnswers(revision: revision, answers: [:])
            }
            if app.answers.updateValue(answer, forKey: version[...]) == nil { state.count += 1 }
            state.apps[appKey[...]] = app
        }
    }

    /// Forgets the app's answers after a write that made `revision`; answers already computed at that revision or a
    /// later one include the write and stay (a notification can arrive after a GET has read the new data).
    public func invalidate(appKey: String, revision: Int64) {
        state.withLock { state in
            state.floor[appKey] = max(state.floor[appKey, default: 0], revision)
            guard let app = state.apps[appKey[...]], app.revision < revision else { return }
            state.apps.removeValue(forKey: appKey[...])
            state.count -= app.answers.count
        }
    }

    /// The cache hears of every write from now on (a shared store's notifications are coming): what it holds may have
    /// missed some, so it starts empty.
    public func trust() {
        state.withLock { state in
            state.generation += 1
            state.apps.removeAll()
            state.count = 0
            state.trusted = true
        }
    }

    /// The cache may miss writes from now on (the notifications stopped): each answer is checked against the store.
    public func distrust() {
        state.withLock { $0.trusted = false }
    }
}
