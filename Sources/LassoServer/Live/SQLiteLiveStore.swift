import Foundation
import GRDB

/// Live pairings and the snapshot library in the SQLite file.
extension SQLiteDocumentStore: LiveStore {
    static func createLiveTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE live_pairings (id TEXT PRIMARY KEY NOT NULL, secret_hash TEXT NOT NULL UNIQUE,
                    sdk TEXT NOT NULL, project TEXT NOT NULL, app_key TEXT, created REAL NOT NULL, expires REAL NOT NULL,
                    ended INTEGER NOT NULL);
                CREATE TABLE live_screens (id INTEGER PRIMARY KEY AUTOINCREMENT, pairing TEXT NOT NULL, sdk TEXT NOT NULL,
                    app_key TEXT NOT NULL, version TEXT, screen TEXT NOT NULL, image_hash TEXT NOT NULL, time REAL NOT NULL,
                    bytes INTEGER NOT NULL, snapshot BLOB NOT NULL);
                CREATE INDEX live_screens_by_app ON live_screens (app_key, id);
                """)
    }

    public func addPairing(_ pairing: LivePairing) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO live_pairings (id, secret_hash, sdk, project, app_key, created, expires, ended)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    pairing.id, pairing.secretHash, pairing.sdk.rawValue, pairing.project, pairing.appKey,
                    pairing.created.timeIntervalSince1970, pairing.expires.timeIntervalSince1970, pairing.ended,
                ])
        }
    }

    public func pairing(secretHash: String) async throws -> LivePairing? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM live_pairings WHERE secret_hash = ?", arguments: [secretHash])
                .flatMap(Self.pairing(row:))
        }
    }

    public func pairing(id: String) async throws -> LivePairing? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM live_pairings WHERE id = ?", arguments: [id])
                .flatMap(Self.pairing(row:))
        }
    }

    public func endPairing(id: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "UPDATE live_pairings SET ended = 1 WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    public func setPairingApp(id: String, appKey: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE live_pairings SET app_key = ? WHERE id = ? AND app_key IS NULL", arguments: [appKey, id])
        }
    }

    public func keepScreen(_ screen: LiveScreen, snapshot: [UInt8]) async throws -> LiveScreen {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO live_screens (pairing, sdk, app_key, version, screen, image_hash, time, bytes, snapshot)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    screen.pairing, screen.sdk.rawValue, screen.appKey, screen.version, screen.screen,
                    screen.imageHash, screen.time.timeIntervalSince1970, snapshot.count, Data(snapshot),
                ])
            var kept = screen
            kept.id = db.lastInsertedRowID
            kept.bytes = snapshot.count
            return kept
        }
    }

    public func screens(appKey: String?, after: Int64?, limit: Int) async throws -> [LiveScreen] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, pairing, sdk, app_key, version, screen, image_hash, time, bytes FROM live_screens
                    WHERE (? IS NULL OR app_key = ?) AND id > ? ORDER BY id DESC LIMIT ?
                    """,
                arguments: [appKey, appKey, after ?? 0, limit]
            ).compactMap(Self.screen(row:))
        }
    }

    public func screenSnapshot(id: Int64) async throws -> (LiveScreen, [UInt8])? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM live_screens WHERE id = ?", arguments: [id]),
                let screen = Self.screen(row: row)
            else { return nil }
            let data: Data = row["snapshot"]
            return (screen, [UInt8](data))
        }
    }

    public func pruneLive(before: Date, maxBytes: Int) async throws -> Int {
        try await pool.write { db in
            let cutoff = before.timeIntervalSince1970
            try db.execute(sql: "DELETE FROM live_screens WHERE time < ?", arguments: [cutoff])
            var gone = db.changesCount
            // The newest screens are kept up to `maxBytes`; the rest, oldest first, go.
            try db.execute(
                sql: """
                    DELETE FROM live_screens WHERE id IN (
                        SELECT id FROM (SELECT id, SUM(bytes) OVER (ORDER BY id DESC) AS kept FROM live_screens)
                        WHERE kept > ?)
                    """, arguments: [maxBytes])
            gone += db.changesCount
            try db.execute(sql: "DELETE FROM live_pairings WHERE expires < ?", arguments: [cutoff])
            return gone
        }
    }

    private static func pairing(row: Row) -> LivePairing? {
        guard let sdk = LiveSDK(rawValue: row["sdk"]) else { return nil }
        return LivePairing(
            id: row["id"], sdk: sdk, project: row["project"], appKey: row["app_key"],
            created: Date(timeIntervalSince1970: row["created"]), expires: Date(timeIntervalSince1970: row["expires"]),
            ended: row["ended"], secretHash: row["secret_hash"])
    }

    private static func screen(row: Row) -> LiveScreen? {
        guard let sdk = LiveSDK(rawValue: row["sdk"]) else { return nil }
        return LiveScreen(
            id: row["id"], pairing: row["pairing"], sdk: sdk, appKey: row["app_key"], version: row["version"],
            screen: row["screen"], imageHash: row["image_hash"], time: Date(timeIntervalSince1970: row["time"]),
            bytes: row["bytes"])
    }
}
