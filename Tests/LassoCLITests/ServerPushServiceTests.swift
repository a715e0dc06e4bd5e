import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing
// The UI wiring (ServerPushService as the UI's PushService) is the executable's.
import lasso

@Suite("Pushing from the UI to a real address")
struct ServerPushServiceTests {
    @Test("a server that is not there is said in plain words")
    func serverNotAnswering() async throws {
        let folder = NSTemporaryDirectory() + "lasso-push-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = ServerPushService(
            server: "http://127.0.0.1:1", token: "t", settingsFile: folder + "/lasso.json", tokens: nil,
            directory: ConfigDirectory(root: folder),
            sendKey: "P", pruneKey: "x")
        let runner = EffectRunner(documents: ConfigsFolder(root: folder), push: service)
        let outcome = await runner.perform(.planPush(appKey: "shop-ios", prune: false))
        guard case .pushPlanned(.failure(let failure)) = outcome else {
            Issue.record("expected a failure, got \(String(describing: outcome))")
            return
        }
        #expect(
            failure.message.hasPrefix(
                "the server at http://127.0.0.1:1 is not answering; is `lasso serve` running there?"))
    }

    @Test("no server in lasso.json is said before anything is sent")
    func noServer() async throws {
        let service = ServerPushService(
            server: nil, token: nil, settingsFile: "/nonexistent/lasso.json", tokens: nil,
            directory: ConfigDirectory(root: "/nonexistent"), sendKey: "P",
            pruneKey: "x")
        await #expect(
            throws: LassoError(.usage, "no server: set \"server\" in lasso.json (and LASSO_TOKEN for writes)")
        ) {
            try await service.plan(appKey: "shop-ios", prune: false)
        }
    }
}
