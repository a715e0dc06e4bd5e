import Foundation
import Testing
import _LassoTestSupport

/// What every command line shares: `--version`, words for a mistyped command, `--json` on the commands that print
/// data, one spelling of the app version, and shell completions of ids, keys and event names.
@Suite struct CLIBasicsTests {
    @Test("--version prints the package version and the git commit it was built from, exit 0")
    func version() throws {
        let outcome = try CLI.run(["--version"], in: try CLI.folder())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let line = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            line.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+ \(commit (unknown|[0-9a-f]{12,40}(-modified)?)\)/) != nil,
            "\(line)")
    }

    @Test("a mistyped command is a usage error (64) that says the command meant; a file's name is not judged")
    func mistypedCommands() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let chek = try CLI.run(["chek"], in: folder)
        #expect(chek.status == 64)
        #expect(chek.stderr.contains("'chek' is not a command or a file; did you mean 'check'?"), "\(chek.stderr)")
        let lst = try CLI.run(["config", "lst"], in: folder)
        #expect(lst.status == 64)
        #expect(lst.stderr.contains("'lst' is not a config command; did you mean 'list'?"), "\(lst.stderr)")
        let nothingNear = try CLI.run(["zzzzzz"], in: folder)
        #expect(nothingNear.status == 64 && nothingNear.stderr.contains("lasso --help lists the commands"))
        // A name with an extension is a snapshot that is missing (66), as before.
        #expect(try CLI.run(["home.json"], in: folder).status == 66)
    }

    @Test("the nearest command: a unique start, else one edit (two for longer words), else none")
    func nearest() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        for (typed, meant) in [("chekc", "check"), ("valdiate", "validate"), ("pul", "pull")] {
            let outcome = try CLI.run([typed], in: folder)
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains("did you mean '\(meant)'?"), "\(typed): \(outcome.stderr)")
        }
        let foo = try CLI.run(["foo"], in: folder)
        #expect(foo.status == 64 && !foo.stderr.contains("did you mean"), "\(foo.stderr)")
        // An existing file (no extension) given as the snapshot is left to `open`, which reads it.
        _ = FileManager.default.createFile(atPath: folder + "/home", contents: Data("{".utf8))
        let home = try CLI.run(["home"], in: folder)
        #expect(home.status == 65 && home.stderr.contains("home"), "\(home.stderr)")
    }

    @Test("config add, show and edit print the config and its file with --json")
    func configJSON() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let added = try CLI.object(
            try CLI.run(
                [
                    "config", "add", CLI.sample("shop-home.json"), "--node", "34", "--event", "ButtonClick",
                    "--key-path", "title", "--key-name", "buttonTitle", "--configs", "cfg", "--json",
                ], in: folder))
        let id = try #require(added.string("id"))
        let file = try #require(added.string("file"))
        #expect(added.string("keyName") == "buttonTitle")
        #expect(FileManager.default.fileExists(atPath: folder + "/" + file))
        let shown = try CLI.object(
            try CLI.run(["config", "show", String(id.prefix(8)), "--configs", "cfg", "--json"], in: folder))
        #expect(shown.string("id") == id && shown.string("file") == file)
        let edited = try CLI.object(
            try CLI.run(["config", "edit", id, "--note", "the cart button", "--configs", "cfg", "--json"], in: folder))
        #expect(edited.string("note") == "the cart button" && edited.string("id") == id)
        let removed = try CLI.object(try CLI.run(["config", "rm", id, "--configs", "cfg", "--json"], in: folder))
        #expect(removed.string("removed") == "config" && removed.string("id") == id && removed.string("file") == file)
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + file))
    }

    @Test("--app-version filters lists; the old --version still works and says the new spelling")
    func appVersionSpelling() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        for command in [["config", "list"], ["event", "list"], ["hook", "list"]] {
            let new = try CLI.run(command + ["--configs", "cfg", "--app-version", "5.3.0"], in: folder)
            #expect(new.status == 0 && !new.stderr.contains("warning"), "\(command): \(new.stderr)")
            let old = try CLI.run(command + ["--configs", "cfg", "--version", "5.3.0"], in: folder)
            #expect(old.status == 0 && old.stdout == new.stdout, "\(command): \(old.stderr)")
            #expect(old.stderr.contains("warning: --version is now spelled --app-version"), "\(command)")
            let both = try CLI.run(
                command + ["--configs", "cfg", "--version", "5.3.0", "--app-version", "5.3.0"], in: folder)
            #expect(both.status == 64)
        }
    }

    @Test("the shell completes config ids, definition keys, app keys and view events from the configs folder")
    func completions() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        #expect(try EventCommandTests.add(folder, ["--content", "productId=P1003"]).status == 0)
        let configs = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        let configId = try #require(configs.first?.string("id"))
        /// What bash's completion function asks lasso for the word being typed (the last of `words`).
        func complete(_ command: [String], _ argument: String, _ words: [String]) throws -> [String] {
            let outcome = try LassoProcess.run(
                ["---completion"] + command + ["--", argument, String(words.count - 1), String(words.last!.count)]
                    + words, in: folder, environment: ["SAP_SHELL": "bash"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return outcome.stdout.split(separator: "\n").map(String.init)
        }
        #expect(
            try complete(["config", "show"], "positional@0", ["lasso", "config", "show", "--configs", "cfg", ""])
                == [configId])
        #expect(
            try complete(["config", "show"], "positional@0", ["lasso", "config", "show", "--configs", "cfg", "zz"])
                == [])
        #expect(
            try complete(
                ["event", "count"], "--key", ["lasso", "event", "count", "--configs", "cfg", "--key", "cart"])
                == ["cart_p1003"])
        #expect(
            try complete(
                ["config", "list"], "--app-key", ["lasso", "config", "list", "--configs", "cfg", "--app-key", ""])
                == ["shop-ios"])
        #expect(
            try complete(["config", "add"], "--event", ["lasso", "config", "add", "--event", "Butt"]) == ["ButtonClick"]
        )
    }

    @Test("an unreachable warehouse or server is said in the system's words, never a library's type dump")
    func plainErrorWords() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        #expect(try EventCommandTests.add(folder, ["--content", "productId=P1003"]).status == 0)
        // Nothing listens on port 1 of the loopback address (binding it needs root, and no test does).
        for engine in [
            "postgres://u@127.0.0.1:1/db", "postgres://u@/db?host=/no/such/folder", "clickhouse://127.0.0.1:1/db.t",
        ] {
            let outcome = try CLI.run(["event", "count", "--configs", "cfg", "--engine", engine], in: folder)
            #expect(outcome.status == 74, "\(engine): \(outcome.stderr)")
            #expect(
                outcome.stderr.contains("connection refused") || outcome.stderr.contains("no such file or directory"),
                "\(engine): \(outcome.stderr)")
            for leaked in ["PSQLError", "errno", "SingleConnectionFailure", "descriptor"] {
                #expect(!outcome.stderr.contains(leaked), "\(engine): \(outcome.stderr)")
            }
        }
        let push = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", "http://127.0.0.1:1", "--app-key", "shop-ios"], in: folder,
            environment: ["LASSO_TOKEN": "t"])
        #expect(push.status == 74)
        #expect(push.stderr.contains("no server listening (connection refused)"), "\(push.stderr)")
    }
}
