import Foundation
import Testing
import _LassoTestSupport

/// `lasso push` and `lasso pull` carry event definitions as they carry configs, through a real `lasso serve`.
@Suite struct EventPushPullTests {
    @Test("push plans and sends the definitions after the configs; pull writes them byte-identical into events/")
    func pushAndPullCarryDefinitions() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let added = try EventCommandTests.add(folder, ["--content", "productId=P1003", "--json"])
        let id = try #require(try CLI.object(added).string("id"))
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let push = { (extra: [String]) throws -> LassoProcess.Outcome in
            try LassoProcess.run(
                ["push", "--configs", "cfg", "--server", server.url, "--app-key", "shop-ios"] + extra, in: folder,
                environment: ["LASSO_TOKEN": ServerCommandTests.token])
        }
        let dry = try push(["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("2 create"), "\(dry.stdout)")
        #expect(
            dry.stdout.contains(
                "cart_p1003-\(id.prefix(8))  cfg/shop-ios/events/cart_p1003-\(id.prefix(8)).json  (event definition)"),
            "\(dry.stdout)")
        let first = try push([])
        #expect(first.status == 0 && first.stdout.contains("done: 2 sent"), "\(first.stdout)\(first.stderr)")
        let again = try CLI.object(try push(["--json"]))
        let events = try #require(again["events"] as? [[String: Any]])
        #expect(events.map { $0.string("action") } == ["unchanged"] && events.first?.string("key") == "cart_p1003")
        // What a back end pulls.
        let served = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", server.url + "/v1/apps/shop-ios/events?version=5.4.0"])
        #expect(served.contains("\"key\":\"cart_p1003\""), "\(served)")
        let pulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "shop-ios"], in: folder)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("pulled 1 event definition(s) of shop-ios"), "\(pulled.stdout)")
        let name = "shop-ios/events/cart_p1003-\(id.prefix(8)).json"
        #expect(
            FileManager.default.contents(atPath: folder + "/pulled/" + name)
                == FileManager.default.contents(atPath: folder + "/cfg/" + name))
        // Pulled again with --json: what each kind did, as data.
        let repulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "shop-ios", "--json"], in: folder)
        #expect(repulled.status == 0, "\(repulled.stderr)")
        let report = try CLI.object(repulled)
        #expect(report.string("appKey") == "shop-ios")
        let pulledEvents = try #require(report["events"] as? [String: Any])
        let pulledConfigs = try #require(report["configs"] as? [String: Any])
        #expect(pulledEvents.int("onServer") == 1 && pulledEvents.int("upToDate") == 1)
        #expect((pulledEvents["written"] as? [Any])?.isEmpty == true)
        #expect(pulledConfigs.int("onServer") == 1 && pulledConfigs.int("upToDate") == 1)
        #expect((report["hooks"] as? [String: Any])?.int("onServer") == 0)
        // Removed locally: kept on the server without --prune, deleted with it; pull --prune then removes the copy.
        #expect(try CLI.run(["event", "rm", id, "--configs", "cfg"], in: folder).status == 0)
        #expect(try push([]).stdout.contains("1 only on the server"))
        let pruned = try CLI.object(try push(["--prune", "--yes", "--json"]))
        #expect((pruned["events"] as? [[String: Any]])?.map { $0.string("action") } == ["delete"])
        let cleaned = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "shop-ios", "--prune"], in: folder)
        #expect(cleaned.status == 0 && !FileManager.default.fileExists(atPath: folder + "/pulled/" + name))
    }
}
