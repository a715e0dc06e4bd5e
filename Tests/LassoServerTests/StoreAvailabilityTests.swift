import Foundation
import Hummingbird
import HummingbirdTesting
import LassoCore
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
        // Bounds are loose: the whole suite runs in parallel on two cores, and what is pinned is that a stalled store
        // is answered 503 after its timeout, not after the ~65 s a request would otherwise wait.
        try await LiveServer.with(store, limits: ServerLimits(storeTimeout: .seconds(2))) { server in
            let healthy = try await server.send(.GET, "/health", timeout: .seconds(5))
            #expect(healthy.status == 200)
            #expect(healthy.body == "{\"status\":\"ok\",\"store\":\"stalling\"}\n")
            let config = Fixtures.config()
            #expect(
                try await server.send(
                    .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config), headers: server.auth
                ).status == 201)
            store.stall()
            let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\",\"count\":1}"
            let calls: [(HTTPMethod, String, String?)] = [
                (.GET, "/v1/apps/shop-ios/configs?version=5.4.0", nil), (.GET, "/v1/apps/shop-ios/configs", nil),
                (.PUT, "/v1/apps/shop-ios/configs/\(config.id)", Fixtures.text(Fixtures.config(id: config.id))),
                (.DELETE, "/v1/apps/shop-ios/configs/\(config.id)", nil), (.POST, "/v1/apps/shop-ios/reports", report),
                (.GET, "/v1/apps/shop-ios/reports", nil),
            ]
            for (method, path, body) in calls {
                let start = ContinuousClock.now
                let reply = try await server.send(method, path, body: body, headers: server.auth, timeout: .seconds(40))
                let took = ContinuousClock.now - start
                #expect(reply.status == 503, "\(method) \(path)")
                #expect(reply.body.contains("did not answer within 2 s"), "\(reply.body)")
                #expect(took < .seconds(30), "\(method) \(path) took \(took)")
            }
            let start = ContinuousClock.now
            let sick = try await server.send(.GET, "/health", timeout: .seconds(40))
            #expect(sick.status == 503)
            #expect(
                sick.body.hasPrefix("{\"status\":\"unavailable\",\"store\":\"stalling\",\"error\":"), "\(sick.body)")
            #expect(ContinuousClock.now - start < .seconds(30))
        }
    }

    @Test func anUnreachablePostgresKeepsTheServerFromStartingWithinTheStoreTimeout() async throws {
        let port = try LoopbackSocket.unusedPort()
        var logger = Logger(label: "lasso.test.unreachable")
        logger.logLevel = .critical
        let store = try PostgresConfigStore(url: "postgres://lasso@127.0.0.1:\(port)/lasso", logger: logger)
        var server = Fixtures.server(store, limits: ServerLimits(storeTimeout: .seconds(2)))
        server.services = [store.service]
        let application = server.application()
        let start = ContinuousClock.now
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
                try await Task.sleep(for: .seconds(50))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        let took = ContinuousClock.now - start
        let message = try #require(failure, "the server started against a PostgreSQL nothing listens on")
        // Well under the minute a waiting pool would take; the margin is for a busy machine running tests in parallel.
        #expect(took < .seconds(55), "\(took)")
        #expect(message.contains("postgresql"), "\(message)")
        #expect(message.contains("refused") || message.contains("within 2 s"), "\(message)")
    }
}
