import Foundation
import GRDB
import LassoDocuments

/// The default store: one SQLite file in WAL mode with full sync, every write one transaction (GRDB's `DatabasePool`).
public final class SQLiteDocumentStore: DocumentStore {
    let pool: DatabasePool

    public var isShared: Bool { false }

    public var kind: String { "sqlite" }

    public func check() async throws {
        try await pool.read { db in try db.execute(sql: "SELECT 1") }
    }

    /// Opens or creates the database file at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE apps (app_key TEXT PRIMARY KEY NOT NULL, revision INTEGER NOT NULL);
                    CREATE TABLE configs (app_key TEXT NOT NULL, id TEXT NOT NULL, text TEXT NOT NULL, versions TEXT NOT NULL,
                                          revision INTEGER NOT NULL, PRIMARY KEY (app_key, id));
                    CREATE TABLE reports (seq INTEGER PRIMARY KEY AUTOINCREMENT, app_key TEXT NOT NULL, config_id TEXT NOT NULL,
                                          app_version TEXT NOT NULL, key_path TEXT NOT NULL, count INTEGER NOT NULL,
                                          received_at REAL NOT NULL);
                    CREATE INDEX reports_by_app ON reports (app_key);
                    """)
        }
        // Ids are unique across apps: a put looks the id up in every app.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE INDEX configs_by_id ON configs (id)")
        }
        // Live pairings and the snapshot library (``LiveStore``).
        migrator.registerMigration("live-v1") { db in try Self.createLiveTables(db) }
        try migrator.migrate(pool)
        // Every other kind of document: a table like `configs`, made when first needed.
        try pool.write { db in
            for kind in DocumentKind.allCases where kind != .config {
                try db.execute(
                    sql: """
                        CREATE TABLE IF NOT EXISTS \(kind.sqliteTable) (app_key TEXT NOT NULL, id TEXT NOT NULL,
                            text TEXT NOT NULL, versions TEXT NOT NULL, revision INTEGER NOT NULL, PRIMARY KEY (app_key, id));
                        CREATE INDEX IF NOT EXISTS \(kind.sqliteTable)_by_id ON \(kind.sqliteTable) (id);
                        """)
            }
        }
    }

    public func state(_ kind: DocumentKind, appKey: String) async throws -> StoredApp {
        let table = kind.sqliteTable
        return try await pool.read { db in
            let revision =
                try Int64.fetchOne(db, sql: "SELECT revision FROM apps WHERE app_key = ?", arguments: [appKey]) ?? 0
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, text, versions, revision FROM \(table) WHERE app_key = ? ORDER BY id",
                arguments: [appKey])
            return StoredApp(
                revision: revision,
                documents: rows.map { row in
                    StoredDocument(
                        appKey: appKey, id: row["id"], text: row["text"], revision: row["revision"],
                        versions: StoredDocument.versions(ofColumn: row["versions"]))
                })
        }
    }

    public func unreadableDocuments() async throws -> [UnreadableDocument] {
        try await pool.read { db in
            var found: [UnreadableDocument] = []
            for kind in DocumentKind.allCases {
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT app_key, id, text FROM \(kind.sqliteTable) ORDER BY app_key, id")
                while let row = try rows.next() {
                    let (appKey, id, text): (String, String, String) = (row["app_key"], row["id"], row["text"])
                    if let problem = UnreadableDocument.problem(with: text, kind: kind, appKey: appKey, id: id) {
                        found.append(UnreadableDocument(kind: kind, appKey: appKey, id: id, problem: problem))
                    }
                }
            }
            return found
        }
    }

    public func appRevision(appKey: String) async throws -> Int64 {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT revision FROM apps WHERE app_key = ?", arguments: [appKey]) ?? 0
        }
    }

    public func put(_ kind: DocumentKind, appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        let table = kind.sqliteTable
        let versions = StoredDocument.versionsColumn(ofText: text)
        return try await pool.write { db in
            let current = try Row.fetchOne(
                db, sql: "SELECT text, revision FROM \(table) WHERE app_key = ? AND id = ?",
                arguments: [appKey, id])
            let stored: (text: String, revision: Int64)? = current.map { ($0["text"], $0["revision"]) }
            let otherApp =
                stored != nil
                ? nil
                : try String.fetchOne(
                    db, sql: "SELECT app_key FROM \(table) WHERE id = ? AND app_key <> ? LIMIT 1",
                    arguments: [id, appKey])
            if let refusal = WriteRules.refusal(stored: stored, text: text, ifMatch: ifMatch, otherApp: otherApp) {
                return refusal
            }
            let appRevision =
                try Int64.fetchOne(
                    db,
                    sql: """
                        INSERT INTO apps (app_key, revision) VALUES (?, 1)
                        ON CONFLICT (app_key) DO UPDATE SET revision = revision + 1 RETURNING revision
                        """, arguments: [appKey]) ?? 0
            if let stored {
                try db.execute(
                    sql: "UPDATE \(table) SET text = ?, versions = ?, revision = ? WHERE app_key = ? AND id = ?",
                    arguments: [text, versions, stored.revision + 1, appKey, id])
                return .updated(revision: stored.revision + 1, appRevision: appRevision)
            }
            try db.execute(
                sql: "INSERT INTO \(table) (app_key, id, text, versions, revision) VALUES (?, ?, ?, ?, 1)",
                arguments: [appKey, id, text, versions])
            return .created(revision: 1, appRevision: appRevision)
        }
    }

    public func delete(_ kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        let table = kind.sqliteTable
        return try await pool.write { db in
            let revision = try Int64.fetchOne(
                db, sql: "SELECT revision FROM \(table) WHERE app_key = ? AND id = ?",
                arguments: [appKey, id])
            if let refusal = WriteRules.deleteRefusal(stored: revision, ifMatch: ifMatch) { return refusal }
            try db.execute(sql: "DELETE FROM \(table) WHERE app_key = ? AND id = ?", arguments: [appKey, id])
            let appRevision =
                try Int64.fetchOne(
                    db, sql: "UPDATE apps SET revision = revision + 1 WHERE app_key = ? RETURNING revision",
                    arguments: [appKey]) ?? 0
            return .deleted(appRevision: appRevision)
        }
    }

    public func addReport(_ report: FailureReport) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reports (app_key, config_id, app_version, key_path, count, received_at) VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    report.appKey, report.configId, report.appVersion, report.keyPath, report.count,
                    report.receivedAt,
                ])
        }
    }

    public func reports(appKey: String) async throws -> [ReportSummary] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT config_id, app_version, key_path, SUM(count) AS total, COUNT(*) AS n, MAX(received_at) AS last
                    FROM reports WHERE app_key = ? GROUP BY config_id, app_version, key_path
                    ORDER BY total DESC, config_id, app_version, key_path
                    """, arguments: [appKey]
            ).map { row in
                ReportSummary(
                    configId: row["config_id"], appVersion: row["app_version"], keyPath: row["key_path"],
                    count: row["total"], reports: row["n"], lastReceivedAt: row["last"])
            }
        }
    }

    public func close() async throws {
        try pool.close()
    }
}
