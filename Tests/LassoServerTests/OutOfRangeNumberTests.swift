import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// A body number a double cannot hold (`1e400`) is refused with 422 and never stored, as the snapshot loader refuses it.
@Suite struct OutOfRangeNumberTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    /// Puts a valid config with `member` (a JSON member's text) added, and returns the status, the error and how many
    /// configs the app has afterwards.
    func put(member: String) async throws -> (status: HTTPResponse.Status, error: String?, stored: Int?) {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        return try await app.test(.router) { client in
            let config = Fixtures.config()
            var text = Fixtures.text(config)
            text.insert(contentsOf: member + ",\n", at: text.index(after: text.startIndex))
            let (status, error) = try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: text)
            ) { ($0.status, Fixtures.parse($0.body)?["error"]?.stringValue) }
            let stored = try await client.execute(uri: "/v1/apps/shop-ios/configs", method: .get) {
                Fixtures.parse($0.body)?["configs"]?.arrayValue?.count
            }
            return (status, error, stored)
        }
    }

    @Test(arguments: [
        ("\"extra\": 1e400", "$.extra"), ("\"extra\": -1e400", "$.extra"),
        ("\"extra\": [1, {\"x\": 1E999}]", "$.extra[1].x"),
        ("\"conditions\": {\"count\": 1e400}", "$.conditions.count"),
        ("\"extra\": " + String(repeating: "9", count: 400), "$.extra"),
    ])
    func aNumberADoubleCannotHoldIs422AndNotStored(member: String, path: String) async throws {
        let outcome = try await put(member: member)
        #expect(outcome.status == .unprocessableContent, "\(member)")
        #expect(
            outcome.error?.contains("\(path): expected a number a double can hold") == true, "\(outcome.error ?? "")")
        #expect(outcome.stored == 0)
    }

    @Test(arguments: ["\"extra\": 1e300", "\"extra\": 1e-400", "\"extra\": -0.0", "\"conditions\": {\"count\": 3}"])
    func aNumberADoubleCanHoldIsKept(member: String) async throws {
        let outcome = try await put(member: member)
        #expect(outcome.status == .created, "\(member): \(outcome.error ?? "")")
        #expect(outcome.stored == 1)
    }
}
