import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import Logging
import NIOCore
import NIOHTTP1
import Testing
import _LassoTestSupport

/// A store that stops answering or is not there: each call waits a bounded time, `/health` names the store and says
/// whether it answers, and a store that does not answer at start keeps the server from starting.
@Suite struct StoreAvailabilityTests {
    @Test func healthNamesTheStore() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "{\"status\":\"ok\",\"store\":\"sqlite\"}\n")
            }
        }
    }

    @Test func aStoreThatStopsAnsweringGets503WithinTheStoreTimeout() async throws {
        let (inner, _) = try Fixtures.sqliteStore()
        let store = StallingStore(inner)
        try await LiveServer.with(store, limits: ServerLimits(storeTimeout: .seconds(2))) { server in
            let healthy = try await server.send(.GET, "/health", timeout: .seconds(30))
            #expect(healthy.status == 200)
            #expect(
                healthy.body.hasPrefix("{\"status\":\"ok\",\"store\":\"stalling\",\"lastStoreCall\":{\"at\":"),
                "\(healthy.body)")
            let config = Fixtures.config()
            store.stall()
            let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\",\"count\":1}"
            let calls: [(HTTPMethod, String, String?)] = [
                (.GET, "/v1/apps/shop-ios/configs?version=5.4.0", nil), (.GET, "/v1/apps/shop-ios/configs", nil),
                (.PUT, "/v1/apps/shop-ios/configs/\(config.id)", Fixtures.text(config)),
                (.DELETE, "/v1/apps/shop-ios/configs/\(config.id)", nil), (.POST, "/v1/apps/shop-ios/reports", report),
                (.GET, "/v1/apps/shop-ios/reports", nil),
            ]
            // The store would wait an hour: an answer at all, and a 503, shows the wait was cut at the store timeout.
            // (No stopwatch: other tests may hold this process's threads for seconds.)
            for (method, path, body) in calls {
                let reply = try await server.send(method, path, body: body, headers: server.auth, timeout: .seconds(30))
                #expect(reply.status == 503, "\(method) \(path)")
                #expect(reply.body.contains("did not answer within 2 s"), "\(reply.body)")
            }
            let sick = try await server.send(.GET, "/health", timeout: .seconds(30))
            #expect(sick.status == 503)
            #expect(
                sick.body.hasPrefix("{\"status\":\"unavailable\",\"store\":\"stalling\",\"error\":"), "\(sick.body)")
        }
    }

    @Test func anUnreachablePostgresKeepsTheServerFromStartingWithinTheStoreTimeout() async throws {
        let port = try LoopbackSocket.unusedPort()
        var logger = Logger(label: "lasso.test.unreachable")
        logger.logLevel = .critical
        let store = try PostgresDocumentStore(url: "postgres://lasso@127.0.0.1:\(port)/lasso", logger: logger)
        var server = Fixtures.server(store, limits: ServerLimits(storeTimeout: .seconds(2)))
        server.services = [store.service]
        let application = server.application()
        let failure = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    try await application.run()
                    return "the server ran and stopped without an error"
                } catch {
                    return "\(error)"
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(45))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        // How fast is pinned against a real `lasso serve` (ServerCommandTests): here other tests may hold this
        // process's threads for seconds. The refusal itself shows the server did not start and wait on a pool.
        let message = try #require(failure, "the server started against a PostgreSQL nothing listens on")
        #expect(message.contains("the postgresql store failed its check at start"), "\(message)")
        #expect(message.contains("Connection refused"), "\(message)")
    }
}
