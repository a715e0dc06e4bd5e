import Foundation
import LassoDocuments
import LassoSnapshot
import Synchronization

/// What the server already knows of its store, kept as requests go, so that `GET /health` answers from it in constant
/// time without reading the store: the time and outcome of the last store round trip, the last write, and the stored
/// documents that do not read (found at start and by `GET /health/full`, dropped as writes replace or remove them).
public final class HealthRecord: Sendable {
    /// The last round trip to the store: when it ended, and what kept it from answering (nil: it answered).
    struct RoundTrip: Sendable {
        var at: Date
        var error: String?
    }

    /// The last write this server made: when, to which app, and the app's revision it made.
    struct Write: Sendable {
        var at: Date
        var appKey: String
        var revision: Int64
    }

    private struct State {
        var lastRoundTrip: RoundTrip?
        var lastWrite: Write?
        var unreadable: [UnreadableDocument] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// A store call ended at `at`, answered (`error` nil) or not.
    func roundTrip(at: Date = Date(), error: String?) {
        state.withLock { state in
            // Calls end out of order: the one that ended last is the news.
            if let last = state.lastRoundTrip, last.at > at { return }
            state.lastRoundTrip = RoundTrip(at: at, error: error)
        }
    }

    /// The last store round trip, or nil when none has ended yet.
    var lastRoundTrip: RoundTrip? { state.withLock { $0.lastRoundTrip } }

    /// A write of the document `kind`/`appKey`/`id` made the app's revision `revision`: the document now reads, or
    /// is gone, so it is no longer unreadable.
    func wrote(_ kind: DocumentKind, appKey: String, id: String, revision: Int64) {
        let write = Write(at: Date(), appKey: appKey, revision: revision)
        state.withLock { state in
            state.lastWrite = write
            state.unreadable.removeAll { $0.kind == kind && $0.appKey == appKey && $0.id == id }
        }
    }

    /// A scan of the whole store found `documents` unreadable: they replace what was known.
    func scanned(_ documents: [UnreadableDocument]) {
        state.withLock { $0.unreadable = documents }
    }

    /// The `/health` answer as the server knows it now: its status, and the JSON object it says it with.
    ///
    /// `ok`, or `degraded` when stored documents do not read (the first 20 named, and their count); `unavailable`
    /// when the last store round trip failed, with its error. Before any round trip, nothing is said of the store but
    /// its kind.
    func answer(store kind: String) -> (available: Bool, body: JSONObject) {
        let (roundTrip, write, unreadable, count) = state.withLock { state in
            (state.lastRoundTrip, state.lastWrite, state.unreadable.prefix(20), state.unreadable.count)
        }
        var object = JSONObject(["status": .string("ok"), "store": .string(kind)])
        if let error = roundTrip?.error {
            object["status"] = .string("unavailable")
            object["error"] = .string(error)
        } else if count > 0 {
            // The server answers, but the SDKs are not sent these: said here, for whoever watches the health.
            object["status"] = .string("degraded")
        }
        if count > 0 {
            object["unreadableDocuments"] = .array(
                unreadable.map { item in
                    .object(
                        JSONObject([
                            "kind": .string(item.kind.rawValue), "appKey": .string(item.appKey),
                            "id": .string(item.id), "problem": .string(item.problem),
                        ]))
                })
            object["unreadableCount"] = .number(String(count))
        }
        if let roundTrip {
            object["lastStoreCall"] = .object(
                JSONObject(["at": .string(Self.time(roundTrip.at)), "answered": .bool(roundTrip.error == nil)]))
        }
        if let write {
            object["lastWrite"] = .object(
                JSONObject([
                    "at": .string(Self.time(write.at)), "appKey": .string(write.appKey),
                    "revision": .number(String(write.revision)),
                ]))
        }
        return (roundTrip?.error == nil, object)
    }

    /// A time as `/health` says it: ISO 8601 in UTC, with milliseconds.
    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
