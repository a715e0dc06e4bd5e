import Foundation
import LassoDocuments
import LassoServer
import Logging
import NIOHTTP1
import Testing

/// Several servers on one store: each knows of the others' writes without asking the store at every GET. PostgreSQL's
/// change notifications carry them (needs `LASSO_TEST_DATABASE_URL`, as `.ci/postgres.sh start` prints); when they
/// stop, every answer is checked against the store's revision.
/// The suite runs one test at a time: one of them cuts every listening connection.
@Suite(.serialized) struct SharedStoreTests {
    static let databaseURL = ProcessInfo.processInfo.environment["LASSO_TEST_DATABASE_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }
    static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// One `lasso serve` instance in this process: a PostgreSQL store of its own (its pool running) behind a counter.
    struct Instance {
        let store: CountingStore
        let server: ConfigServer
    }

    static func instance() throws -> (Instance, PostgresDocumentStore) {
        var logger = Logger(label: "lasso.test.shared")
        logger.logLevel = .critical
        let url = try #require(databaseURL, "CI is set but LASSO_TEST_DATABASE_URL is not (.ci/postgres.sh start)")
        let postgres = try PostgresDocumentStore(url: url, logger: logger)
        let store = CountingStore(postgres)
        return (Instance(store: store, server: Fixtures.server(store)), postgres)
    }

    /// Runs `body` with two instances up on the same database.
    static func withTwoInstances<T: Sendable>(
        _ body: (_ a: LiveServer, _ b: LiveServer, _ bInstance: Instance) async throws -> T
    ) async throws -> T {
        let (a, aStore) = try instance()
        let (b, bStore) = try instance()
        let pools = [Task { await aStore.run() }, Task { await bStore.run() }]
        defer { for pool in pools { pool.cancel() } }
        return try await LiveServer.with(server: a.server) { aServer in
            try await LiveServer.with(server: b.server) { bServer in
                try await eventually("instance B follows the store's changes") { b.server.cache.isTrusted }
                return try await body(aServer, bServer, b)
            }
        }
    }

    /// Runs one SQL command with psql on the test database.
    static func psql(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", try #require(databaseURL), "-qAtc", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "psql \(command)")
    }

    /// Waits up to `limit` for `condition`, asking every 10 ms.
    static func eventually(
        _ what: String, within limit: Duration = .seconds(5), _ condition: () async throws -> Bool
    ) async throws {
        let start = ContinuousClock.now
        while try await !condition() {
            guard ContinuousClock.now - start < limit else {
                Issue.record("expected within \(limit): \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(.enabled(if: databaseURL != nil || inCI, "needs LASSO_TEST_DATABASE_URL (.ci/postgres.sh start)"))
    func aWriteThroughOneInstanceReachesTheOthersAnswersWithoutAStoreReadPerGet() async throws {
        try await Self.withTwoInstances { a, b, bInstance in
            var config = Fixtures.config(appKey: "shared-" + UUID().uuidString.prefix(8).lowercased(), from: "5.3.0")
            let path = "/v1/apps/\(config.appKey)/configs/\(config.id)"
            let question = "/v1/apps/\(config.appKey)/configs?version=5.4.0"
            #expect(try await a.send(.PUT, path, body: Fixtures.text(config), headers: a.auth).status == 201)
            let first = try await b.send(.GET, question)
            #expect(first.body.contains(config.id))
            let etag = try #require(first.headers.first(name: "ETag"))
            let reads = bInstance.store.reads
            for _ in 0..<50 {
                let again = try await b.send(.GET, question, headers: [("If-None-Match", etag)])
                #expect(again.status == 304)
            }
            #expect(bInstance.store.reads == reads, "a cached GET read the store")
            config.note = "changed through A"
            #expect(try await a.send(.PUT, path, body: Fixtures.text(config), headers: a.auth).status == 200)
            try await Self.eventually("B answers the change made through A", within: .seconds(2)) {
                try await b.send(.GET, question).body.contains("changed through A")
            }
        }
    }

    @Test(.enabled(if: databaseURL != nil || inCI, "needs LASSO_TEST_DATABASE_URL (.ci/postgres.sh start)"))
    func whenTheListeningConnectionIsCutTheInstanceListensAgainAndHearsLaterWrites() async throws {
        try await Self.withTwoInstances { a, b, bInstance in
            var config = Fixtures.config(appKey: "cut-" + UUID().uuidString.prefix(8).lowercased(), from: "5.3.0")
            let path = "/v1/apps/\(config.appKey)/configs/\(config.id)"
            let question = "/v1/apps/\(config.appKey)/configs?version=5.4.0"
            #expect(try await a.send(.PUT, path, body: Fixtures.text(config), headers: a.auth).status == 201)
            #expect(try await b.send(.GET, question).body.contains(config.id))
            // Cut every listening connection, as a restart of PostgreSQL or a network failure would.
            try Self.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(PostgresDocumentStore.listenerName)'"
            )
            config.note = "written while B was not listening"
            #expect(try await a.send(.PUT, path, body: Fixtures.text(config), headers: a.auth).status == 200)
            try await Self.eventually("B answers the write it could not hear") {
                try await b.send(.GET, question).body.contains("while B was not listening")
            }
            try await Self.eventually("B listens again") { bInstance.server.cache.isTrusted }
            config.note = "written after B listens again"
            #expect(try await a.send(.PUT, path, body: Fixtures.text(config), headers: a.auth).status == 200)
            try await Self.eventually("B hears the next write", within: .seconds(2)) {
                try await b.send(.GET, question).body.contains("after B listens again")
            }
        }
    }

    /// Without notifications (a store that says it is shared but has none to follow), each GET asks the store for the
    /// app's revision, so a write by anyone else is answered at once.
    @Test func withoutNotificationsEachAnswerIsCheckedAgainstTheStoresRevision() async throws {
        let (sqlite, _) = try Fixtures.sqliteStore()
        let store = CountingStore(sqlite, shared: true)
        let server = Fixtures.server(store)
        #expect(!server.cache.isTrusted)
        try await LiveServer.with(server: server) { live in
            var config = Fixtures.config(from: "5.3.0")
            _ = try await sqlite.put(appKey: config.appKey, id: config.id, text: Fixtures.text(config), ifMatch: nil)
            let question = "/v1/apps/\(config.appKey)/configs?version=5.4.0"
            for _ in 0..<3 { #expect(try await live.send(.GET, question).body.contains(config.id)) }
            #expect(store.reads.revisions == 3)
            #expect(store.reads.states == 1)
            // Another instance writes: the next GET sees it.
            config.note = "written elsewhere"
            _ = try await sqlite.put(appKey: config.appKey, id: config.id, text: Fixtures.text(config), ifMatch: nil)
            #expect(try await live.send(.GET, question).body.contains("written elsewhere"))
        }
    }
}
