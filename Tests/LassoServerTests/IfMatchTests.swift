import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Testing

/// `If-Match` on writes: a condition that does not name the stored revision, whatever its form, is 412 and changes
/// nothing; one that names it lets the write through.
@Suite struct IfMatchTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    /// What a write with `If-Match` did: its status and the config's revision on the server afterwards (nil: none).
    struct Outcome {
        var status: HTTPResponse.Status
        var error: String?
        var revisionAfter: Int64?
    }

    /// Stores a config at revision 1 (unless `existing` is false), then sends `method` with `If-Match: header`,
    /// carrying a changed body or, with `sameBody`, the stored one.
    func write(
        _ method: HTTPRequest.Method, ifMatch header: String, sameBody: Bool = false, existing: Bool = true
    ) async throws -> Outcome {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        return try await app.test(.router) { client in
            var config = Fixtures.config()
            let uri = "/v1/apps/shop-ios/configs/\(config.id)"
            if existing {
                try await client.execute(
                    uri: uri, method: .put, headers: auth, body: ByteBuffer(string: Fixtures.text(config))
                ) { #expect($0.status == .created) }
            }
            if !sameBody { config.note = "changed" }
            var headers = auth
            headers[.ifMatch] = header
            let (status, error) = try await client.execute(
                uri: uri, method: method, headers: headers,
                body: method == .put ? ByteBuffer(string: Fixtures.text(config)) : nil
            ) { response in
                (response.status, Fixtures.parse(response.body)?["error"]?.stringValue)
            }
            let revision = try await client.execute(uri: "/v1/apps/shop-ios/configs", method: .get) { response in
                Fixtures.parse(response.body)?["configs"]?.arrayValue?.first?["revision"].flatMap {
                    if case .number(let text) = $0 { Int64(text) } else { nil }
                }
            }
            return Outcome(status: status, error: error, revisionAfter: revision)
        }
    }

    static let notNamingRevision1 = [
        "banana", "\"banana\"", "2", "\"2\"", "0", "\"0\"", "W/\"1\"", "-1", "+1", "01", "1.0", "\"1", "",
        "99999999999999999999", "\"2\", \"3\"", "*x",
    ]

    @Test(arguments: notNamingRevision1)
    func aPutWhoseConditionDoesNotNameTheStoredRevisionIs412AndChangesNothing(header: String) async throws {
        let changed = try await write(.put, ifMatch: header)
        #expect(changed.status == .preconditionFailed, "If-Match: \(header)")
        #expect(changed.error?.contains("If-Match") == true, "\(changed.error ?? "no error")")
        #expect(changed.revisionAfter == 1)
        // The very text already stored is refused too: the condition is checked before anything else.
        let same = try await write(.put, ifMatch: header, sameBody: true)
        #expect(same.status == .preconditionFailed, "If-Match: \(header) with the stored body")
        #expect(same.revisionAfter == 1)
    }

    @Test(arguments: ["1", "\"1\"", " \"1\" ", "\"7\", \"1\"", "banana, 1", "*"])
    func aPutWhoseConditionNamesTheStoredRevisionGoesThrough(header: String) async throws {
        let outcome = try await write(.put, ifMatch: header)
        #expect(outcome.status == .ok, "If-Match: \(header): \(outcome.error ?? "")")
        #expect(outcome.revisionAfter == 2)
    }

    /// `*` is a condition only alone (RFC 9110 §13.1.1): among tags the header means nothing, and the write is refused
    /// with words before anything is read or written.
    @Test(arguments: ["*, \"1\"", "\"1\", *", "*, *", "W/\"2\",*"])
    func aStarAmongOtherMembersIs400AndChangesNothing(header: String) async throws {
        for method in [HTTPRequest.Method.put, .delete] {
            let outcome = try await write(method, ifMatch: header)
            #expect(outcome.status == .badRequest, "\(method) If-Match: \(header)")
            #expect(outcome.error?.contains("If-Match: expected \"*\" alone") == true, "\(outcome.error ?? "")")
            #expect(outcome.revisionAfter == 1)
        }
    }

    @Test(arguments: ["banana", "0", "2", "W/\"1\""])
    func aDeleteWhoseConditionDoesNotNameTheStoredRevisionIs412AndDeletesNothing(header: String) async throws {
        let outcome = try await write(.delete, ifMatch: header)
        #expect(outcome.status == .preconditionFailed, "If-Match: \(header)")
        #expect(outcome.revisionAfter == 1)
    }

    @Test func anyExistingIs412OnAMissingConfigAndZeroCreatesIt() async throws {
        let star = try await write(.put, ifMatch: "*", existing: false)
        #expect(star.status == .preconditionFailed)
        #expect(star.revisionAfter == nil)
        let zero = try await write(.put, ifMatch: "0", existing: false)
        #expect(zero.status == .created)
        #expect(zero.revisionAfter == 1)
    }
}
