import NIOCore
import Synchronization

/// The serialized answers of `GET …/configs?version=`, kept per app and version until the app changes.
///
/// A write raises the app's floor revision first, so an answer computed from older data is never stored.
public final class ConfigCache: Sendable {
    /// One cached answer: the body and its ETag.
    public struct Entry: Sendable {
        public var body: ByteBuffer
        public var etag: String
    }

    private struct AppEntries {
        var revision: Int64
        var bodies: [String: Entry]
    }

    private struct State {
        var apps: [String: AppEntries] = [:]
        var floor: [String: Int64] = [:]
        var entryCount = 0
    }

    private let state = Mutex(State())
    private let maxEntries: Int

    public init(maxEntries: Int = 10_000) { self.maxEntries = maxEntries }

    /// The cached answer for the app at `revision` (any revision when nil) and version.
    public func lookup(appKey: String, version: String, revision: Int64? = nil) -> (revision: Int64, entry: Entry)? {
        state.withLock { state in
            guard let app = state.apps[appKey], revision == nil || app.revision == revision,
                let entry = app.bodies[version]
            else { return nil }
            return (app.revision, entry)
        }
    }

    /// Keeps an answer computed from the app's data at `revision`, unless a newer write has been seen.
    public func store(appKey: String, version: String, revision: Int64, entry: Entry) {
        state.withLock { state in
            guard revision >= state.floor[appKey, default: 0] else { return }
            if state.entryCount >= maxEntries {
                state.apps.removeAll()
                state.entryCount = 0
            }
            var app = state.apps[appKey] ?? AppEntries(revision: revision, bodies: [:])
            if app.revision != revision {
                guard revision > app.revision else { return }
                state.entryCount -= app.bodies.count
                app = AppEntries(revision: revision, bodies: [:])
            }
            if app.bodies.updateValue(entry, forKey: version) == nil { state.entryCount += 1 }
            state.apps[appKey] = app
        }
    }

    /// Forgets the app's answers after a write that made `revision`.
    public func invalidate(appKey: String, revision: Int64) {
        state.withLock { state in
            state.floor[appKey] = max(state.floor[appKey, default: 0], revision)
            if let app = state.apps.removeValue(forKey: appKey) { state.entryCount -= app.bodies.count }
        }
    }
}
