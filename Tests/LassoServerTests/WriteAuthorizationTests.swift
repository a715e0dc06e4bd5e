import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// Which routes ask for the admin token, and the exact bytes of a refusal, through Hummingbird's router test client.
@Suite struct WriteAuthorizationTests {
    func withApp(
        token: String? = Fixtures.token, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store, token: token).router())
        try await app.test(.router) { client in try await body(client) }
    }

    @Test func theTokenIsCheckedBeforeTheRestOfAWrite() async throws {
        try await withApp { client in
            // A bad id and a bad body would be 400, but without the token nothing else is looked at.
            for method in [HTTPRequest.Method.put, .delete] {
                try await client.execute(
                    uri: "/v1/apps/shop-ios/configs/short", method: method, body: ByteBuffer(string: "{")
                ) { #expect($0.status == .unauthorized, "\(method)") }
            }
        }
    }

    @Test func aRefusalIsCompactJSONWithANewlineAndTheSchemeToUse() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put,
                headers: [.authorization: "Basic dXNlcjpwYXNz"], body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .unauthorized)
                #expect(
                    String(buffer: response.body)
                        == "{\"error\":\"Authorization: expected \\\"Bearer <token>\\\", found another scheme\"}\n")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"lasso\"")
            }
            for (headers, challenge): (HTTPFields, String) in [
                ([:], "Bearer realm=\"lasso\""),
                ([.authorization: "Bearer wrong"], "Bearer realm=\"lasso\", error=\"invalid_token\""),
            ] {
                try await client.execute(
                    uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .delete, headers: headers
                ) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.headers[.wwwAuthenticate] == challenge)
                }
            }
        }
    }

    @Test func readsAndReportsNeedNoToken() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put,
                headers: [.authorization: "Bearer \(Fixtures.token)"], body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .created) }
            for headers: HTTPFields in [[:], [.authorization: "Bearer wrong"]] {
                for uri in ["/v1/apps/shop-ios/configs", "/v1/apps/shop-ios/configs?version=5.4.0"] {
                    try await client.execute(uri: uri, method: .get, headers: headers) {
                        #expect($0.status == .ok, "\(uri)")
                    }
                }
                let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.4.0\",\"keyPath\":\"model.productId\"}"
                try await client.execute(
                    uri: "/v1/apps/shop-ios/reports", method: .post, headers: headers, body: ByteBuffer(string: report)
                ) { #expect($0.status == .created) }
                try await client.execute(uri: "/v1/apps/shop-ios/reports", method: .get, headers: headers) {
                    #expect($0.status == .ok)
                }
            }
        }
    }

    @Test func aServerWithoutATokenRefusesWritesWith403AndStillServesReads() async throws {
        try await withApp(token: nil) { client in
            let config = Fixtures.config()
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put,
                headers: [.authorization: "Bearer \(Fixtures.token)"], body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .forbidden)
                #expect(
                    Fixtures.parse(response.body)?["error"]?.stringValue?.contains("started without LASSO_ADMIN_TOKEN")
                        == true)
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .delete) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aStaleWriteIs412WithTheStoredRevisionAfterTheMessage() async throws {
        try await withApp { client in
            let config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]
            try await client.execute(
                uri: uri, method: .put, headers: auth, body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .created) }
            var stale = auth
            stale[.ifMatch] = "4"
            try await client.execute(uri: uri, method: .delete, headers: stale) { response in
                #expect(response.status == .preconditionFailed)
                #expect(
                    String(buffer: response.body)
                        == "{\"error\":\"config \(config.id): expected revision 4 (If-Match), found revision 1: "
                        + "someone changed it since it was read\",\"revision\":1}\n")
            }
        }
    }

    /// A token of blanks, or with a blank at either end, could never be sent (HTTP drops blanks around a header value):
    /// the server refuses to start with it, saying so, instead of refusing every write.
    @Test func aTokenOfBlanksOrWithBlanksAtItsEndsIsRefused() {
        for token in [" ", "   ", "\t", " \t "] {
            let refusal = AdminToken.refusal(of: token, from: "LASSO_ADMIN_TOKEN")
            #expect(refusal?.hasPrefix("LASSO_ADMIN_TOKEN: expected a token") == true, "\(token.debugDescription)")
            #expect(refusal?.contains("found only \(token.count) blank character(s)") == true, "\(refusal ?? "")")
        }
        #expect(
            AdminToken.refusal(of: " s3cret", from: "LASSO_ADMIN_TOKEN")?.hasSuffix("found a blank at its start")
                == true)
        #expect(
            AdminToken.refusal(of: "s3cret ", from: "LASSO_ADMIN_TOKEN")?.hasSuffix("found a blank at its end") == true)
        #expect(AdminToken.refusal(of: "s3cret", from: "LASSO_ADMIN_TOKEN") == nil)
        #expect(AdminToken.refusal(of: "s3 cret", from: "LASSO_ADMIN_TOKEN") == nil)
        #expect(AdminToken.refusal(of: "", from: "LASSO_ADMIN_TOKEN") == nil, "empty: a read-only server, as before")
    }
}
