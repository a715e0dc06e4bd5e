import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// The whole API through Hummingbird's router test client, over a real SQLite file.
@Suite struct RouterTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    func withApp(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func putThenGetForAVersionWithETagAnd304() async throws {
        try await withApp { client in
            let config = Fixtures.config(from: "5.3.0", until: "5.6.0")
            let other = Fixtures.config(keyName: "otherKey", from: "6.0.0")
            for c in [config, other] {
                try await client.execute(
                    uri: "/v1/apps/shop-ios/configs/\(c.id)", method: .put, headers: auth,
                    body: ByteBuffer(string: Fixtures.text(c))
                ) { #expect($0.status == .created) }
            }
            let etag = try await client.execute(uri: "/v1/apps/shop-ios/configs?version=5.4.1", method: .get) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, max-age=60")
                let body = Fixtures.parse(response.body)
                #expect(body?["appKey"]?.stringValue == "shop-ios")
                #expect(body?["version"]?.stringValue == "5.4.1")
                #expect(body?["configs"]?.arrayValue?.map { $0["id"]?.stringValue } == [config.id])
                return response.headers[.eTag] ?? ""
            }
            #expect(etag.hasPrefix("\""))
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs?version=5.4.1", method: .get, headers: [.ifNoneMatch: etag]
            ) {
                #expect($0.status == .notModified)
            }
            // A change to the app gives a new ETag.
            var changed = config
            changed.note = "changed"
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(changed))
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs?version=5.4.1", method: .get, headers: [.ifNoneMatch: etag]
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != etag)
                #expect(Fixtures.parse(response.body)?["configs"]?.arrayValue?.first?["note"]?.stringValue == "changed")
            }
        }
    }

    @Test func listWithoutVersionGivesEveryConfigWithItsRevision() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config)))
            try await client.execute(uri: "/v1/apps/shop-ios/configs", method: .get) { response in
                let item = Fixtures.parse(response.body)?["configs"]?.arrayValue?.first
                #expect(item?["revision"] == .number("1"))
                #expect(item?["keyName"]?.stringValue == "productId")
            }
        }
    }

    @Test func samePutTwiceIsOneChange() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            let body = ByteBuffer(string: Fixtures.text(config))
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth, body: body
            ) {
                #expect($0.status == .created)
            }
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth, body: body
            ) { response in
                #expect(response.status == .ok)
                #expect(Fixtures.parse(response.body)?["result"]?.stringValue == "unchanged")
                #expect(Fixtures.parse(response.body)?["revision"] == .number("1"))
            }
        }
    }

    @Test func ifMatchWithAStaleRevisionIs412AndIfMatchZeroIsCreateOnly() async throws {
        try await withApp { client in
            var config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            var headers = auth
            headers[.ifMatch] = "0"
            try await client.execute(
                uri: uri, method: .put, headers: headers, body: ByteBuffer(string: Fixtures.text(config))
            ) {
                #expect($0.status == .created)
            }
            config.note = "second"
            try await client.execute(
                uri: uri, method: .put, headers: headers, body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .preconditionFailed)
                #expect(String(buffer: response.body).contains("no config yet (If-Match: 0)"))
            }
            headers[.ifMatch] = "1"
            try await client.execute(
                uri: uri, method: .put, headers: headers, body: ByteBuffer(string: Fixtures.text(config))
            ) {
                #expect($0.status == .ok)
            }
            config.note = "third"
            try await client.execute(
                uri: uri, method: .put, headers: headers, body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .preconditionFailed)
                #expect(Fixtures.parse(response.body)?["revision"] == .number("2"))
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("expected revision 1") == true)
            }
        }
    }

    @Test func deleteHonoursIfMatchAndSays404WhenMissing() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            try await client.execute(
                uri: uri, method: .put, headers: auth, body: ByteBuffer(string: Fixtures.text(config)))
            var stale = auth
            stale[.ifMatch] = "7"
            try await client.execute(uri: uri, method: .delete, headers: stale) {
                #expect($0.status == .preconditionFailed)
            }
            try await client.execute(uri: uri, method: .delete, headers: auth) { #expect($0.status == .ok) }
            try await client.execute(uri: uri, method: .delete, headers: auth) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("no config \(config.id)"))
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs?version=5.4.0", method: .get) { response in
                #expect(Fixtures.parse(response.body)?["configs"]?.arrayValue?.isEmpty == true)
            }
        }
    }

    @Test func writesWithoutOrWithAWrongTokenAre401() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            try await client.execute(uri: uri, method: .put, body: ByteBuffer(string: Fixtures.text(config))) {
                response in
                #expect(response.status == .unauthorized)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("found none") == true)
            }
            try await client.execute(
                uri: uri, method: .put, headers: [.authorization: "Bearer wrong"],
                body: ByteBuffer(string: Fixtures.text(config))
            ) {
                #expect($0.status == .unauthorized)
            }
            try await client.execute(uri: uri, method: .delete) { #expect($0.status == .unauthorized) }
        }
    }

    @Test func badBodiesGet400413And422WithTheReason() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            try await client.execute(uri: uri, method: .put, headers: auth, body: ByteBuffer(string: "{\"id\": ")) {
                response in
                #expect(response.status == .badRequest)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("request body") == true)
            }
            try await client.execute(
                uri: uri, method: .put, headers: auth,
                body: ByteBuffer(string: String(repeating: "x", count: 1_100_000))
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("at most 1048576 bytes") == true)
            }
            var badVersion = Fixtures.text(config)
            badVersion = badVersion.replacingOccurrences(of: "\"5.3.0\"", with: "\"five\"")
            try await client.execute(uri: uri, method: .put, headers: auth, body: ByteBuffer(string: badVersion)) {
                response in
                #expect(response.status == .unprocessableContent)
                #expect(
                    Fixtures.parse(response.body)?["error"]?.stringValue?.contains(
                        "versions[0].from: expected a version") == true)
            }
            let otherId = Fixtures.config()
            try await client.execute(
                uri: uri, method: .put, headers: auth, body: ByteBuffer(string: Fixtures.text(otherId))
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("the id in the URL") == true)
            }
            try await client.execute(
                uri: "/v1/apps/other-app/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(
                    Fixtures.parse(response.body)?["error"]?.stringValue?.contains("the app key in the URL") == true)
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs?version=banana", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("found \"banana\"") == true)
            }
        }
    }

    @Test func reportsAreValidatedStoredAndAddedUp() async throws {
        try await withApp { client in
            let id = KVCConfig.newID()
            for count in [2, 3] {
                let body =
                    "{\"configId\":\"\(id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"model.productId\",\"count\":\(count)}"
                try await client.execute(
                    uri: "/v1/apps/shop-ios/reports", method: .post, body: ByteBuffer(string: body)
                ) {
                    #expect($0.status == .created)
                }
            }
            try await client.execute(
                uri: "/v1/apps/shop-ios/reports", method: .post,
                body: ByteBuffer(string: "{\"configId\":\"\(id)\",\"appVersion\":\"x\",\"keyPath\":\"a\",\"count\":1}")
            ) { response in
                #expect(response.status == .unprocessableContent)
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("$.appVersion") == true)
            }
            try await client.execute(uri: "/v1/apps/shop-ios/reports", method: .get) { response in
                let report = Fixtures.parse(response.body)?["reports"]?.arrayValue?.first
                #expect(report?["configId"]?.stringValue == id)
                #expect(report?["count"] == .number("5"))
                #expect(report?["reports"] == .number("2"))
            }
        }
    }

    /// The length limits of docs/openapi.yaml count code points (JSON Schema's maxLength): a version of 7 characters
    /// that are 107 code points (a letter with 100 combining marks in its build metadata) is over 100.
    @Test func aReportsAppVersionIsLimitedTo100CodePointsNot100Characters() async throws {
        try await withApp { client in
            let long = "5.4.1+a" + String(repeating: "\u{301}", count: 100)
            #expect(long.count == 7)
            for (version, status) in [(long, HTTPResponse.Status.unprocessableContent), ("5.4.1+" + "a", .created)] {
                let body = "{\"configId\":\"3c1f0a9e-5b7d\",\"appVersion\":\"\(version)\",\"keyPath\":\"a\"}"
                try await client.execute(
                    uri: "/v1/apps/shop-ios/reports", method: .post, body: ByteBuffer(string: body)
                ) {
                    #expect($0.status == status, "\(version.unicodeScalars.count) code points")
                }
            }
        }
    }

    @Test func healthAnswers() async throws {
        try await withApp { client in
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }
}
