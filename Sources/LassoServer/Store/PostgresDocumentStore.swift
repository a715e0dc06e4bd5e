import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The store for several server instances: PostgreSQL through postgres-nio; writes to one app are serialized by locking its row.
public final class PostgresDocumentStore: DocumentStore {
    private let client: PostgresClient
    private let logger: Logger
    private let schemaReady = Mutex(false)
    /// Where a connection of its own goes, for the first check.
    private let probeConfiguration: PostgresConnection.Configuration

    public var isShared: Bool { true }

    public var kind: String { "postgresql" }

    /// The connection pool as a service: it must run (in the server's service group, or a test's task) for queries to go through.
    public var service: any Service { PoolService(client: client) }

    /// Connects to `postgres://user:password@host:port/database` (`?host=/path` for a unix socket folder).
    public init(url: String, logger: Logger) throws(LassoError) {
        let configuration = try Self.configuration(url)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        probeConfiguration = Self.connectionConfiguration(configuration)
        self.logger = logger
    }

    /// Runs the connection pool until the task is cancelled.
    public func run() async { await client.run() }

    static func configuration(_ url: String) throws(LassoError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "")
        else {
            throw LassoError(
                .usage,
                "--database-url: expected postgres://user:password@host:port/database, found \"\(redacted(url))\"")
        }
        // A port past 65535 would be cut to 16 bits by the socket layer (99999 → 34463): refused instead.
        if let port = components.port, !(1...65_535).contains(port) {
            throw LassoError(
                .usage, "--database-url: expected a port from 1 to 65535, found \(port) in \"\(redacted(url))\"")
        }
        let user = components.user ?? "postgres"
        let password = components.password
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        let socketFolder = components.queryItems?.first { $0.name == "host" }?.value
        if let socketFolder, socketFolder.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password,
                database: database.isEmpty ? nil : database)
        }
        guard let host = components.host, !host.isEmpty else {
            throw LassoError(
                .usage, "--database-url: expected a host (postgres://user@host/db), found none in \"\(redacted(url))\"")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password,
            database: database.isEmpty ? nil : database, tls: .disable)
    }

    /// The URL with its password replaced by `***`, for messages and logs.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    private func prepare() async throws {
        if schemaReady.withLock({ $0 }) { return }
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7305861)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS lasso_apps (app_key TEXT PRIMARY KEY, revision BIGINT NOT NULL)
                """, logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS lasso_configs (app_key TEXT NOT NULL, id TEXT NOT NULL, text TEXT NOT NULL,
                    versions TEXT NOT NULL, revision BIGINT NOT NULL, PRIMARY KEY (app_key, id))
                """, logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS lasso_reports (seq BIGSERIAL PRIMARY KEY, app_key TEXT NOT NULL, config_id TEXT NOT NULL,
                    app_version TEXT NOT NULL, key_path TEXT NOT NULL, count BIGINT NOT NULL, received_at DOUBLE PRECISION NOT NULL)
                """, logger: logger)
            try await connection.query(
                "CREATE INDEX IF NOT EXISTS lasso_reports_by_app ON lasso_reports (app_key)", logger: logger)
            try await connection.query(
                "CREATE INDEX IF NOT EXISTS lasso_configs_by_id ON lasso_configs (id)", logger: logger)
            // Every other kind of document: a table like `lasso_configs`.
            for kind in DocumentKind.allCases where kind != .config {
                let table = kind.postgresTable
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS \(unescaped: table) (app_key TEXT NOT NULL, id TEXT NOT NULL,
                        text TEXT NOT NULL, versions TEXT NOT NULL, revision BIGINT NOT NULL, PRIMARY KEY (app_key, id))
                    """, logger: logger)
                try await connection.query(
                    "CREATE INDEX IF NOT EXISTS \(unescaped: table)_by_id ON \(unescaped: table) (id)", logger: logger)
            }
        }
        schemaReady.withLock { $0 = true }
    }

    /// Until the store has answered once, a connection of its own says at once why the server cannot be reached (the
    /// pool would retry in silence); afterwards a `SELECT 1` through the pool.
    public func check() async throws {
        if schemaReady.withLock({ $0 }) {
            try await client.query("SELECT 1", logger: logger)
            return
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: probeConfiguration, id: 0, logger: logger)
        } catch {
            throw StoreUnavailable("cannot connect: \(Self.reason(error))")
        }
        do { try await connection.query("SELECT 1", logger: logger) } catch {
            try? await connection.close()
            throw StoreUnavailable("connected, but SELECT 1 failed: \(Self.reason(error))")
        }
        try? await connection.close()
        try await prepare()
    }

    /// What went wrong, with PostgresNIO's details (its plain description hides them).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// The settings of the pool's connections, for one connection of its own.
    static func connectionConfiguration(_ pool: PostgresClient.Configuration) -> PostgresConnection.Configuration {
        if let path = pool.unixSocketPath {
            return PostgresConnection.Configuration(
                unixSocketPath: path, username: pool.username, password: pool.password, database: pool.database)
        }
        return PostgresConnection.Configuration(
            host: pool.host ?? "localhost", port: pool.port ?? 5432, username: pool.username, password: pool.password,
            database: pool.database, tls: .disable)
    }

    public func state(_ kind: DocumentKind, appKey: String) async throws -> StoredApp {
        try await prepare()
        let table = kind.postgresTable
        return try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
            var revision: Int64 = 0
            for try await value in try await connection.query(
                "SELECT revision FROM lasso_apps WHERE app_key = \(appKey)", logger: logger
            )
            .decode(Int64.self) { revision = value }
            var configs: [StoredDocument] = []
            let rows = try await connection.query(
                "SELECT id, text, versions, revision FROM \(unescaped: table) WHERE app_key = \(appKey) ORDER BY id",
                logger: logger)
            for try await (id, text, versions, configRevision) in rows.decode((String, String, String, Int64).self) {
                configs.append(
                    StoredDocument(
                        appKey: appKey, id: id, text: text, revision: configRevision,
                        versions: StoredDocument.versions(ofColumn: versions)))
            }
            return StoredApp(revision: revision, documents: configs)
        }
    }

    public func unreadableDocuments() async throws -> [UnreadableDocument] {
        try await prepare()
        var found: [UnreadableDocument] = []
        for kind in DocumentKind.allCases {
            let rows = try await client.query(
                "SELECT app_key, id, text FROM \(unescaped: kind.postgresTable) ORDER BY app_key, id", logger: logger)
            for try await (appKey, id, text) in rows.decode((String, String, String).self) {
                if let problem = UnreadableDocument.problem(with: text, kind: kind, appKey: appKey, id: id) {
                    found.append(UnreadableDocument(kind: kind, appKey: appKey, id: id, problem: problem))
                }
            }
        }
        return found
    }

    public func appRevision(appKey: String) async throws -> Int64 {
        try await prepare()
        var revision: Int64 = 0
        for try await value in try await client.query(
            "SELECT revision FROM lasso_apps WHERE app_key = \(appKey)", logger: logger
        )
        .decode(Int64.self) { revision = value }
        return revision
    }

    /// Locks the app's row (creating it at revision 0), so writes to one app happen one after another.
    private func lockApp(_ appKey: String, _ connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO lasso_apps (app_key, revision) VALUES (\(appKey), 0)
            ON CONFLICT (app_key) DO UPDATE SET revision = lasso_apps.revision
            """, logger: logger)
    }

    /// Raises the app's revision and, when the transaction commits, tells every listening instance (``changes``).
    private func bumpApp(_ appKey: String, _ connection: PostgresConnection) async throws -> Int64 {
        var revision: Int64 = 0
        for try await value in try await connection.query(
            "UPDATE lasso_apps SET revision = revision + 1 WHERE app_key = \(appKey) RETURNING revision", logger: logger
        )
        .decode(Int64.self) { revision = value }
        let change = StoreChange(appKey: appKey, revision: revision).payload
        try await connection.query("SELECT pg_notify(\(Self.changes), \(change))", logger: logger)
        return revision
    }

    public func put(_ kind: DocumentKind, appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        try await prepare()
        let table = kind.postgresTable
        let versions = StoredDocument.versionsColumn(ofText: text)
        return try await client.withTransaction(logger: logger) { connection in
            try await lockApp(appKey, connection)
            // Puts of one id, whatever their app, one after another: two apps cannot both create it.
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(id)))", logger: logger)
            var stored: (text: String, revision: Int64)?
            for try await (storedText, revision) in try await connection.query(
                "SELECT text, revision FROM \(unescaped: table) WHERE app_key = \(appKey) AND id = \(id)",
                logger: logger
            )
            .decode((String, Int64).self) { stored = (storedText, revision) }
            var otherApp: String?
            if stored == nil {
                for try await other in try await connection.query(
                    "SELECT app_key FROM \(unescaped: table) WHERE id = \(id) AND app_key <> \(appKey) LIMIT 1",
                    logger: logger
                ).decode(String.self) { otherApp = other }
            }
            if let refusal = WriteRules.refusal(stored: stored, text: text, ifMatch: ifMatch, otherApp: otherApp) {
                return refusal
            }
            let appRevision = try await bumpApp(appKey, connection)
            if let stored {
                let revision = stored.revision + 1
                try await connection.query(
                    """
                    UPDATE \(unescaped: table) SET text = \(text), versions = \(versions), revision = \(revision)
                    WHERE app_key = \(appKey) AND id = \(id)
                    """, logger: logger)
                return .updated(revision: revision, appRevision: appRevision)
            }
            try await connection.query(
                """
                INSERT INTO \(unescaped: table) (app_key, id, text, versions, revision) VALUES (\(appKey), \(id), \(text), \(versions), 1)
                """, logger: logger)
            return .created(revision: 1, appRevision: appRevision)
        }
    }

    public func delete(_ kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        try await prepare()
        let table = kind.postgresTable
        return try await client.withTransaction(logger: logger) { connection in
            try await lockApp(appKey, connection)
            var stored: Int64?
            for try await revision in try await connection.query(
                "SELECT revision FROM \(unescaped: table) WHERE app_key = \(appKey) AND id = \(id)",
                logger: logger
            ).decode(Int64.self) {
                stored = revision
            }
            if let refusal = WriteRules.deleteRefusal(stored: stored, ifMatch: ifMatch) { return refusal }
            try await connection.query(
                "DELETE FROM \(unescaped: table) WHERE app_key = \(appKey) AND id = \(id)", logger: logger)
            return .deleted(appRevision: try await bumpApp(appKey, connection))
        }
    }

    public func addReport(_ report: FailureReport) async throws {
        try await prepare()
        try await client.query(
            """
            INSERT INTO lasso_reports (app_key, config_id, app_version, key_path, count, received_at)
            VALUES (\(report.appKey), \(report.configId), \(report.appVersion), \(report.keyPath), \(report.count), \(report.receivedAt))
            """, logger: logger)
    }

    public func reports(appKey: String) async throws -> [ReportSummary] {
        try await prepare()
        var summaries: [ReportSummary] = []
        let rows = try await client.query(
            """
            SELECT config_id, app_version, key_path, SUM(count)::BIGINT AS total, COUNT(*)::BIGINT AS n, MAX(received_at) AS last
            FROM lasso_reports WHERE app_key = \(appKey) GROUP BY config_id, app_version, key_path
            ORDER BY total DESC, config_id, app_version, key_path
            """, logger: logger)
        for try await (configId, appVersion, keyPath, total, count, last) in rows.decode(
            (String, String, String, Int64, Int64, Double).self)
        {
            summaries.append(
                ReportSummary(
                    configId: configId, appVersion: appVersion, keyPath: keyPath, count: total, reports: count,
                    lastReceivedAt: last))
        }
        return summaries
    }

    public func close() async throws {}

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

/// Runs a PostgreSQL connection pool inside a service group, ending it when the group shuts down.
struct PoolService: Service {
    let client: PostgresClient

    func run() async throws {
        await cancelWhenGracefulShutdown { await client.run() }
    }
}
