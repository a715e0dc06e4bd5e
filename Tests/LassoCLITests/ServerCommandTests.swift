import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// `lasso serve` as a child process, driven by `lasso push`, `lasso pull`, `lasso reports` and plain HTTP as an SDK sends it.
@Suite struct ServerCommandTests {
    static let token = "cli-test-token"

    /// A running `lasso serve --port 0` over a SQLite file in `folder`.
    final class Server {
        let serve: ServeProcess
        var process: Process { serve.process }
        var port: Int { serve.port }
        var url: String { serve.url }

        init(folder: String) throws {
            serve = try ServeProcess(db: folder + "/server.sqlite", token: ServerCommandTests.token)
        }

        func stop() { serve.stop() }
    }

    @Test("a second lasso serve on the same SQLite file is refused in words; once the first ends, it starts")
    func oneServerPerFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let first = try Server(folder: folder)
        let second = try CLI.run(
            ["serve", "--port", "0", "--db", folder + "/server.sqlite"], in: folder, timeout: 20)
        first.stop()
        #expect(second.status == 3, "\(second.status) \(second.stderr)")
        #expect(
            second.stderr.contains("another lasso serve (pid \(first.process.processIdentifier))"), "\(second.stderr)")
        #expect(second.stderr.contains("PostgreSQL"), "\(second.stderr)")
        // The lock goes with the process: a server starts on the file again.
        let again = try Server(folder: folder)
        again.stop()
    }

    /// A folder with two configs of shop-ios made by `lasso config add`.
    static func project() throws -> String {
        let folder = try CLI.folder()
        let snapshot = CLI.sample("shop-home.json")
        for (node, name) in [("28", "productId"), ("28", "price")] {
            let added = try LassoProcess.run(
                [
                    "config", "add", snapshot, "--node", node, "--event", "ListItemClick", "--key-path",
                    "model.productId",
                    "--key-name", name, "--path", "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]",
                    "--configs", "cfg",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return folder
    }

    func push(_ arguments: [String], in folder: String, server: Server) throws -> LassoProcess.Outcome {
        try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url] + arguments, in: folder,
            environment: ["LASSO_TOKEN": Self.token])
    }

    @Test func pushPlansAppliesAndASecondPushPlansNothingThenPullIsByteIdentical() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        let dry = try push(["--dry-run"], in: folder, server: server)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("2 create"))
        #expect(dry.stdout.contains("dry run: nothing sent"))
        let first = try push([], in: folder, server: server)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("done: 2 sent"))
        let second = try push(["--json"], in: folder, server: server)
        #expect(second.status == 0)
        let plan = try CLI.object(second)
        let actions = (plan["configs"] as? [[String: Any]] ?? []).compactMap { $0.string("action") }
        #expect(actions == ["unchanged", "unchanged"])

        let pulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "shop-ios"], in: folder)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let original = CLI.files(under: folder + "/cfg").map { folder + "/cfg/" + $0 }
        #expect(original.count == 2)
        for file in original {
            let name = (file as NSString).lastPathComponent
            let copy = folder + "/pulled/shop-ios/" + name
            #expect(
                FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: file),
                "\(name) differs after a round trip")
        }

        // What an SDK sends at app start: a plain GET for its version, then a revalidation.
        let sdk = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", "-i", server.url + "/v1/apps/shop-ios/configs?version=5.4.0"])
        #expect(sdk.contains("200 OK"))
        #expect(sdk.contains("\"version\":\"5.4.0\""))
        #expect(sdk.contains("\"keyName\":\"price\""))
    }

    @Test func pruneDeletesWhatTheFolderNoLongerHasAndPullPruneRemovesFiles() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        #expect(try push([], in: folder, server: server).status == 0)
        let removed = folder + "/cfg/" + CLI.files(under: folder + "/cfg")[0]
        try FileManager.default.removeItem(atPath: removed)
        let kept = try push([], in: folder, server: server)
        #expect(kept.stdout.contains("1 only on the server (kept; --prune deletes them)"))
        let pruned = try push(["--prune", "--json"], in: folder, server: server)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        let actions = (try CLI.object(pruned)["configs"] as? [[String: Any]] ?? []).compactMap { $0.string("action") }
        #expect(actions.sorted() == ["delete", "unchanged"])
        // A local config the server does not have is kept by pull, removed by pull --prune.
        let added = try LassoProcess.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "localOnly", "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let keep = try LassoProcess.run(["pull", "--configs", "cfg", "--server", server.url], in: folder)
        #expect(keep.stdout.contains("1 local only (kept; --prune removes them)"), "\(keep.stdout) \(keep.stderr)")
        #expect(CLI.files(under: folder + "/cfg").count == 2)
        let local = try LassoProcess.run(["pull", "--configs", "cfg", "--server", server.url, "--prune"], in: folder)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(CLI.files(under: folder + "/cfg").count == 1)
    }

    @Test func oneIdInTwoAppsIsRefusedByTheServerAndByPullFromAnOlderStore() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        #expect(try push([], in: folder, server: server).status == 0)
        // The same config under another app key: the server refuses it.
        let file = folder + "/cfg/" + CLI.files(under: folder + "/cfg")[0]
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let entry = try ConfigCodec.decode(JSONParser.parse(Array(text.utf8), file: file), file: file)
        var twin = entry
        twin.appKey = "shop-android"
        let other = try CLI.folder()
        defer { CLI.cleanUp(other) }
        try AtomicFile.write(ConfigCodec.fileText(twin), to: ConfigDirectory(root: other + "/cfg").file(for: twin))
        let refused = try push([], in: other, server: server)
        #expect(refused.status != 0)
        #expect(refused.stdout.contains("409") || refused.stderr.contains("409"), "\(refused.stdout) \(refused.stderr)")
        #expect(
            (refused.stdout + refused.stderr).contains("found it in app \"shop-ios\""),
            "\(refused.stdout) \(refused.stderr)")

        // A store written before the server refused such a pair: pull refuses to write a folder no command reads.
        let insert = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            row = db.execute("SELECT id, text, versions FROM configs WHERE id = ?", (sys.argv[2],)).fetchone()
            db.execute("INSERT INTO apps (app_key, revision) VALUES ('shop-android', 1)")
            db.execute("INSERT INTO configs VALUES ('shop-android', ?, ?, ?, 1)",
                       (row[0], row[1].replace('"shop-ios"', '"shop-android"'), row[2]))
            db.commit()
            """
        _ = try LassoProcess.runTool("/usr/bin/env", ["python3", "-c", insert, folder + "/server.sqlite", entry.id])
        let before = CLI.files(under: folder + "/cfg")
        let pulled = try LassoProcess.run(
            ["pull", "--configs", "cfg", "--server", server.url, "--app-key", "shop-android"], in: folder)
        #expect(pulled.status == 3, "\(pulled.stdout) \(pulled.stderr)")
        #expect(pulled.stderr.contains("expected an id no other app's config in the folder has"), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("nothing was written"))
        #expect(CLI.files(under: folder + "/cfg") == before)
        let listed = try LassoProcess.run(["config", "list", "--configs", "cfg"], in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
    }

    @Test func aChangeOnTheServerAfterThePlanIsAConflictAndNothingIsOverwritten() async throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        #expect(try push([], in: folder, server: server).status == 0)
        // Change both configs locally, make the plan, then someone changes one of them on the server.
        let directory = ConfigDirectory(root: folder + "/cfg")
        var entries = try directory.load()
        for index in entries.indices {
            entries[index].config.note = "local edit"
            try AtomicFile.write(ConfigCodec.fileText(entries[index].config), to: entries[index].file)
        }
        let client = LassoClient(server: server.url, appKey: "shop-ios", token: Self.token)
        let plan = PushPlan.make(
            local: try ConfigsFolder(root: directory.root).load(.config), remote: try await client.documents(.config),
            prune: false)
        #expect(plan.count(.update) == 2)
        var theirs = entries[0].config
        theirs.note = "server-side edit"
        let reply = try await client.put(id: theirs.id, text: ConfigCodec.fileText(theirs), ifMatch: nil)
        #expect(reply.status == 200)
        let run = await PushRun.apply(plan, with: client)
        #expect(run.count(.conflict) == 1)
        #expect(run.count(.done) == 1)
        let after = try await client.documents(.config)
        guard case .config(let stored)? = after.items[theirs.id]?.document else {
            Issue.record("the server has no config \(theirs.id)")
            return
        }
        #expect(stored.note == "server-side edit")
        // The CLI reports the conflict with exit status 3 when the server changed under it: replay through the binary.
        var again = entries[0].config
        again.note = "another server edit"
        _ = try await client.put(id: again.id, text: ConfigCodec.fileText(again), ifMatch: nil)
        let cli = try push([], in: folder, server: server)
        #expect(cli.status == 0, "a fresh plan reads the new revision, so it updates: \(cli.stderr)")
    }

    @Test func aPushThatCannotReachTheServerSaysSoAndRunningItAgainFinishes() async throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        let client = LassoClient(server: server.url, appKey: "shop-ios", token: Self.token)
        let directory = ConfigDirectory(root: folder + "/cfg")
        let plan = PushPlan.make(
            local: try ConfigsFolder(root: directory.root).load(.config), remote: try await client.documents(.config),
            prune: false)
        // The first config goes through, then the server dies before the second.
        let firstOnly = PushPlan(steps: [plan.steps[0]], serverOnly: [])
        #expect(await PushRun.apply(firstOnly, with: client).succeeded)
        server.stop()
        let run = await PushRun.apply(plan, with: client)
        #expect(run.stoppedBecause != nil)
        #expect(run.count(.done) == 0)
        #expect(run.count(.unknown) + run.count(.notAttempted) == 2)
        let down = try push([], in: folder, server: server)
        #expect(down.status == 74)
        #expect(down.stderr.contains("expected an answer from the lasso server"))

        let restarted = try Server(folder: folder)
        defer { restarted.stop() }
        let finish = try push(["--json"], in: folder, server: restarted)
        #expect(finish.status == 0, "\(finish.stderr)")
        let actions = (try CLI.object(finish)["configs"] as? [[String: Any]] ?? []).compactMap { $0.string("action") }
        #expect(actions.sorted() == ["create", "unchanged"])
        #expect(try push([], in: folder, server: restarted).stdout.contains("nothing to do"))
    }

    @Test(arguments: [("shop ios", "shop%20ios"), ("ü-app", "%C3%BC-app")])
    func anAppKeyWithASpaceOrANonASCIILetterRoundTripsThroughPushPullAndGet(appKey: String, encoded: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let added = try LassoProcess.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "productId", "--app-key", appKey, "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let server = try Server(folder: folder)
        defer { server.stop() }
        let pushed = try push([], in: folder, server: server)
        #expect(pushed.status == 0, "\(pushed.stdout) \(pushed.stderr)")
        #expect(pushed.stdout.contains("done: 1 sent"), "\(pushed.stdout)")
        #expect(try push([], in: folder, server: server).stdout.contains("nothing to do"))
        let pulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", appKey], in: folder)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let name = try #require(CLI.files(under: folder + "/cfg").first)
        #expect(
            FileManager.default.contents(atPath: folder + "/pulled/" + name)
                == FileManager.default.contents(atPath: folder + "/cfg/" + name), "\(name) differs after a round trip")
        let sdk = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", server.url + "/v1/apps/\(encoded)/configs?version=5.4.0"])
        #expect(sdk.contains("\"appKey\":\"\(appKey)\""), "\(sdk)")
        #expect(sdk.contains("\"keyName\":\"productId\""), "\(sdk)")
    }

    @Test func aConfigTheServerRefusesMakesPushExit74AsItsHelpSays() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        // A note larger than the server takes in one body (1 MiB): the file loads, the server answers 413.
        let directory = ConfigDirectory(root: folder + "/cfg")
        var entry = try #require(try directory.load().first)
        entry.config.note = String(repeating: "n", count: 1_200_000)
        try AtomicFile.write(ConfigCodec.fileText(entry.config), to: entry.file)
        let refused = try push([], in: folder, server: server)
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused 1 config"), "\(refused.stderr)")
        #expect(refused.stdout.contains("413"), "\(refused.stdout)")
    }

    @Test func servingAnUnreachablePostgresExitsWithinSecondsSayingWhy() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let port = try LoopbackSocket.unusedPort()
        let start = Date()
        let serve = try LassoProcess.run(
            ["serve", "--port", "0", "--database-url", "postgres://lasso:secret@127.0.0.1:\(port)/lasso"], in: folder,
            environment: ["LASSO_ADMIN_TOKEN": Self.token, "LOG_LEVEL": "critical"], timeout: 20)
        #expect(Date().timeIntervalSince(start) < 12)
        #expect(serve.status == 74, "\(serve.stderr)")
        #expect(serve.stderr.contains("postgres://lasso:***@127.0.0.1:\(port)/lasso"), "\(serve.stderr)")
        #expect(serve.stderr.contains("expected a PostgreSQL server that answers"), "\(serve.stderr)")
        #expect(!serve.stderr.contains("secret"))
        #expect(!serve.stderr.contains("listening on"))
    }

    @Test(arguments: ["   ", " s3cret"])
    func anAdminTokenOfBlanksOrWithABlankAtAnEndKeepsTheServerFromStarting(token: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let serve = try LassoProcess.run(
            ["serve", "--port", "0", "--db", folder + "/store.sqlite"], in: folder,
            environment: ["LASSO_ADMIN_TOKEN": token, "LOG_LEVEL": "critical"], timeout: 20)
        #expect(serve.status == 64, "\(serve.stderr)")
        #expect(serve.stderr.contains("LASSO_ADMIN_TOKEN: expected a token"), "\(serve.stderr)")
        #expect(!serve.stderr.contains("listening on"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/store.sqlite"), "nothing is made before the refusal")
    }

    @Test(arguments: ["99999", "65536", "0"])
    func aDatabaseURLWithAPortOutOfRangeIsRefusedNotWrapped(port: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let serve = try LassoProcess.run(
            ["serve", "--port", "0", "--database-url", "postgres://lasso:secret@127.0.0.1:\(port)/x"], in: folder,
            environment: ["LASSO_ADMIN_TOKEN": Self.token, "LOG_LEVEL": "critical"], timeout: 20)
        #expect(serve.status == 64, "\(serve.stderr)")
        #expect(serve.stderr.contains("expected a port from 1 to 65535, found \(port)"), "\(serve.stderr)")
        // 99999 cut to 16 bits is 34463: the port it used to try.
        #expect(!serve.stderr.contains("34463"), "\(serve.stderr)")
        #expect(!serve.stderr.contains("secret"))
    }

    @Test func withFewOpenFilesTheServerBoundsItsConnectionsAndKeepsAnswering() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        // 300 idle connections to a server that may open 256 files: more than it could ever accept at once.
        let serve = try ServeProcess(
            db: folder + "/server.sqlite", token: Self.token, arguments: ["--idle-timeout", "5"], fileLimit: 256)
        defer { serve.stop() }
        #expect(serve.startMessages.contains("at most 128 connections"), "\(serve.startMessages)")
        let sockets = try (0..<300).map { _ in try LoopbackSocket(port: serve.port) }
        let health = try LoopbackSocket.get("/health", port: serve.port, timeout: .seconds(4))
        #expect(health.text.hasPrefix("HTTP/1.1 200 OK"), "\(health.text)")
        // Answered well before the idle timeout frees anything (a loaded machine takes about a second).
        #expect(health.took < .seconds(3), "\(health.took)")
        let closed = LoopbackSocket.countClosedByServer(sockets, within: .seconds(3))
        #expect(closed >= 300 - (256 - 128), "\(closed) of 300 closed")
        // The rest, idle, are closed after the idle timeout.
        #expect(LoopbackSocket.countClosedByServer(sockets, within: .seconds(9)) == 300)
    }

    @Test func reportsShowWhichConfigsFailOnWhichVersions() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let server = try Server(folder: folder)
        defer { server.stop() }
        let body =
            #"{"configId":"3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10","appVersion":"5.6.0","keyPath":"model.productId","count":3}"#
        _ = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", "-X", "POST", "--data", body, server.url + "/v1/apps/shop-ios/reports"])
        let shown = try LassoProcess.run(["reports", "--server", server.url, "--app-key", "shop-ios"], in: folder)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10\t5.6.0\t3"))
    }

    @Test func pushWithoutATokenOrServerSaysWhatIsMissing() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let noServer = try LassoProcess.run(
            ["push", "--configs", "cfg"], in: folder, environment: ["LASSO_TOKEN": "x"])
        #expect(noServer.status == 64)
        #expect(noServer.stderr.contains("expected a server URL"))
        let noToken = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", "http://127.0.0.1:9"], in: folder, environment: ["LASSO_TOKEN": ""]
        )
        #expect(noToken.status == 64)
        #expect(noToken.stderr.contains("LASSO_TOKEN"))
    }
}

extension LassoProcess {
    /// Runs another tool (curl) and returns its standard output.
    static func runTool(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
