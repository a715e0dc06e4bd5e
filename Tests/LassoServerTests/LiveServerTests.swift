import AsyncHTTPClient
import Foundation
import LassoDocuments
import LassoServer
import LassoSnapshot
import NIOHTTP1
import Testing

/// The API against a real listening server and a real SQLite file: races, hostile bodies, caching.
@Suite struct LiveServerTests {
    @Test func twoClientsRacingToUpdateOneConfigOneWinsTheOtherGets412() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let config = Fixtures.config()
            let path = "/v1/apps/shop-ios/configs/\(config.id)"
            #expect(try await server.send(.PUT, path, body: Fixtures.text(config), headers: server.auth).status == 201)
            for round in 0..<10 {
                let revision = Int64(round + 1)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for client in 0..<2 {
                        var changed = config
                        changed.note = "round \(round) client \(client)"
                        let body = Fixtures.text(changed)
                        group.addTask {
                            try await server.send(
                                .PUT, path, body: body, headers: server.auth + [("If-Match", "\(revision)")]
                            ).status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.sorted() == [200, 412], "round \(round): \(statuses)")
            }
        }
    }

    @Test func hostileBodiesGet4xxNever5xx() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let config = Fixtures.config()
            let path = "/v1/apps/shop-ios/configs/\(config.id)"
            let sqlLike = Fixtures.text(config).replacingOccurrences(
                of: "\"productId\"\n", with: "\"x'); DROP TABLE configs; --\"\n")
            var quoteNote = config
            quoteNote.note = "'; DELETE FROM configs WHERE '1'='1"
            let bodies: [String] = [
                String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
                "{\"id\":\"" + String(repeating: "a", count: 900_000) + "\"}",
                String(repeating: "{\"a\":", count: 5_000),
                "\u{FEFF}{}", "null", "[]", "\"just a string\"", "{\"id\": 12}", "\u{0}\u{1}\u{2}",
            ]
            for body in bodies {
                let reply = try await server.send(.PUT, path, body: body, headers: server.auth)
                #expect(
                    (400..<500).contains(reply.status), "status \(reply.status) for a body starting \(body.prefix(40))")
                #expect(reply.body.contains("\"error\""))
            }
            var invalidUTF8 = Data("{\"id\":\"".utf8)
            invalidUTF8.append(contentsOf: [0xC3, 0x28, 0xFF])
            let invalid = try await server.send(
                .PUT, path, body: String(decoding: invalidUTF8, as: UTF8.self), headers: server.auth)
            #expect((400..<500).contains(invalid.status))
            // SQL-looking strings in a valid config are stored as text, nothing more.
            #expect(try await server.send(.PUT, path, body: sqlLike, headers: server.auth).status == 201)
            #expect(
                try await server.send(.PUT, path, body: Fixtures.text(quoteNote), headers: server.auth).status == 200)
            let listed = try await server.send(.GET, "/v1/apps/shop-ios/configs")
            #expect(listed.body.contains("DELETE FROM configs WHERE"))
            // Hostile names in the URL.
            for bad in [
                "/v1/apps/..%2F..%2Fetc/configs?version=1.0", "/v1/apps/shop-ios/configs/short",
                "/v1/apps/shop-ios/configs?version=%00",
            ] {
                let reply = try await server.send(
                    bad.contains("configs/short") ? .PUT : .GET, bad, body: "{}", headers: server.auth)
                #expect((400..<500).contains(reply.status), "\(bad): \(reply.status)")
            }
            let badReport = try await server.send(
                .POST, "/v1/apps/shop-ios/reports",
                body: "{\"configId\": \"'; DROP TABLE reports; --\", \"count\": 1e309}")
            #expect(badReport.status == 422)
        }
    }

    @Test func cachedAnswerChangesRightAfterAWrite() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            var config = Fixtures.config()
            let path = "/v1/apps/shop-ios/configs/\(config.id)"
            _ = try await server.send(.PUT, path, body: Fixtures.text(config), headers: server.auth)
            let first = try await server.send(.GET, "/v1/apps/shop-ios/configs?version=5.3.0")
            let etag = first.headers.first(name: "ETag") ?? ""
            #expect(
                try await server.send(
                    .GET, "/v1/apps/shop-ios/configs?version=5.3.0", headers: [("If-None-Match", etag)]
                ).status == 304)
            config.versions = VersionRanges([VersionInterval(from: AppVersion("6.0.0"))])
            _ = try await server.send(.PUT, path, body: Fixtures.text(config), headers: server.auth)
            let after = try await server.send(
                .GET, "/v1/apps/shop-ios/configs?version=5.3.0", headers: [("If-None-Match", etag)])
            #expect(after.status == 200)
            #expect(after.body.contains("\"configs\":[]"))
        }
    }

    @Test func manySDKsAskingAtOnceForAnAnswerNotCachedYetReadTheStoreOnce() async throws {
        let (sqlite, _) = try Fixtures.sqliteStore()
        let store = CountingStore(sqlite, stateDelay: .milliseconds(300))
        let config = Fixtures.config(from: "5.3.0")
        _ = try await sqlite.put(appKey: config.appKey, id: config.id, text: Fixtures.text(config), ifMatch: nil)
        try await LiveServer.with(store) { server in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<32 {
                    group.addTask { try await server.send(.GET, "/v1/apps/shop-ios/configs?version=5.4.0").status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 32))
            #expect(store.reads.states == 1)
        }
    }
}
