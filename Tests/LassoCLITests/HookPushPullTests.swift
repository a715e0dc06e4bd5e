import Foundation
import Testing
import _LassoTestSupport

/// `lasso push` and `lasso pull` carry hook configs, and `lasso serve` serves them to SDKs with an ETag and 304
/// (docs/hook-configs.md, "Served and pushed").
@Suite struct HookPushPullTests {
    @Test(
        "push sends the hook configs, the server answers GET /v1/apps/{app}/hooks?version= with ETag and 304, pull writes them byte-identical"
    )
    func pushServePull() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try HookCommandTests.addExample(in: folder)
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let push = { (extra: [String]) throws -> LassoProcess.Outcome in
            try LassoProcess.run(
                ["push", "--configs", "cfg", "--server", server.url, "--app-key", "rj-ios"] + extra, in: folder,
                environment: ["LASSO_TOKEN": ServerCommandTests.token])
        }
        let dry = try push(["--dry-run"])
        #expect(
            dry.status == 0 && dry.stdout.contains("5 create") && dry.stdout.contains("(hook config)"),
            "\(dry.stdout)\(dry.stderr)")
        let first = try push([])
        #expect(first.status == 0 && first.stdout.contains("done: 5 sent"), "\(first.stdout)\(first.stderr)")
        let again = try CLI.object(try push(["--json"]))
        let hooks = try #require(again["hooks"] as? [[String: Any]])
        #expect(hooks.count == 5 && hooks.allSatisfy { $0.string("action") == "unchanged" })

        // What the SDK reads at start: the hooks of its version, cacheable.
        let headers = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", "-D", "-", "-o", "/dev/null", server.url + "/v1/apps/rj-ios/hooks?version=3.0.0"])
        let etag = try #require(
            headers.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("etag:") }?.dropFirst(5)
                .trimmingCharacters(in: .whitespaces))
        let body = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", server.url + "/v1/apps/rj-ios/hooks?version=3.0.0"])
        let served = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let listed = try #require(served["hooks"] as? [[String: Any]])
        #expect(listed.count == 4, "the trip config starts at 3.1.0: \(body)")
        #expect(!body.contains("RJTripViewController"))
        let notModified = try LassoProcess.runTool(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "If-None-Match: \(etag)",
                server.url + "/v1/apps/rj-ios/hooks?version=3.0.0",
            ])
        #expect(notModified == "304")
        // A body that is not a hook config is refused with the codec's words.
        let refused = try LassoProcess.runTool(
            "/usr/bin/curl",
            [
                "-s", "-X", "PUT", "-H", "Authorization: Bearer \(ServerCommandTests.token)", "--data-binary",
                #"{"id": "0123456789ab", "appKey": "rj-ios", "class": "C", "selectors": ["a b"], "event": "e"}"#,
                "-w", "%{http_code}", server.url + "/v1/apps/rj-ios/hooks/0123456789ab",
            ])
        #expect(refused.hasSuffix("422") && refused.contains("$.selectors[0]: expected a selector"), "\(refused)")

        let pulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "rj-ios"], in: folder)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("pulled 5 hook config(s) of rj-ios"), "\(pulled.stdout)")
        let mine = CLI.files(under: folder + "/cfg").filter { $0.contains("/hooks/") }
        #expect(mine.count == 5)
        for name in mine {
            #expect(
                FileManager.default.contents(atPath: folder + "/pulled/" + name)
                    == FileManager.default.contents(atPath: folder + "/cfg/" + name), "\(name)")
        }
    }
}
