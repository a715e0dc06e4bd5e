import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import Testing

/// A stored document whose text does not read (written by hand into the database, or by an older lasso) is left out
/// of the SDKs' answers, and said: `/health/full` names it with its kind, and the store lists it for the log at start.
@Suite("Stored documents that do not read are reported, not hidden")
struct UnreadableDocumentTests {
    /// `/health/full` reads every stored document; `/health` says what it and the scan at start found (HealthTests).
    static let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    @Test(
        "a config broken in the database: left out of the GET, named by /health/full with its problem, status degraded")
    func brokenRowIsReported() async throws {
        let (store, path) = try Fixtures.sqliteStore()
        let good = Fixtures.config()
        _ = try await store.put(appKey: "shop-ios", id: good.id, text: Fixtures.text(good), ifMatch: nil)
        #expect(try await store.unreadableDocuments().isEmpty)
        let broken = "0badc0de-0000-4000-8000-0000000000ff"
        _ = try await store.put(
            appKey: "shop-ios", id: broken, text: Fixtures.text(Fixtures.config(id: broken)), ifMatch: nil)
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: "UPDATE configs SET text = '{\"id\": 42' WHERE id = ?", arguments: [broken])
        }
        let unreadable = try await store.unreadableDocuments()
        #expect(unreadable.map(\.id) == [broken])
        #expect(unreadable.first?.kind == .config && unreadable.first?.appKey == "shop-ios")
        #expect(unreadable.first?.problem.contains("stored config") == true)

        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health/full", method: .get, headers: Self.auth) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(
                    body.hasPrefix(
                        "{\"status\":\"degraded\",\"store\":\"sqlite\",\"unreadableDocuments\":[{\"kind\":\"config\","))
                #expect(body.contains("\"id\":\"\(broken)\""))
                #expect(body.contains("\"unreadableCount\":1"))
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs?version=5.4.0", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains(good.id))
                #expect(!body.contains(broken))
            }
        }
    }

    @Test(
        "a definition broken in the database: left out of GET events, named by /health/full as an event, status degraded"
    )
    func brokenDefinitionIsReported() async throws {
        let (store, path) = try Fixtures.sqliteStore()
        let good = try StoreContractTests.definition(appKey: "shop-ios")
        _ = try await store.put(
            .event, appKey: "shop-ios", id: good.id, text: EventDefinitionCodec.fileText(good), ifMatch: nil)
        var other = try StoreContractTests.definition(appKey: "shop-ios")
        other.key = "other_click"
        let bad = other
        _ = try await store.put(
            .event, appKey: "shop-ios", id: bad.id, text: EventDefinitionCodec.fileText(bad), ifMatch: nil)
        #expect(try await store.unreadableDocuments().isEmpty)
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: "UPDATE events SET text = '{\"id\": 42' WHERE id = ?", arguments: [bad.id])
        }
        let unreadable = try await store.unreadableDocuments()
        #expect(unreadable.map(\.id) == [bad.id])
        #expect(unreadable.first?.kind == .event)
        #expect(unreadable.first?.problem.hasPrefix("stored event definition:") == true)

        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health/full", method: .get, headers: Self.auth) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix("{\"status\":\"degraded\",\"store\":\"sqlite\","))
                #expect(body.contains("{\"kind\":\"event\",\"appKey\":\"shop-ios\",\"id\":\"\(bad.id)\""))
                #expect(body.contains("\"unreadableCount\":1"))
            }
            try await client.execute(uri: "/v1/apps/shop-ios/events?version=5.4.0", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains(good.id))
                #expect(!body.contains(bad.id))
            }
        }
    }
}
