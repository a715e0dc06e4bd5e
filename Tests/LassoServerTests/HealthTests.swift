import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import Logging
import NIOHTTP1
import Testing
import _LassoTestSupport

/// `GET /health` answers from what the server knows (its last store round trip, its last write, the unreadable
/// documents found at start and by the full scan), whatever the store holds and however many ask at once; the scan
/// of every document is `GET /health/full`, behind the admin token.
@Suite struct HealthTests {
    static let bulkDocuments = 50_000

    /// A config of `appKey` whose text names `placeholder` as its id, for copying under other ids in SQL.
    static let placeholder = "00000000-0000-4000-8000-000000000000"

    /// Asks `/health` 12 times at once over `server` and checks that each answer is a 200 naming the store's last
    /// round trip, then that none of them read a document.
    static func askAtOnce(_ server: LiveServer, _ store: CountingStore) async throws {
        let scansAtStart = store.healthCalls.scans
        #expect(scansAtStart == 1, "the scan at start")
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<12 {
                group.addTask {
                    let reply = try await server.send(.GET, "/health", timeout: .seconds(30))
                    return (reply.status, reply.body)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (status, body) in answers {
            #expect(status == 200, "\(body)")
            #expect(
                body.hasPrefix("{\"status\":\"ok\",\"store\":\"\(store.kind)\",\"lastStoreCall\":{\"at\":"), "\(body)")
            #expect(body.contains("\"answered\":true"), "\(body)")
        }
        #expect(store.healthCalls.scans == scansAtStart, "a /health read every stored document")
        #expect(store.reads.states == 0)
    }

    @Test func atFiftyThousandDocumentsHealthReadsNoneAndNeverAnswers503() async throws {
        let (sqlite, path) = try Fixtures.sqliteStore()
        let text = Fixtures.text(Fixtures.config(id: Self.placeholder, appKey: "bulk-app"))
        // One transaction: 50,000 configs in well under a second.
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                    INSERT INTO configs (app_key, id, text, versions, revision)
                    SELECT 'bulk-app', printf('%08d-0000-4000-8000-000000000000', i),
                        replace(?, ?, printf('%08d-0000-4000-8000-000000000000', i)), '[{"from":"5.3.0"}]', 1 FROM n;
                    INSERT INTO apps (app_key, revision) VALUES ('bulk-app', 1);
                    """, arguments: [Self.bulkDocuments, text, Self.placeholder])
        }
        try database.close()
        let store = CountingStore(sqlite)
        try await LiveServer.with(store) { server in try await Self.askAtOnce(server, store) }
    }

    @Test(.enabled(if: Tools.hasPostgres, "needs PostgreSQL: set LASSO_TEST_DATABASE_URL"))
    func atFiftyThousandDocumentsHealthReadsNoneOnPostgres() async throws {
        let url = try #require(Tools.databaseURL)
        var logger = Logger(label: "lasso.test.postgres")
        logger.logLevel = .error
        let postgres = try PostgresDocumentStore(url: url, logger: logger)
        let pool = Task { await postgres.run() }
        defer { pool.cancel() }
        let appKey = "bulk-" + UUID().uuidString.prefix(8).lowercased()
        let first = Fixtures.config(
            id: Self.placeholder.replacingOccurrences(of: "00000000-", with: "ffffffff-"), appKey: appKey)
        _ = try await postgres.put(appKey: appKey, id: first.id, text: Fixtures.text(first), ifMatch: nil)
        let text = Fixtures.text(Fixtures.config(id: Self.placeholder, appKey: appKey))
        try Self.psql(
            url,
            """
            INSERT INTO lasso_configs (app_key, id, text, versions, revision)
            SELECT '\(appKey)', lpad(i::text, 8, '0') || '-0000-4000-8000-000000000000',
                replace($lasso$\(text)$lasso$, '\(Self.placeholder)', lpad(i::text, 8, '0') || '-0000-4000-8000-000000000000'),
                '[{"from":"5.3.0"}]', 1 FROM generate_series(1, \(Self.bulkDocuments)) AS i
            """)
        defer {
            try? Self.psql(
                url,
                "DELETE FROM lasso_configs WHERE app_key = '\(appKey)'; DELETE FROM lasso_apps WHERE app_key = '\(appKey)'"
            )
        }
        let store = CountingStore(postgres)
        try await LiveServer.with(store) { server in try await Self.askAtOnce(server, store) }
    }

    /// Runs one SQL command with psql on `url`.
    static func psql(_ url: String, _ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-qAtc", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "psql \(command.prefix(80))")
    }

    @Test func theFullScanNeedsTheTokenAndWhatItFindsHealthSaysUntilAWriteMendsIt() async throws {
        let (store, path) = try Fixtures.sqliteStore()
        let config = Fixtures.config()
        _ = try await store.put(appKey: "shop-ios", id: config.id, text: Fixtures.text(config), ifMatch: nil)
        let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health/full", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"lasso\"")
            }
            // Broken by hand after the server started: only a scan can know.
            let database = try DatabaseQueue(path: path)
            try await database.write { db in
                try db.execute(sql: "UPDATE configs SET text = '{\"id\": 42' WHERE id = ?", arguments: [config.id])
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("{\"status\":\"ok\","))
            }
            try await client.execute(uri: "/health/full", method: .get, headers: auth) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix("{\"status\":\"degraded\",\"store\":\"sqlite\",\"unreadableDocuments\":[{"))
                #expect(body.contains("\"id\":\"\(config.id)\""), "\(body)")
                #expect(body.contains("\"unreadableCount\":1,\"lastStoreCall\":{\"at\":"), "\(body)")
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("{\"status\":\"degraded\","))
            }
            // Written again: it reads now, and /health says so without scanning.
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix("{\"status\":\"ok\",\"store\":\"sqlite\",\"lastStoreCall\":{\"at\":"), "\(body)")
                #expect(body.contains("\"lastWrite\":{\"at\":"), "\(body)")
                #expect(body.contains("\"appKey\":\"shop-ios\",\"revision\":2}"), "\(body)")
            }
        }
        let readOnly = Application(router: Fixtures.server(store, token: nil).router())
        try await readOnly.test(.router) { client in
            try await client.execute(uri: "/health/full", method: .get) { #expect($0.status == .forbidden) }
        }
    }

    @Test func aDocumentFoundUnreadableAtStartIsSaidByHealthWithoutAScan() async throws {
        let (sqlite, path) = try Fixtures.sqliteStore()
        let config = Fixtures.config()
        _ = try await sqlite.put(appKey: "shop-ios", id: config.id, text: Fixtures.text(config), ifMatch: nil)
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: "UPDATE configs SET text = '{\"id\": 42' WHERE id = ?", arguments: [config.id])
        }
        try database.close()
        let store = CountingStore(sqlite)
        try await LiveServer.with(store) { server in
            let reply = try await server.send(.GET, "/health")
            #expect(reply.status == 200)
            #expect(reply.body.hasPrefix("{\"status\":\"degraded\",\"store\":\"sqlite\",\"unreadableDocuments\":[{"))
            #expect(reply.body.contains("\"id\":\"\(config.id)\""))
            #expect(store.healthCalls.scans == 1)
            // Deleted: gone from the answer, still without a scan.
            let deleted = try await server.send(
                .DELETE, "/v1/apps/shop-ios/configs/\(config.id)", headers: server.auth)
            #expect(deleted.status == 200)
            let after = try await server.send(.GET, "/health")
            #expect(after.body.hasPrefix("{\"status\":\"ok\","), "\(after.body)")
            #expect(store.healthCalls.scans == 1)
        }
    }
}
