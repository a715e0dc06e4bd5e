import Foundation
import LassoDocuments
import LassoServer
import NIOHTTP1
import Testing

/// `GET|PUT|DELETE /v1/apps/{appKey}/events…` on a real listening server over SQLite: event definitions read by back
/// ends and written by lasso as configs are (docs/server-api.md).
@Suite struct EventRouteTests {
    @Test("PUT behind the token, GET by version with ETag and 304, the whole list with revisions, DELETE")
    func eventRoutes() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let definition = try StoreContractTests.definition(appKey: "shop-ios")
            let text = EventDefinitionCodec.fileText(definition)
            let path = "/v1/apps/shop-ios/events/\(definition.id)"
            #expect(try await server.send(.PUT, path, body: text).status == 401)
            let created = try await server.send(.PUT, path, body: text, headers: server.auth)
            #expect(created.status == 201, "\(created.body)")
            #expect(try await server.send(.PUT, path, body: text, headers: server.auth).body.contains("unchanged"))
            let current = try await server.send(.GET, "/v1/apps/shop-ios/events?version=5.4.0")
            #expect(current.status == 200)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(current.body.utf8)) as? [String: Any])
            #expect(object["appKey"] as? String == "shop-ios" && object["version"] as? String == "5.4.0")
            let listed = try #require(object["events"] as? [[String: Any]])
            #expect(listed.map { $0["key"] as? String } == ["home_hot_entrance_click"])
            let etag = try #require(current.headers.first(name: "ETag"))
            #expect(
                try await server.send(
                    .GET, "/v1/apps/shop-ios/events?version=5.4.0", headers: [("If-None-Match", etag)]
                ).status == 304)
            let before = try await server.send(.GET, "/v1/apps/shop-ios/events?version=5.2.0")
            #expect(before.body == "{\"appKey\":\"shop-ios\",\"version\":\"5.2.0\",\"events\":[]}\n")
            #expect(try await server.send(.GET, "/v1/apps/shop-ios/events?version=x").status == 400)
            // The configs answer holds no definition, and its ETag moved with the write (the app revision is shared).
            let configs = try await server.send(.GET, "/v1/apps/shop-ios/configs")
            #expect(configs.body.contains("\"configs\":[]"))
            let all = try await server.send(.GET, "/v1/apps/shop-ios/events")
            #expect(all.body.contains("\"revision\":1") && all.body.contains(definition.id))
            var changed = definition
            changed.note = "moved"
            let updated = try await server.send(
                .PUT, path, body: EventDefinitionCodec.fileText(changed), headers: server.auth + [("If-Match", "1")])
            #expect(updated.status == 200)
            let after = try await server.send(
                .GET, "/v1/apps/shop-ios/events?version=5.4.0", headers: [("If-None-Match", etag)])
            #expect(after.status == 200 && after.body.contains("moved"))
            // A body that is not a definition is 422 with the codec's words; a config sent here is not one.
            let bad = try await server.send(
                .PUT, path, body: text.replacingOccurrences(of: "\"equals\"", with: "\"is\""), headers: server.auth)
            #expect(bad.status == 422 && bad.body.contains("$.content[0].op: expected one of equals"), "\(bad.body)")
            #expect(try await server.send(.PATCH, path, headers: server.auth).status == 405)
            #expect(try await server.send(.DELETE, path, headers: server.auth + [("If-Match", "1")]).status == 412)
            #expect(try await server.send(.DELETE, path, headers: server.auth).status == 200)
            #expect(try await server.send(.DELETE, path, headers: server.auth).status == 404)
        }
    }
}
