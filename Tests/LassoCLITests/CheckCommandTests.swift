import Foundation
import Testing

/// `lasso check` (docs/release-check.md), end to end: each status, the exit status, --json, --close-broken and --extend.
@Suite("check, end to end")
struct CheckCommandTests {
    /// Version 5.4.0 of a home page: a product table whose second cell's SDK path disagrees with lasso's, and twin card pages.
    static let home = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.4.0"}, "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "viewController": {"class": "HomeViewController"}, "frame": [0, 0, 390, 844], "children": [
            {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "frame": [0, 0, 390, 600], "children": [
              {"class": "ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "frame": [0, 0, 390, 100],
               "properties": {"model": {"productId": "P1"}}},
              {"class": "ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "frame": [0, 100, 390, 100],
               "properties": {"model": {"productId": "P2"}}, "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:7]"}]},
            {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [0, 600, 195, 200], "children": [
              {"class": "UILabel", "text": "A", "properties": {"tag": 1}}]},
            {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [195, 600, 195, 200], "children": [
              {"class": "UILabel", "text": "B", "properties": {"tag": 2}}]}]}]}}
        """#
    static let cell = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell"

    static let ids = [
        "ok": "a0000000-0000-4000-8000-000000000001", "gone": "a0000000-0000-4000-8000-000000000002",
        "sku": "a0000000-0000-4000-8000-000000000003", "tag": "a0000000-0000-4000-8000-000000000004",
        "ended": "a0000000-0000-4000-8000-000000000005", "old": "a0000000-0000-4000-8000-000000000006",
    ]

    /// Writes the screen and one config per status into a fresh folder.
    static func setUp(_ folder: String, only: Set<String>? = nil) throws {
        try CLI.write(home, to: "home.json", in: folder)
        let configs: [(String, String, String, String, String)] = [
            ("ok", #"[{"from": "5.0.0"}]"#, "ListItemClick", cell + "[0:*]", "model.productId"),
            (
                "gone", #"[{"from": "5.0.0"}]"#, "ListItemClick",
                "HomeViewController[0]/UIView[0]/UITableView[1]/ProductCell[0:1]", "model.productId"
            ),
            ("sku", #"[{"from": "5.0.0"}]"#, "ListItemClick", cell + "[0:*]", "model.sku"),
            ("tag", #"[{"from": "5.0.0"}]"#, "Exposure", "CardViewController[0]/UIView[0]/UILabel[0]", "tag"),
            ("ended", #"[{"from": "5.0.0", "until": "5.4.0"}]"#, "ListItemClick", cell + "[0:0]", "model.productId"),
            (
                "old", #"[{"from": "4.0.0", "until": "4.1.0"}]"#, "Exposure",
                "HomeViewController[0]/UIView[0]/Nothing[0]", "x"
            ),
        ]
        for (name, versions, event, path, keyPath) in configs where only?.contains(name) ?? true {
            let id = ids[name]!
            try ValidateAndSettingsTests.writeConfig(
                try ValidateAndSettingsTests.configText(
                    id: id, versions: versions, event: event, path: path, keyPath: keyPath, keyName: name),
                keyName: name, id: id, in: folder)
        }
    }

    static func byName(_ outcome: CLI.Outcome) throws -> [String: [String: Any]] {
        let report = try CLI.object(outcome)
        let configs = try #require(report["configs"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: configs.map { ($0.string("keyName") ?? "?", $0) })
    }

    @Test("ok / no-match / no-value / ambiguous, with reasons and the nearest view; exit 1 when anything broke")
    func statuses() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder)
        let outcome = try CLI.run(["check", "--configs", "cfg", "home.json", "--json"], in: folder)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let report = try CLI.object(outcome)
        #expect(report.string("version") == "5.4.0", "V comes from the snapshot")
        #expect(report.string("previousVersion") == "5.0.0")
        let results = try Self.byName(outcome)
        #expect(
            Set(results.keys) == ["ok", "gone", "sku", "tag", "ended"],
            "the config that ended at 4.1.0 is not looked at")
        #expect(results["ok"]?.string("status") == "ok")
        #expect(results["ok"]?["value"] as? String == "P1")
        #expect(results["sku"]?.string("status") == "no-value")
        #expect(results["tag"]?.string("status") == "ambiguous")
        #expect(results["ended"]?.string("status") == "ok")
        #expect(results["ended"]?.string("considered") == "ends-at-version")
        let gone = try #require(results["gone"])
        #expect(gone.string("status") == "no-match")
        let nearest = try #require(gone["nearest"] as? [String: Any])
        #expect(nearest.string("path") == Self.cell + "[0:1]")
        #expect(nearest.string("difference") == "UITableView[1] → UITableView[0]")
        #expect(report.int("broken") == 3)
        let warnings = try #require(report["pathWarnings"] as? [[String: Any]])
        #expect(warnings.map { $0.string("sdkViewPath") } == [Self.cell + "[0:7]"])
    }

    @Test("the text table lists each config with its status, reason and nearest view, and the SDK path warning")
    func table() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder)
        let outcome = try CLI.run(["check", "--configs", "cfg", "home.json"], in: folder)
        #expect(outcome.status == 1)
        let lines = CLI.lines(outcome.stdout)
        #expect(lines.first == "shop-ios 5.4.0 (the version before: 5.0.0): 5 configs on 1 snapshot")
        #expect(lines.contains { $0.hasPrefix("STATUS") && $0.hasSuffix("PATH") })
        #expect(lines.contains { $0.hasPrefix("no-match  a0000000  gone") })
        #expect(lines.contains { $0.contains("nearest: home.json #") && $0.hasSuffix(Self.cell + "[0:1]") })
        #expect(lines.contains { $0.hasPrefix("warning: home.json: view #") && $0.contains("[0:7]") })
        #expect(lines.last == "3 of 5 configs broken")
    }

    @Test(
        "all ok is exit 0; --app-version (old spelling --version) overrides the snapshot's; without any version it is a usage error"
    )
    func versions() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder, only: ["ok"])
        #expect(try CLI.run(["check", "--configs", "cfg", "home.json"], in: folder).status == 0)
        let older = try CLI.object(
            try CLI.run(["check", "--configs", "cfg", "home.json", "--app-version", "4.0.0", "--json"], in: folder))
        #expect(older.int("broken") == 0)
        #expect((older["configs"] as? [Any])?.isEmpty == true, "no config is around 4.0.0")
        // The old spelling still works, and says the new one.
        let oldSpelling = try CLI.run(
            ["check", "--configs", "cfg", "home.json", "--version", "4.0.0", "--json"], in: folder)
        #expect(oldSpelling.status == 0)
        #expect(try CLI.object(oldSpelling).int("broken") == 0)
        #expect(oldSpelling.stderr.contains("warning: --version is now spelled --app-version"))
        let dump = ImportCommandTests.dump("appium-ios-home.xml")
        let noVersion = try CLI.run(["check", "--configs", "cfg", dump], in: folder)
        #expect(noVersion.status == 64)
        #expect(noVersion.stderr.contains("--app-version"))
        #expect(
            try CLI.run(["check", "--configs", "cfg", "home.json", "--app-version", "x.y"], in: folder).status == 64)
        #expect(try CLI.run(["check", "--configs", "cfg", "home.json", "--previous", "6.0"], in: folder).status == 64)
    }

    @Test(
        "--close-broken ends broken configs at V, --extend carries an ended ok config into V; other files stay byte-identical"
    )
    func closeAndExtend() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder)
        let files = CLI.files(under: folder + "/cfg")
        var before: [String: Data] = [:]
        for file in files { before[file] = try Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + file)) }
        let outcome = try CLI.run(
            ["check", "--configs", "cfg", "home.json", "--close-broken", "--extend", "--json"], in: folder)
        #expect(outcome.status == 1, "still broken on this version: \(outcome.stderr)")
        let edits = try #require(try CLI.object(outcome)["edits"] as? [[String: Any]])
        #expect(edits.filter { $0["written"] as? Bool == true }.count == 4)
        #expect(CLI.files(under: folder + "/cfg") == files, "same files, no temporary ones left")
        func versions(_ name: String) throws -> [[String: String]] {
            let file = try #require(files.first { $0.contains("/\(name)-") })
            let object = try ConfigCommandTests.parse(folder + "/cfg/" + file)
            return (object["versions"] as? [[String: String]]) ?? []
        }
        for name in ["gone", "sku", "tag"] {
            #expect(try versions(name) == [["from": "5.0.0", "until": "5.4.0"]], "\(name)")
        }
        #expect(try versions("ended") == [["from": "5.0.0"]])
        for file in files where file.contains("/ok-") || file.contains("/old-") {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + file)) == before[file],
                "\(file) should be untouched")
        }
        // The rewritten files are canonical: the same as config show prints.
        let shown = try CLI.run(["config", "show", Self.ids["sku"]!, "--configs", "cfg"], in: folder)
        let skuFile = try #require(files.first { $0.contains("/sku-") })
        #expect(shown.stdout == (try String(contentsOfFile: folder + "/cfg/" + skuFile, encoding: .utf8)))
        // Checked again, the closed configs are no longer about 5.4.0 but about the version before it, shown but not
        // broken at 5.4.0: with the broken ones closed the check is green, as CI needs it to be.
        let rerun = try CLI.run(["check", "--configs", "cfg", "home.json", "--json"], in: folder)
        let again = try Self.byName(rerun)
        #expect(again["sku"]?.string("considered") == "ends-at-version")
        #expect(rerun.status == 0, "\(rerun.stdout)")
        #expect(try CLI.object(rerun)["broken"] as? Int == 0)
        let text = try CLI.run(["check", "--configs", "cfg", "home.json"], in: folder)
        #expect(text.stdout.contains("not counted as broken"), "\(text.stdout)")
    }

    @Test("check works on an imported dump with --app-version, configs made on it included")
    func checkOnDump() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let dump = ImportCommandTests.dump("appium-ios-home.xml")
        let added = try CLI.run(
            [
                "config", "add", dump, "--find", "Tom & Jerry", "--event", "Exposure", "--key-path",
                "accessibilityLabel",
                "--key-name", "name", "--app-key", "shop-ios", "--from", "5.3.0", "--configs", "cfg",
                "--path", ImportCommandTests.iosFeed + "/XCUIElementTypeCell[0:*]/XCUIElementTypeStaticText[0]",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let outcome = try CLI.run(
            ["check", "--configs", "cfg", "--app-key", "shop-ios", "--app-version", "5.4.0", dump, "--json"], in: folder
        )
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.byName(outcome)["name"]?.string("status") == "ok")
    }

    @Test("validate and check warn about two configs collecting one key name from one view")
    func duplicates() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(Self.home, to: "home.json", in: folder)
        for (index, path) in [Self.cell + "[0:*]", Self.cell + "[0:1]"].enumerated() {
            let id = "b000000\(index)-0000-4000-8000-000000000001"
            try ValidateAndSettingsTests.writeConfig(
                try ValidateAndSettingsTests.configText(
                    id: id, versions: #"[{"from": "5.0.0"}]"#, event: "ListItemClick", path: path,
                    keyPath: "model.productId", keyName: "productId"),
                keyName: "productId", id: id, in: folder)
        }
        let validate = try CLI.run(["validate", "--configs", "cfg", "home.json", "--json"], in: folder)
        #expect(validate.status == 0, "duplicates are warnings")
        let reports = try CLI.objects(validate)
        let duplicates = try #require(reports.first?["duplicates"] as? [[String: Any]])
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.string("keyName") == "productId")
        #expect((duplicates.first?["configs"] as? [Any])?.count == 2)
        let text = try CLI.run(["validate", "--configs", "cfg", "home.json"], in: folder)
        #expect(
            text.stdout.contains(
                "warning: configs b0000000, b0000001 all collect \"productId\" on ListItemClick from view #"))
        let check = try CLI.object(try CLI.run(["check", "--configs", "cfg", "home.json", "--json"], in: folder))
        #expect((check["duplicates"] as? [Any])?.count == 1)
    }

    static let prlimit = "/usr/bin/prlimit"

    @Test(
        "check of a config whose path has 100,001 segments on a tree 100,000 deep finishes under a 1 GiB memory limit",
        .enabled(if: FileManager.default.isExecutableFile(atPath: prlimit), "needs prlimit (util-linux)"))
    func deepPathUnderMemoryLimit() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let depth = 100_000
        var tree = #"{"format":"lasso.snapshot/1","app":{"key":"shop-ios","version":"5.4.0"},"root":"#
        tree += BadInputTests.deepTree(depth).dropFirst(#"{"format":"lasso.snapshot/1","root":"#.count)
        try CLI.write(tree, to: "deep.json", in: folder)
        // The path one index off near the top: it matches nothing, so the nearest view is looked for.
        var segments = [String](repeating: "UIView[0]", count: depth) + ["UILabel[0]"]
        segments[1] = "UIView[1]"
        let path = segments.joined(separator: "/")
        let id = "d0000000-0000-4000-8000-000000000001"
        try ValidateAndSettingsTests.writeConfig(
            try ValidateAndSettingsTests.configText(
                id: id, versions: #"[{"from": "5.0.0"}]"#, event: "Exposure", path: path, keyPath: "text",
                keyName: "deep"), keyName: "deep", id: id, in: folder)
        // The whole edit table of the two paths would take 10^10 cells: before, this died for want of memory.
        let (outcome, seconds) = try CLI.timed {
            try LassoProcess.run(
                ["check", "--configs", "cfg", "deep.json", "--json"], in: folder, timeout: 120,
                wrapper: [Self.prlimit, "--as=\(1 << 30)"])
        }
        #expect(outcome.status == 1, "\(outcome.stderr.prefix(500))")
        #expect(!outcome.stderr.contains("Fatal error"), "\(outcome.stderr.prefix(500))")
        let result = try #require(try Self.byName(outcome)["deep"])
        #expect(result.string("status") == "no-match")
        let nearest = try #require(result["nearest"] as? [String: Any])
        #expect(nearest.int("node") == depth)
        #expect(nearest.string("difference") == "UIView[1] → UIView[0]")
        #expect(seconds < 60)
    }
}
