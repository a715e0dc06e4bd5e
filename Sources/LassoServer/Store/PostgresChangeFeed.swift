import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// How every instance on one PostgreSQL database hears the others' writes: `LISTEN lasso_changes`.
extension PostgresDocumentStore {
    /// The notification channel every write to an app notifies on, with a ``StoreChange`` as its payload.
    static let changes = "lasso_changes"

    /// The listening connection's `application_name`, as `pg_stat_activity` shows it.
    public static let listenerName = "lasso changes"

    /// How often the listening connection is asked to answer: a connection that has silently gone (no reset, no
    /// notifications) stops the cache trusting itself within this and the store timeout.
    static let listenerCheck = Duration.seconds(1)

    /// Follows every instance's writes with `LISTEN lasso_changes` on a connection of its own: the cache is trusted
    /// from the moment the listening starts, told of each change (its floor raised, the app's answers dropped), and
    /// distrusted as soon as the connection fails, or does not answer `SELECT 1` (asked every ``listenerCheck``) within
    /// `timeout`; then it connects again, waiting 0.1 s, doubling to at most 5 s, and trusts anew (empty) once
    /// listening.
    public func followChanges(into cache: ConfigCache, timeout: Duration) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                var configuration = probeConfiguration
                configuration.options.additionalStartupParameters = [("application_name", Self.listenerName)]
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 1, logger: logger)
                do {
                    try await connection.listen(on: Self.changes) { notifications in
                        cache.trust()
                        pause = .milliseconds(100)
                        logger.debug("following the store's changes")
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for try await notification in notifications {
                                    guard let change = StoreChange(payload: notification.payload) else {
                                        // Not one of ours: trust nothing cached.
                                        cache.trust()
                                        continue
                                    }
                                    cache.invalidate(appKey: change.appKey, revision: change.revision)
                                }
                            }
                            group.addTask { [logger] in
                                while true {
                                    try await Task.sleep(for: Self.listenerCheck)
                                    try await StoreDeadline.run(timeout, "answer on the listening connection") {
                                        // Read to its end: an answer left unread holds up the connection's next query.
                                        for try await _ in try await connection.query("SELECT 1", logger: logger) {}
                                    }
                                }
                            }
                            // Whichever ends first (the connection gone, a check failed) ends the listening.
                            defer { group.cancelAll() }
                            try await group.next()
                        }
                    }
                } catch {
                    logger.warning(
                        "stopped following the store's changes; answers are checked against the store until it is back",
                        metadata: ["error": "\(Self.reason(error))"])
                }
                cache.distrust()
                try? await connection.close()
            } catch {
                cache.distrust()
                logger.warning(
                    "cannot follow the store's changes; answers are checked against the store until it can",
                    metadata: ["error": "\(Self.reason(error))"])
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
        cache.distrust()
    }
}

/// One write as its notification says it: the app written to and the revision it reached, `7:shop-ios` (a revision
/// never holds `:`, and an app key is at most 200 bytes, far under PostgreSQL's 8,000).
struct StoreChange: Equatable {
    var appKey: String
    var revision: Int64

    var payload: String { "\(revision):\(appKey)" }

    init(appKey: String, revision: Int64) {
        self.appKey = appKey
        self.revision = revision
    }

    init?(payload: String) {
        guard let colon = payload.firstIndex(of: ":"), let revision = Int64(payload[..<colon]) else { return nil }
        self.init(appKey: String(payload[payload.index(after: colon)...]), revision: revision)
    }
}
