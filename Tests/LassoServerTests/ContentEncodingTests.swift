import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// A body sent with a content coding the server does not decode (`Content-Encoding: gzip`) is refused with 415 naming
/// the coding, not read as if it were plain; `identity` is no coding at all.
@Suite struct ContentEncodingTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    @Test(arguments: ["gzip", "br", "identity, gzip", "x-custom"])
    func aCodedBodyIs415NamingTheCodingAndNothingIsStored(coding: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let config = Fixtures.config()
        var fields = auth
        fields[.contentEncoding] = coding
        let headers = fields
        let named = coding.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? coding
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: headers,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(response.headers[.acceptEncoding] == "identity")
                let error = Fixtures.parse(response.body)?["error"]?.stringValue ?? ""
                #expect(error.hasPrefix("Content-Encoding: expected none (or identity)"), "\(error)")
                #expect(error.hasSuffix("found \"\(named)\""), "\(error)")
            }
            let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\"}"
            try await client.execute(
                uri: "/v1/apps/shop-ios/reports", method: .post, headers: [.contentEncoding: coding],
                body: ByteBuffer(string: report)
            ) { #expect($0.status == .unsupportedMediaType) }
        }
        #expect(try await store.state(appKey: "shop-ios").documents.isEmpty)
        #expect(try await store.reports(appKey: "shop-ios").isEmpty)
    }

    @Test func identityIsNoCoding() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let config = Fixtures.config()
        var fields = auth
        fields[.contentEncoding] = "Identity"
        let headers = fields
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: headers,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .created) }
        }
    }
}
