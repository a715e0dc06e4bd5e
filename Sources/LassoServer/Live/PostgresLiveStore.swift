import Foundation
import Logging
import PostgresNIO

/// Live pairings and the snapshot library in PostgreSQL.
extension PostgresDocumentStore: LiveStore {
    static func createLiveTables(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS lasso_live_pairings (id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL UNIQUE,
                sdk TEXT NOT NULL, project TEXT NOT NULL, app_key TEXT, created DOUBLE PRECISION NOT NULL,
                expires DOUBLE PRECISION NOT NULL, ended BOOLEAN NOT NULL)
            """, logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS lasso_live_screens (id BIGSERIAL PRIMARY KEY, pairing TEXT NOT NULL,
                sdk TEXT NOT NULL, app_key TEXT NOT NULL, version TEXT, screen TEXT NOT NULL, image_hash TEXT NOT NULL,
                time DOUBLE PRECISION NOT NULL, bytes BIGINT NOT NULL, snapshot BYTEA NOT NULL)
            """, logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS lasso_live_screens_by_app ON lasso_live_screens (app_key, id)", logger: logger)
    }

    private typealias PairingRow = (String, String, String, String, String?, Double, Double, Bool)
    private static let pairingColumns = "id, secret_hash, sdk, project, app_key, created, expires, ended"
    private typealias ScreenRow = (Int64, String, String, String, String?, String, String, Double, Int64)
    private static let screenColumns = "id, pairing, sdk, app_key, version, screen, image_hash, time, bytes"

    public func addPairing(_ pairing: LivePairing) async throws {
        try await prepare()
        try await client.query(
            """
            INSERT INTO lasso_live_pairings (id, secret_hash, sdk, project, app_key, created, expires, ended)
            VALUES (\(pairing.id), \(pairing.secretHash), \(pairing.sdk.rawValue), \(pairing.project), \(pairing.appKey),
                \(pairing.created.timeIntervalSince1970), \(pairing.expires.timeIntervalSince1970), \(pairing.ended))
            """, logger: logger)
    }

    public func pairing(secretHash: String) async throws -> LivePairing? {
        try await prepare()
        let rows = try await client.query(
            "SELECT \(unescaped: Self.pairingColumns) FROM lasso_live_pairings WHERE secret_hash = \(secretHash)",
            logger: logger)
        for try await row in rows.decode(PairingRow.self) { return Self.pairing(row) }
        return nil
    }

    public func pairing(id: String) async throws -> LivePairing? {
        try await prepare()
        let rows = try await client.query(
            "SELECT \(unescaped: Self.pairingColumns) FROM lasso_live_pairings WHERE id = \(id)", logger: logger)
        for try await row in rows.decode(PairingRow.self) { return Self.pairing(row) }
        return nil
    }

    public func endPairing(id: String) async throws -> Bool {
        try await prepare()
        let rows = try await client.query(
            "UPDATE lasso_live_pairings SET ended = TRUE WHERE id = \(id) RETURNING id", logger: logger)
        for try await _ in rows.decode(String.self) { return true }
        return false
    }

    public func setPairingApp(id: String, appKey: String) async throws {
        try await prepare()
        try await client.query(
            "UPDATE lasso_live_pairings SET app_key = \(appKey) WHERE id = \(id) AND app_key IS NULL", logger: logger)
    }

    public func keepScreen(_ screen: LiveScreen, snapshot: [UInt8]) async throws -> LiveScreen {
        try await prepare()
        let bytes = ByteBuffer(bytes: snapshot)
        let rows = try await client.query(
            """
            INSERT INTO lasso_live_screens (pairing, sdk, app_key, version, screen, image_hash, time, bytes, snapshot)
            VALUES (\(screen.pairing), \(screen.sdk.rawValue), \(screen.appKey), \(screen.version), \(screen.screen),
                \(screen.imageHash), \(screen.time.timeIntervalSince1970), \(Int64(snapshot.count)), \(bytes))
            RETURNING id
            """, logger: logger)
        var kept = screen
        for try await id in rows.decode(Int64.self) { kept.id = id }
        kept.bytes = snapshot.count
        return kept
    }

    public func screens(appKey: String?, after: Int64?, limit: Int) async throws -> [LiveScreen] {
        try await prepare()
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.screenColumns) FROM lasso_live_screens
            WHERE (\(appKey)::TEXT IS NULL OR app_key = \(appKey)) AND id > \(after ?? 0) ORDER BY id DESC LIMIT \(limit)
            """, logger: logger)
        var found: [LiveScreen] = []
        for try await row in rows.decode(ScreenRow.self) { if let screen = Self.screen(row) { found.append(screen) } }
        return found
    }

    public func screenSnapshot(id: Int64) async throws -> (LiveScreen, [UInt8])? {
        try await prepare()
        let rows = try await client.query(
            "SELECT \(unescaped: Self.screenColumns), snapshot FROM lasso_live_screens WHERE id = \(id)",
            logger: logger)
        for try await (a, b, c, d, e, f, g, h, i, data) in rows.decode(
            (Int64, String, String, String, String?, String, String, Double, Int64, ByteBuffer).self)
        {
            guard let screen = Self.screen((a, b, c, d, e, f, g, h, i)) else { return nil }
            return (screen, Array(data.readableBytesView))
        }
        return nil
    }

    public func pruneLive(before: Date, maxBytes: Int) async throws -> Int {
        try await prepare()
        let cutoff = before.timeIntervalSince1970
        var gone = 0
        for try await _ in try await client.query(
            "DELETE FROM lasso_live_screens WHERE time < \(cutoff) RETURNING id", logger: logger
        ).decode(Int64.self) { gone += 1 }
        for try await _ in try await client.query(
            """
            DELETE FROM lasso_live_screens WHERE id IN (
                SELECT id FROM (SELECT id, SUM(bytes) OVER (ORDER BY id DESC) AS kept FROM lasso_live_screens) AS sums
                WHERE kept > \(Int64(maxBytes)))
            RETURNING id
            """, logger: logger
        ).decode(Int64.self) { gone += 1 }
        try await client.query("DELETE FROM lasso_live_pairings WHERE expires < \(cutoff)", logger: logger)
        return gone
    }

    private static func pairing(_ row: PairingRow) -> LivePairing? {
        guard let sdk = LiveSDK(rawValue: row.2) else { return nil }
        return LivePairing(
            id: row.0, sdk: sdk, project: row.3, appKey: row.4, created: Date(timeIntervalSince1970: row.5),
            expires: Date(timeIntervalSince1970: row.6), ended: row.7, secretHash: row.1)
    }

    private static func screen(_ row: ScreenRow) -> LiveScreen? {
        guard let sdk = LiveSDK(rawValue: row.2) else { return nil }
        return LiveScreen(
            id: row.0, pairing: row.1, sdk: sdk, appKey: row.3, version: row.4, screen: row.5, imageHash: row.6,
            time: Date(timeIntervalSince1970: row.7), bytes: Int(row.8))
    }
}
