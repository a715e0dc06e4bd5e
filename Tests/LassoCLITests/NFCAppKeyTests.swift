import Foundation
import Testing
import _LassoTestSupport

/// An app key typed decomposed (`cafe` + U+0301) is the same app as `café` composed: the CLI keeps it in NFC, as the
/// server does, so a push and a pull leave one folder and every command reads it.
@Suite("App keys in NFC")
struct NFCAppKeyTests {
    static let decomposed = "cafe\u{301}"
    static let composed = "caf\u{E9}"

    /// The names in `folder`, as their scalars (Swift's `==` would call the two forms equal).
    static func names(_ folder: String) -> [[Unicode.Scalar]] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
            .map { Array($0.unicodeScalars) }
    }

    @Test("a café (NFD) config pushed to a real lasso serve and pulled back: one folder, every command exits 0")
    func pushPullOneFolder() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(#"{"appKey": "\#(Self.decomposed)", "configsDir": "cfg"}"#, to: "lasso.json", in: folder)
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "productId", "--app-key", Self.decomposed,
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let hook = try CLI.run(
            [
                "hook", "add", "--class", "HomeViewController", "--selector", "refreshFeed", "--event", "refreshed",
                "--app-key", Self.decomposed,
            ],
            in: folder)
        #expect(hook.status == 0, "\(hook.stderr)")
        #expect(Self.names(folder + "/cfg") == [Array(Self.composed.unicodeScalars)])

        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let push = try LassoProcess.run(
            ["push", "--server", server.url, "--app-key", Self.decomposed], in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
        #expect(push.status == 0, "\(push.stdout)\(push.stderr)")
        let pull = try CLI.run(["pull", "--server", server.url, "--app-key", Self.decomposed], in: folder)
        #expect(pull.status == 0, "\(pull.stdout)\(pull.stderr)")
        #expect(Self.names(folder + "/cfg") == [Array(Self.composed.unicodeScalars)])

        for command in [
            ["config", "list"], ["config", "list", "--app-key", Self.decomposed], ["hook", "list"], ["event", "list"],
            ["validate", CLI.sample("shop-home.json")], ["hook", "export", "--format", "lasso"],
            ["push", "--server", server.url, "--dry-run"], ["pull", "--server", server.url],
        ] {
            let outcome = try CLI.run(command, in: folder)
            #expect(outcome.status == 0, "\(command): \(outcome.stdout)\(outcome.stderr)")
        }
        let listed = try CLI.run(["config", "list", "--app-key", Self.decomposed], in: folder)
        #expect(CLI.lines(listed.stdout).count == 1, "\(listed.stdout)")
        #expect(Self.names(folder + "/cfg") == [Array(Self.composed.unicodeScalars)])
    }
}
