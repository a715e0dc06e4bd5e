import Foundation
import LassoDocuments
import LassoServer
import LassoSnapshot
import Logging
import NIOHTTP1
import Testing
import _LassoTestSupport

/// Hook configs in the server's stores: a table of their own, the app's shared revision, the SDK's GET with ETag and
/// 304, on SQLite and, when `LASSO_TEST_DATABASE_URL` is set, on a real PostgreSQL.
@Suite struct HookStoreTests {
    static func hook(appKey: String) -> HookConfig {
        HookConfig(
            appKey: appKey, versions: VersionRanges([VersionInterval(from: AppVersion("3.1.0"))]),
            className: "RJTripViewController", selectors: ["callServiceEvent"],
            trigger: .rules([
                HookRule(
                    when: [HookCondition(source: HookSource("dataManager.orderType")!, op: .notEquals, value: .int(1))],
                    event: "user_psgservice_click")
            ]), implName: "rj_trip_tracking", values: [HookValue(name: "labKey", source: HookSource("$args[0]")!)])
    }

    static func check(_ store: any DocumentStore) async throws {
        let appKey = "hooks-" + UUID().uuidString.prefix(8).lowercased()
        let hook = Self.hook(appKey: appKey)
        let text = HookCodec.fileText(hook)
        guard case .created(1, _) = try await store.put(.hook, appKey: appKey, id: hook.id, text: text, ifMatch: 0)
        else {
            Issue.record("expected created")
            return
        }
        #expect(
            try await store.put(.hook, appKey: appKey, id: hook.id, text: text, ifMatch: nil) == .unchanged(revision: 1)
        )
        let hooks = try await store.state(.hook, appKey: appKey)
        #expect(hooks.documents.map(\.id) == [hook.id])
        #expect(try await store.state(.event, appKey: appKey).documents.isEmpty)
        #expect(try await store.state(.config, appKey: appKey).documents.isEmpty)
        try await LiveServer.with(store) { server in
            let reply = try await server.send(.GET, "/v1/apps/\(appKey)/hooks?version=3.2.0")
            #expect(reply.status == 200 && reply.body.contains("\"implName\":\"rj_trip_tracking\""), "\(reply.body)")
            let etag = reply.headers.first(name: "ETag") ?? ""
            #expect(
                try await server.send(
                    .GET, "/v1/apps/\(appKey)/hooks?version=3.2.0", headers: [("If-None-Match", etag)]
                ).status == 304)
            let before = try await server.send(.GET, "/v1/apps/\(appKey)/hooks?version=3.0.0")
            #expect(before.body == "{\"appKey\":\"\(appKey)\",\"version\":\"3.0.0\",\"hooks\":[]}\n")
            let path = "/v1/apps/\(appKey)/hooks/\(hook.id)"
            #expect(try await server.send(.DELETE, path, headers: server.auth + [("If-Match", "9")]).status == 412)
            #expect(try await server.send(.DELETE, path, headers: server.auth).status == 200)
            #expect(try await server.send(.DELETE, path, headers: server.auth).status == 404)
        }
    }

    @Test func sqliteKeepsHookConfigs() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await Self.check(store)
    }

    @Test(.enabled(if: Tools.hasPostgres, "needs PostgreSQL: set LASSO_TEST_DATABASE_URL"))
    func postgresKeepsHookConfigs() async throws {
        let url = try #require(Tools.databaseURL)
        var logger = Logger(label: "lasso.test.postgres")
        logger.logLevel = .error
        let store = try PostgresDocumentStore(url: url, logger: logger)
        let pool = Task { await store.run() }
        defer { pool.cancel() }
        try await Self.check(store)
    }
}
