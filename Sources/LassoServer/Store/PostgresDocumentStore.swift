import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The store for several server instances: PostgreSQL through postgres-nio; writes to one app are serialized by locking its row.
public final class PostgresDocumentStore: DocumentStore {
    let client: PostgresClient
    let logger: Logger
    let schemaReady = Mutex(false)
    /// Where a connection of its own goes, for the first check.
    let probeConfiguration: PostgresConnection.Configuration

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

    public func close() async throws {}

}
