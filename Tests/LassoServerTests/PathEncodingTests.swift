import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// Names in the path arrive percent-encoded: the server decodes them, so any app key `config add` takes can be written,
/// read and reported on.
@Suite struct PathEncodingTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    @Test(arguments: [("shop ios", "shop%20ios"), ("ü-app", "%C3%BC-app"), ("a+b", "a+b"), ("50%", "50%25")])
    func anEncodedAppKeyIsDecodedForWritesReadsAndReports(appKey: String, encoded: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        try await app.test(.router) { client in
            let config = Fixtures.config(appKey: appKey)
            try await client.execute(
                uri: "/v1/apps/\(encoded)/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/v1/apps/\(encoded)/configs?version=5.4.0", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Fixtures.parse(response.body)?["appKey"]?.stringValue == appKey)
                #expect(Fixtures.parse(response.body)?["configs"]?.arrayValue?.count == 1)
            }
            let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\",\"count\":1}"
            try await client.execute(
                uri: "/v1/apps/\(encoded)/reports", method: .post, body: ByteBuffer(string: report)
            ) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/apps/\(encoded)/reports", method: .get) { response in
                #expect(Fixtures.parse(response.body)?["appKey"]?.stringValue == appKey)
                #expect(Fixtures.parse(response.body)?["reports"]?.arrayValue?.count == 1)
            }
            try await client.execute(
                uri: "/v1/apps/\(encoded)/configs/\(config.id)", method: .delete, headers: auth
            ) { #expect($0.status == .ok) }
        }
    }

    @Test(arguments: ["%FF-app", "%zz", "shop%2Fios", "%2E%2E", "a%00b"])
    func aBrokenOrUnsafeEncodedAppKeyIs400(encoded: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/apps/\(encoded)/configs?version=5.4.0", method: .get) { response in
                #expect(response.status == .badRequest, "\(encoded)")
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("app key") == true)
            }
        }
    }
}
