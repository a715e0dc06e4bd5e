import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The PostgreSQL store's tables, made once before the first query.
extension PostgresDocumentStore {
    /// Creates the tables if they are missing, once per process, under an advisory lock (instances start together).
    func prepare() async throws {
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
            try await Self.createLiveTables(connection, logger: logger)
        }
        schemaReady.withLock { $0 = true }
    }
}
