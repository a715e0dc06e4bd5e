import Foundation
import Testing

/// Text from snapshots, configs and arguments never reaches the terminal as escape sequences: the human-readable
/// output of every command shows control characters escaped, while `--json` keeps the exact strings.
@Suite("terminal-safe output")
struct TerminalTextTests {
    /// An escape sequence, a bell and a C1 control (CSI), then Chinese that must stay as it is.
    static let hostile = "X\u{1b}[31mY\u{07}Z\u{9b}2J中文"
    /// The same, as it is written inside a JSON string.
    static let hostileJSON = #"X\u001b[31mY\u0007Z\u009b2J中文"#

    /// A snapshot whose app key, class names, page alias and text are hostile.
    static let hostileSnapshot = """
        {
          "format": "lasso.snapshot/1",
          "app": {"key": "app\(hostileJSON)", "version": "1.0.0"},
          "root": {"class": "UIWindow", "children": [
            {"class": "Shop\(hostileJSON)View", "frame": [0, 0, 10, 10],
             "viewController": {"class": "Home\(hostileJSON)Controller", "alias": "hot\(hostileJSON)"},
             "children": [{"class": "UILabel", "text": "hello\(hostileJSON)", "frame": [0, 0, 5, 5]}]}
          ]}
        }
        """

    /// A plain snapshot of app "demo" whose label a config reads.
    static let plainSnapshot = """
        {
          "format": "lasso.snapshot/1",
          "app": {"key": "demo", "version": "1.0.0"},
          "root": {"class": "UIWindow", "children": [
            {"class": "ShopView", "frame": [0, 0, 10, 10], "viewController": {"class": "HomeController"},
             "children": [{"class": "UILabel", "text": "hello", "frame": [0, 0, 5, 5]}]}
          ]}
        }
        """

    static let configPath = "HomeController[0]/ShopView[0]/UILabel[0]"

    /// A config of "demo" whose event and key path are hostile.
    static func hostileConfig() throws -> String {
        """
        {
          "id": "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          "appKey": "demo",
          "versions": [{"from": "1.0.0"}],
          "viewEvent": "Tap\(hostileJSON)",
          "viewPath": "\(configPath)",
          "viewId": "\(try CLI.md5(configPath))",
          "keyPath": "model\(hostileJSON)",
          "keyName": "k"
        }

        """
    }

    /// No ESC, BEL, C1 control or other control character but line feed and tab.
    static func expectTerminalSafe(
        _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bad = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }
        #expect(
            bad.isEmpty,
            "\(what) holds control characters \(bad.map { String($0.value, radix: 16) }): \(text.prefix(500))",
            sourceLocation: sourceLocation)
    }

    static func folderWithFiles() throws -> String {
        let folder = try CLI.folder()
        try CLI.write(hostileSnapshot, to: "hostile.json", in: folder)
        try CLI.write(plainSnapshot, to: "plain.json", in: folder)
        try CLI.write(try hostileConfig(), to: "cfg/demo/k-7a1b2c3d.json", in: folder)
        return folder
    }

    @Test("tree, path and stats escape class names, page aliases, texts and the app key; Chinese stays")
    func snapshotCommands() throws {
        let folder = try Self.folderWithFiles()
        defer { CLI.cleanUp(folder) }
        for arguments in [
            ["tree", "hostile.json"], ["path", "hostile.json", "--find", "hello"], ["stats", "hostile.json"],
        ] {
            let outcome = try CLI.run(arguments, in: folder)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            Self.expectTerminalSafe(outcome.stdout, "\(arguments[0]) output")
            Self.expectTerminalSafe(outcome.stderr, "\(arguments[0]) errors")
            #expect(outcome.stdout.contains("中文"), "\(arguments[0]): \(outcome.stdout.prefix(300))")
            // In a path, the name's ESC and `[` are written %1B%5B (a control, the notation's own character);
            // elsewhere they are shown escaped.
            #expect(
                outcome.stdout.contains(#"\e[31m"#) || outcome.stdout.contains("%1B%5B31m"),
                "\(arguments[0]): \(outcome.stdout.prefix(300))")
        }
    }

    @Test("tree, path and stats --json keep the exact strings")
    func snapshotCommandsJSON() throws {
        let folder = try Self.folderWithFiles()
        defer { CLI.cleanUp(folder) }
        let hostile = Self.hostile
        let page = "Home\(hostile)Controller@hot\(hostile)"
        // A path writes a name's `[` and its control characters as %XX, so that every notation reads the path back.
        let inPath = "X%1B%5B31mY%07Z%C2%9B2J中文"
        let pagePath = "Home\(inPath)Controller@hot\(inPath)"
        let tree = try CLI.objects(try CLI.run(["tree", "hostile.json", "--json"], in: folder))
        #expect(tree.count == 3)
        #expect(tree[1].string("class") == "Shop\(hostile)View")
        #expect(tree[1].string("page") == page)
        #expect(tree[1].string("path") == "\(pagePath)[0]/Shop\(inPath)View[0]")
        #expect(tree[2].string("text") == "hello\(hostile)")
        let path = try CLI.objects(try CLI.run(["path", "hostile.json", "--find", "hello", "--json"], in: folder))
        #expect(path.first?.string("path") == "\(pagePath)[0]/Shop\(inPath)View[0]/UILabel[0]")
        let stats = try CLI.object(try CLI.run(["stats", "hostile.json", "--json"], in: folder))
        #expect(stats.string("appKey") == "app\(hostile)")
    }

    @Test("config list and validate escape the event and the key path; --json keeps them")
    func configCommands() throws {
        let folder = try Self.folderWithFiles()
        defer { CLI.cleanUp(folder) }
        let list = try CLI.run(["config", "list", "--configs", "cfg"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        Self.expectTerminalSafe(list.stdout, "config list output")
        #expect(list.stdout.contains(#"TapX\e[31mY"#), "\(list.stdout)")
        let validate = try CLI.run(["validate", "--configs", "cfg", "plain.json"], in: folder)
        #expect(validate.status == 1, "\(validate.stderr)")
        Self.expectTerminalSafe(validate.stdout, "validate output")
        Self.expectTerminalSafe(validate.stderr, "validate errors")
        #expect(validate.stdout.contains("model"), "\(validate.stdout)")

        let listed = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        #expect(listed.first?.string("viewEvent") == "Tap\(Self.hostile)")
        let validated = try CLI.objects(
            try CLI.run(["validate", "--configs", "cfg", "plain.json", "--json"], in: folder))
        let results = try #require(validated.first?["configs"] as? [[String: Any]])
        #expect(results.first?.string("viewEvent") == "Tap\(Self.hostile)")
        #expect(results.first?.string("reason")?.contains("model\(Self.hostile)") == true)
    }

    @Test("error messages that repeat input escape it: a format tag, a JSON key, --app-key, --key-name, an id")
    func errorMessages() throws {
        let folder = try Self.folderWithFiles()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            #"{"format": "lasso\u001b[31m\u0007\u009b", "root": {"class": "UIWindow"}}"#, to: "format.json", in: folder)
        try CLI.write(
            #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "k\u001b[31m\u009b": {"x": [1,}}}"#,
            to: "key.json", in: folder)
        let add = [
            "config", "add", "plain.json", "--find", "hello", "--event", "ViewTap", "--key-path", "text",
            "--configs", "out",
        ]
        let runs: [(String, [String], Int32)] = [
            ("a bad format tag", ["stats", "format.json"], 65),
            ("a JSON key", ["stats", "key.json"], 65),
            ("--app-key", add + ["--key-name", "k", "--app-key", "a\u{1b}[31m\u{07}\u{9b}"], 64),
            ("--key-name", add + ["--key-name", "k\u{1b}[31m\u{07}\u{9b}"], 64),
            ("an id", ["config", "show", "\u{1b}[31m\u{07}\u{9b}", "--configs", "cfg"], 1),
            ("an import's --app-key", ["import", "plain.json", "--app-key", "a\u{1b}[31m\u{9b}"], 64),
        ]
        for (what, arguments, status) in runs {
            let outcome = try CLI.run(arguments, in: folder)
            #expect(outcome.status == status, "\(what): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("lasso: "), "\(what): \(outcome.stderr)")
            #expect(outcome.stderr.contains(#"\e[31m"#), "\(what): \(outcome.stderr)")
            Self.expectTerminalSafe(outcome.stderr, "the message for \(what)")
            Self.expectTerminalSafe(outcome.stdout, "the output for \(what)")
        }
    }
}
