import Foundation
import LassoClient
import LassoDocuments
import Testing

/// A configs folder that does not exist is an error for the commands that read it, so that a typo cannot pass a CI
/// check or empty the server; `push --prune` that would delete most of the server's configs needs `--yes`.
@Suite("configs folder")
struct ConfigsFolderTests {
    typealias Server = ServerCommandTests.Server

    /// A folder with the plain snapshot of `TerminalTextTests` and one config of "demo" in `cfg`.
    static func project() throws -> String {
        let folder = try CLI.folder()
        try CLI.write(TerminalTextTests.plainSnapshot, to: "plain.json", in: folder)
        let added = try CLI.run(
            [
                "config", "add", "plain.json", "--find", "hello", "--event", "ViewTap", "--key-path", "text",
                "--key-name", "label", "--configs", "cfg", "--force",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        return folder
    }

    @Test("validate, check, config show, edit and rm with a --configs folder that does not exist exit 66 and name it")
    func mistypedFolder() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let id = try #require(try ConfigDirectory(root: folder + "/cfg").load().first).config.shortID
        let runs: [[String]] = [
            ["validate", "--configs", "cfgg", "plain.json"],
            ["validate", "--configs", "cfgg", "plain.json", "--json"],
            ["check", "--configs", "cfgg", "plain.json"],
            ["config", "show", id, "--configs", "cfgg"],
            ["config", "edit", id, "--note", "n", "--configs", "cfgg"],
            ["config", "rm", id, "--configs", "cfgg"],
        ]
        for arguments in runs {
            let outcome = try CLI.run(arguments, in: folder)
            CLI.expectCleanError(outcome, status: 66, file: "cfgg", mentions: ["configs folder"])
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/cfgg"))
    }

    @Test("the default folder, or lasso.json's configsDir, that does not exist fails validate and check too")
    func missingDefaultFolder() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(TerminalTextTests.plainSnapshot, to: "plain.json", in: folder)
        for command in ["validate", "check"] {
            let outcome = try CLI.run([command, "plain.json"], in: folder)
            CLI.expectCleanError(outcome, status: 66, file: "kvc-configs", mentions: ["configs folder", "--configs"])
        }
        try CLI.write(#"{"configsDir": "analytics/configs"}"#, to: "lasso.json", in: folder)
        for command in ["validate", "check"] {
            let outcome = try CLI.run([command, "plain.json"], in: folder)
            CLI.expectCleanError(outcome, status: 66, file: "analytics/configs", mentions: ["lasso.json"])
        }
    }

    @Test("config add creates the folder; config list of a missing folder lists nothing and says the folder is missing")
    func writersAndListing() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        #expect(CLI.files(under: folder + "/cfg").count == 1)
        let list = try CLI.run(["config", "list", "--configs", "cfgg", "--json"], in: folder)
        #expect(list.status == 0)
        #expect(try CLI.objects(list).isEmpty)
        #expect(list.stderr.contains("cfgg"), "\(list.stderr)")
    }

    @Test("push with a mistyped folder exits 66 and leaves the server's configs alone, --prune or not")
    func pushMistypedFolder() async throws {
        let folder = try ServerCommandTests.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        #expect(try push(["--configs", "cfg"], in: folder, server: server).status == 0)
        for extra in [["--prune"], [], ["--prune", "--yes"]] {
            let outcome = try push(["--configs", "cfgg", "--app-key", "shop-ios"] + extra, in: folder, server: server)
            CLI.expectCleanError(outcome, status: 66, file: "cfgg", mentions: ["configs folder"])
        }
        let client = LassoClient(server: server.url, appKey: "shop-ios", token: nil)
        #expect(try await client.documents(.config).items.count == 2)
    }

    @Test("push --prune that would delete every config, or more than half, is refused without --yes")
    func pruneNeedsYes() async throws {
        let folder = try ServerCommandTests.project()
        defer { CLI.cleanUp(folder) }
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "third", "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let server = try Server(folder: folder)
        defer { server.stop() }
        #expect(try push(["--configs", "cfg"], in: folder, server: server).status == 0)
        let client = LassoClient(server: server.url, appKey: "shop-ios", token: nil)
        #expect(try await client.documents(.config).items.count == 3)

        // One of three kept: two deletes are more than half.
        let files = CLI.files(under: folder + "/cfg/shop-ios")
        try FileManager.default.createDirectory(atPath: folder + "/one/shop-ios", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: folder + "/cfg/shop-ios/" + files[0], toPath: folder + "/one/shop-ios/" + files[0])
        let most = try push(["--configs", "one", "--prune"], in: folder, server: server)
        #expect(most.status == 3, "\(most.stderr)")
        #expect(most.stderr.contains("--yes"), "\(most.stderr)")
        #expect(most.stderr.contains("2 of the 3"), "\(most.stderr)")
        #expect(try await client.documents(.config).items.count == 3)

        // None kept: every config would go.
        try FileManager.default.createDirectory(atPath: folder + "/none/shop-ios", withIntermediateDirectories: true)
        let all = try push(["--configs", "none", "--app-key", "shop-ios", "--prune"], in: folder, server: server)
        #expect(all.status == 3, "\(all.stderr)")
        #expect(all.stderr.contains("--yes"), "\(all.stderr)")
        #expect(try await client.documents(.config).items.count == 3)

        // A dry run only shows the plan.
        let dry = try push(
            ["--configs", "none", "--app-key", "shop-ios", "--prune", "--dry-run"], in: folder, server: server)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("3 delete"), "\(dry.stdout)")
        #expect(try await client.documents(.config).items.count == 3)

        let confirmed = try push(["--configs", "one", "--prune", "--yes"], in: folder, server: server)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(try await client.documents(.config).items.count == 1)
    }

    func push(_ arguments: [String], in folder: String, server: Server) throws -> LassoProcess.Outcome {
        try LassoProcess.run(
            ["push", "--server", server.url] + arguments, in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
    }
}
