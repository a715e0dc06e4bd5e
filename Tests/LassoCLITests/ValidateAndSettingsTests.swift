import Foundation
import Testing

/// `lasso validate` (configs against snapshots) and the project settings file `lasso.json`.
@Suite("validate and lasso.json")
struct ValidateAndSettingsTests {
    /// A config file's text, written by hand as a person or another tool would.
    static func configText(
        id: String, appKey: String = "shop-ios", versions: String = "[]", event: String, path: String,
        viewId: String? = nil, keyPath: String, keyName: String
    ) throws -> String {
        let hash = try viewId ?? CLI.md5(path)
        return """
            {
              "id": "\(id)",
              "appKey": "\(appKey)",
              "versions": \(versions),
              "viewEvent": "\(event)",
              "viewPath": "\(path)",
              "viewId": "\(hash)",
              "keyPath": "\(keyPath)",
              "keyName": "\(keyName)"
            }

            """
    }

    /// Writes a config into `folder/cfg/<appKey>/<keyName>-<id8>.json`.
    static func writeConfig(_ text: String, appKey: String = "shop-ios", keyName: String, id: String, in folder: String)
        throws
    {
        try CLI.write(text, to: "cfg/\(appKey)/\(keyName)-\(id.prefix(8)).json", in: folder)
    }

    /// `validate --json` of one snapshot: its status and its config results by key name.
    static func validate(_ snapshot: String, in folder: String) throws -> (
        status: Int32, results: [String: [String: Any]]
    ) {
        let outcome = try CLI.run(["validate", "--configs", "cfg", snapshot, "--json"], in: folder)
        let reports = try CLI.objects(outcome)
        #expect(reports.count == 1)
        let configs = try #require(reports.first?["configs"] as? [[String: Any]])
        var byName: [String: [String: Any]] = [:]
        for config in configs { byName[config.string("keyName") ?? "?"] = config }
        return (outcome.status, byName)
    }

    /// Two instances of one child view controller, no alias, not in a pager: both buttons get the same path.
    static let twinPages = """
        {"format": "lasso.snapshot/1", "app": {"key": "demo-ios", "version": "1.0.0"},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "viewController": {"class": "HostViewController"}, "frame": [0, 0, 390, 844], "children": [
           {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [0, 0, 390, 400], "children": [
            {"class": "UIButton", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "title": "Go",
             "actions": ["go:"], "frame": [10, 10, 100, 40], "properties": {"tag": 1}}]},
           {"class": "UIView", "viewController": {"class": "CardViewController"}, "frame": [0, 400, 390, 400], "children": [
            {"class": "UIButton", "superclasses": ["UIControl", "UIView", "UIResponder", "NSObject"], "title": "Go",
             "actions": ["go:"], "frame": [10, 10, 100, 40], "properties": {"tag": 2}}]}]}]}}
        """

    @Test("validate: a config that matches and resolves is ok, exit 0")
    func okConfig() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try ConfigCommandTests.addCellConfig(folder).status == 0)
        let result = try Self.validate(CLI.sample("shop-home.json"), in: folder)
        #expect(result.status == 0)
        let config = try #require(result.results["productId"])
        #expect(config.string("status") == "ok")
        #expect(config.int("matches") == 6)
        #expect((config["value"] as? String)?.hasPrefix("P") == true)
        let text = try CLI.run(["validate", "--configs", "cfg", CLI.sample("shop-home.json")], in: folder)
        #expect(text.status == 0)
        #expect(text.stdout.contains("ok"))
    }

    @Test("validate: a config whose path matches no view is no-match, exit 1")
    func noMatchConfig() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let id = "1a2b3c4d-0000-4000-8000-000000000001"
        try Self.writeConfig(
            try Self.configText(
                id: id, event: "ListItemClick",
                path: "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[1:*]",
                keyPath: "model.productId", keyName: "gone"),
            keyName: "gone", id: id, in: folder)
        let result = try Self.validate(CLI.sample("shop-home.json"), in: folder)
        #expect(result.status == 1)
        let config = try #require(result.results["gone"])
        #expect(config.string("status") == "no-match")
        #expect(config.int("matches") == 0)
        #expect(config["value"] is NSNull)
    }

    @Test("validate: a key path that gives nothing is no-value, exit 1")
    func noValueConfig() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let added = try ConfigCommandTests.addCellConfig(folder, keyPath: "model.noSuchKey", keyName: "nothing")
        #expect(added.status == 0, "\(added.stderr)")
        let result = try Self.validate(CLI.sample("shop-home.json"), in: folder)
        #expect(result.status == 1)
        #expect(result.results["nothing"]?.string("status") == "no-value")
        #expect(result.results["nothing"]?.int("matches") == 6)
    }

    @Test("validate: a path without wildcards that matches two views is ambiguous, exit 1")
    func ambiguousConfig() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let snapshot = try CLI.write(Self.twinPages, to: "twins.json", in: folder)
        let path = "CardViewController[0]/UIView[0]/UIButton[0]"
        let views = try CLI.objects(try CLI.run(["tree", snapshot, "--json"], in: folder))
        #expect(views.filter { $0.string("path") == path }.count == 2)
        let id = "2b3c4d5e-0000-4000-8000-000000000002"
        try Self.writeConfig(
            try Self.configText(
                id: id, appKey: "demo-ios", event: "ButtonClick", path: path,
                keyPath: "tag", keyName: "tag"),
            appKey: "demo-ios", keyName: "tag", id: id, in: folder)
        let result = try Self.validate(snapshot, in: folder)
        #expect(result.status == 1)
        #expect(result.results["tag"]?.string("status") == "ambiguous")
        #expect(result.results["tag"]?.int("matches") == 2)
    }

    @Test("validate only checks the configs of the snapshot's app whose versions contain its version")
    func validateSkipsOtherVersionsAndApps() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let broken = "HomeViewController[0]/UIView[0]/NoSuchView[0]"
        let old = "3c4d5e6f-0000-4000-8000-000000000003"
        try Self.writeConfig(
            try Self.configText(
                id: old, versions: #"[{"until": "5.3.0"}]"#, event: "Exposure", path: broken,
                keyPath: "x", keyName: "old"), keyName: "old", id: old, in: folder)
        let other = "4d5e6f70-0000-4000-8000-000000000004"
        try Self.writeConfig(
            try Self.configText(
                id: other, appKey: "news-ios", event: "Exposure", path: broken,
                keyPath: "x", keyName: "other"), appKey: "news-ios", keyName: "other", id: other, in: folder)
        let result = try Self.validate(CLI.sample("shop-home.json"), in: folder)
        #expect(result.status == 0)
        #expect(result.results.isEmpty)
        // The same broken path for a version range that contains 5.3.0 is checked, and fails.
        let current = "5e6f7081-0000-4000-8000-000000000005"
        try Self.writeConfig(
            try Self.configText(
                id: current, versions: #"[{"from": "5.3"}]"#, event: "Exposure", path: broken,
                keyPath: "x", keyName: "current"), keyName: "current", id: current, in: folder)
        let again = try Self.validate(CLI.sample("shop-home.json"), in: folder)
        #expect(again.status == 1)
        #expect(Set(again.results.keys) == ["current"])
    }

    @Test("validate takes several snapshots and fails when any of them has a broken config")
    func validateSeveralSnapshots() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try ConfigCommandTests.addCellConfig(folder).status == 0)
        let outcome = try CLI.run(
            ["validate", "--configs", "cfg", CLI.sample("shop-home.json"), CLI.sample("settings.json"), "--json"],
            in: folder)
        #expect(outcome.status == 0)
        #expect(try CLI.objects(outcome).count == 2)
        let id = "6f708192-0000-4000-8000-000000000006"
        try Self.writeConfig(
            try Self.configText(
                id: id, appKey: "notes-ios", event: "Exposure",
                path: "SettingsViewController[0]/UITableView[0]/Missing[0]", keyPath: "x", keyName: "x"),
            appKey: "notes-ios", keyName: "x", id: id, in: folder)
        let broken = try CLI.run(
            ["validate", "--configs", "cfg", CLI.sample("shop-home.json"), CLI.sample("settings.json")], in: folder)
        #expect(broken.status == 1)
    }

    @Test(
        "a lasso.json in the working folder gives the configs folder and notation; a snapshot that names its app keeps it"
    )
    func settingsFileIsHonoured() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        // Found before lasso.json exists: afterwards tree writes the dash notation.
        let index = try TreeAndPathTests.index(
            of: TreeAndPathTests.homeButtonPath, in: "shop-home.json", folder: folder)
        try CLI.write(
            #"{"appKey": "shop-team", "configsDir": "tracking/configs", "notation": "dash"}"#, to: "lasso.json",
            in: folder)
        // path writes the project's notation.
        let path = try CLI.run(["path", CLI.sample("shop-home.json"), "--node", String(index)], in: folder)
        #expect(
            path.stdout.contains(
                "HomeViewController-UIView-UITableView-ProductCell-UITableViewCellContentView-UIButton & 0-0-0-0:3-0-0")
        )
        // config add: no --configs, no --app-key.
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ButtonClick",
                "--key-path", "superview.superview.model.productId", "--key-name", "productId",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        // lasso.json's appKey is for snapshots that name no app: this one names shop-ios, and says so once.
        #expect(
            added.stderr.contains("this screen names its app, shop-ios: its configs are shop-ios's"), "\(added.stderr)")
        let files = CLI.files(under: folder + "/tracking/configs")
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix("shop-ios/productId-") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/kvc-configs"))
        let config = try ConfigCommandTests.parse(folder + "/tracking/configs/" + (try #require(files.first)))
        #expect(config.string("appKey") == "shop-ios")
        #expect(
            config.string("viewPath")
                == "HomeViewController-UIView-UITableView-ProductCell-UITableViewCellContentView-UIButton & 0-0-0-0:3-0-0"
        )
        // The viewId stays the MD5 of the lasso notation.
        #expect(config.string("viewId") == (try CLI.md5(TreeAndPathTests.homeButtonPath)))
        // config list reads the same folder without being told.
        let listed = try CLI.objects(try CLI.run(["config", "list", "--json"], in: folder))
        #expect(listed.compactMap { $0.string("keyName") } == ["productId"])
    }

    @Test("a lasso.json with a bad notation is reported with its file and field")
    func badSettingsFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(#"{"notation": "slashes"}"#, to: "lasso.json", in: folder)
        let outcome = try CLI.run(["path", CLI.sample("shop-home.json"), "--node", "0"], in: folder)
        CLI.expectCleanError(outcome, status: 65, file: "lasso.json", mentions: ["$.notation", "slashes"])
    }

    @Test("without lasso.json or --configs, configs go to ./kvc-configs")
    func defaultConfigsFolder() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try TreeAndPathTests.index(of: TreeAndPathTests.homeCellPath, in: "shop-home.json", folder: folder)
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "productId",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(CLI.files(under: folder + "/kvc-configs").first?.hasPrefix("shop-ios/productId-") == true)
    }
}
