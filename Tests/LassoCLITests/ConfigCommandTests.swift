import Foundation
import Testing

/// `lasso config add|list|show|edit|rm` in a temp folder (docs/config-format.md).
@Suite("config commands")
struct ConfigCommandTests {
    static let cellWildcard = InspectAndMatchTests.cellWildcard

    /// `config add` on shop-home's row-3 cell with a row wildcard; more flags after.
    static func addCellConfig(
        _ folder: String, keyPath: String = "model.productId", keyName: String = "productId",
        _ extra: [String] = []
    ) throws -> CLI.Outcome {
        let index = try TreeAndPathTests.index(of: TreeAndPathTests.homeCellPath, in: "shop-home.json", folder: folder)
        return try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ListItemClick",
                "--key-path", keyPath, "--key-name", keyName, "--path", cellWildcard, "--configs", "cfg",
            ] + extra,
            in: folder)
    }

    /// The top-level keys of a config file, in file order (the lines indented by two spaces).
    static func topLevelKeys(_ text: String) -> [String] {
        text.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
            let rest = line.dropFirst(3)
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func parse(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    // MARK: add

    @Test("config add writes <dir>/<appKey>/<keyName>-<first 8 of id>.json and prints that file")
    func addWritesOneFileNamedByKeyNameAndId() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try Self.addCellConfig(folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = CLI.files(under: folder + "/cfg")
        #expect(files.count == 1)
        let relative = try #require(files.first)
        let config = try Self.parse(folder + "/cfg/" + relative)
        let id = try #require(config.string("id"))
        #expect(UUID(uuidString: id) != nil, "id \(id) is not a UUID")
        #expect(relative == "shop-ios/productId-\(id.prefix(8)).json")
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("cfg/" + relative))
        #expect(config.string("appKey") == "shop-ios")
        #expect(config.string("viewEvent") == "ListItemClick")
        #expect(config.string("viewPath") == Self.cellWildcard)
        #expect(config.string("keyPath") == "model.productId")
        #expect(config.string("keyName") == "productId")
        // Versions default to the snapshot's app version on.
        let versions = try #require(config["versions"] as? [[String: Any]])
        #expect(versions.count == 1)
        #expect(versions.first?.string("from") == "5.3.0")
        #expect(versions.first?["until"] == nil)
    }

    @Test("a config file has fixed key order, two-space indent and a trailing newline")
    func fileLayoutIsStable() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try TreeAndPathTests.index(
            of: TreeAndPathTests.homeButtonPath, in: "shop-home.json", folder: folder)
        let outcome = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ButtonClick",
                "--path", InspectAndMatchTests.buttonWildcard, "--condition", "title=加入购物车",
                "--key-path", "superview.superview.model.productId", "--key-name", "productId",
                "--from", "5.3.0", "--until", "5.6.0", "--note", "add-to-cart taps", "--configs", "cfg",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let file = try #require(CLI.files(under: folder + "/cfg").first)
        let text = try Self.read(folder + "/cfg/" + file)
        #expect(
            Self.topLevelKeys(text) == [
                "id", "appKey", "versions", "viewEvent", "viewPath", "viewId", "conditions",
                "keyPath", "keyName", "note",
            ])
        #expect(text.hasPrefix("{\n  \"id\": \""))
        #expect(text.hasSuffix("}\n"))
        #expect(!text.hasSuffix("\n\n"))
        #expect(!text.contains("\t"))
        for line in text.components(separatedBy: "\n") where !line.isEmpty {
            let indent = line.prefix(while: { $0 == " " }).count
            #expect(indent % 2 == 0, "odd indent in \(line)")
        }
        // Non-ASCII text is written as itself, so a diff shows it.
        #expect(text.contains("\"title\": \"加入购物车\""))
        let config = try Self.parse(folder + "/cfg/" + file)
        #expect(config.string("viewId") == (try CLI.md5(InspectAndMatchTests.buttonWildcard)))
        #expect(config["conditions"] as? [String: String] == ["title": "加入购物车"])
        #expect(config["versions"] as? [[String: String]] == [["from": "5.3.0", "until": "5.6.0"]])
    }

    @Test("without conditions or note those keys are left out, the rest keep their order")
    func optionalKeysLeftOut() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        let file = try #require(CLI.files(under: folder + "/cfg").first)
        let text = try Self.read(folder + "/cfg/" + file)
        #expect(
            Self.topLevelKeys(text) == [
                "id", "appKey", "versions", "viewEvent", "viewPath", "viewId", "keyPath", "keyName",
            ])
        #expect(text.hasSuffix("}\n"))
    }

    @Test("the viewId of a saved config is the MD5 of its viewPath")
    func savedViewIdIsMD5OfPath() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        let config = try Self.parse(folder + "/cfg/" + (try #require(CLI.files(under: folder + "/cfg").first)))
        #expect(config.string("viewId") == (try CLI.md5(Self.cellWildcard)))
    }

    @Test("adding the same config twice is a conflict: exit 3, nothing written")
    func secondIdenticalAddIsConflict() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        let before = CLI.files(under: folder + "/cfg")
        let second = try Self.addCellConfig(folder)
        #expect(second.status == 3)
        #expect(second.stderr.contains("conflict"))
        #expect(second.stdout.isEmpty)
        #expect(CLI.files(under: folder + "/cfg") == before)
    }

    @Test("the same path in another notation with overlapping versions is a conflict too")
    func conflictAcrossNotations() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder, ["--from", "5.0", "--until", "5.4.0"]).status == 0)
        let index = try TreeAndPathTests.index(of: TreeAndPathTests.homeCellPath, in: "shop-home.json", folder: folder)
        let dash = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "productId",
                "--path", "HomeViewController-UIView-UITableView-ProductCell & 0-0-0-0:*",
                "--from", "5.3.9", "--until", "5.4", "--configs", "cfg",
            ], in: folder)
        #expect(dash.status == 3)
        #expect(dash.stderr.contains("conflict"))
        #expect(CLI.files(under: folder + "/cfg").count == 1)
    }

    @Test("intervals are half-open: until 5.4.0 and from 5.4 do not conflict")
    func adjacentIntervalsDoNotConflict() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder, ["--from", "5.0", "--until", "5.4.0"]).status == 0)
        let next = try Self.addCellConfig(folder, ["--from", "5.4"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(CLI.files(under: folder + "/cfg").count == 2)
    }

    @Test("adding a config leaves the bytes of the other config files as they were")
    func addDoesNotTouchOtherFiles() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        // A hand-made (valid) config with its own formatting choices must survive untouched too.
        let handPath = "HomeViewController[0]/UIView[0]/UIPageControl[0]"
        let handMade = """
            {
              "id": "0b6a1c2e-1111-4a2b-8c3d-123456789abc",
              "appKey": "shop-ios",
              "versions": [],
              "viewEvent": "Exposure",
              "viewPath": "\(handPath)",
              "viewId": "\(try CLI.md5(handPath))",
              "keyPath": "currentPage",
              "keyName": "bannerPage"
            }

            """
        try CLI.write(handMade, to: "cfg/shop-ios/bannerPage-0b6a1c2e.json", in: folder)
        var before: [String: Data] = [:]
        for file in CLI.files(under: folder + "/cfg") {
            before[file] = try Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + file))
        }
        #expect(before.count == 2)
        let second = try Self.addCellConfig(folder, keyPath: "model.price", keyName: "price")
        #expect(second.status == 0, "\(second.stderr)")
        let after = CLI.files(under: folder + "/cfg")
        #expect(after.count == 3)
        for (file, bytes) in before {
            #expect((try? Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + file))) == bytes, "\(file) changed")
        }
        // No temp files are left behind by the atomic write.
        #expect(after.allSatisfy { $0.hasSuffix(".json") })
    }

    @Test("an event that does not apply to the view is refused (exit 3) unless --force")
    func inapplicableEventNeedsForce() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let label = TreeAndPathTests.homeCellPath + "/UITableViewCellContentView[0]/UILabel[0]"
        let index = try TreeAndPathTests.index(of: label, in: "shop-home.json", folder: folder)
        let arguments = [
            "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ValueChanged",
            "--key-path", "text", "--key-name", "labelText", "--configs", "cfg",
        ]
        let refused = try CLI.run(arguments, in: folder)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("ValueChanged"))
        #expect(refused.stderr.contains("--force"))
        #expect(CLI.files(under: folder + "/cfg").isEmpty)
        let forced = try CLI.run(arguments + ["--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(CLI.files(under: folder + "/cfg").count == 1)
    }

    @Test("a key path reading a text field's text is refused unless --force")
    func textFieldTextIsRefused() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try TreeAndPathTests.tree("settings.json", in: folder)
        let nickname = try #require(
            views.first { $0.string("class") == "UITextField" && $0.string("path")?.contains("[0:0]") == true })
        let arguments = [
            "config", "add", CLI.sample("settings.json"), "--node", String(try #require(nickname.int("index"))),
            "--event", "Exposure", "--key-path", "text", "--key-name", "nickname", "--configs", "cfg",
        ]
        let refused = try CLI.run(arguments, in: folder)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("--force"))
        #expect(CLI.files(under: folder + "/cfg").isEmpty)
        let forced = try CLI.run(arguments + ["--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(CLI.files(under: folder + "/cfg") == [try #require(CLI.files(under: folder + "/cfg").first)])
        #expect(CLI.files(under: folder + "/cfg").first?.hasPrefix("notes-ios/nickname-") == true)
    }

    @Test("the password field's text is refused too")
    func passwordFieldTextIsRefused() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try TreeAndPathTests.tree("settings.json", in: folder)
        let password = try #require(
            views.first { $0.string("class") == "UITextField" && $0.string("path")?.contains("[0:1]") == true })
        let refused = try CLI.run(
            [
                "config", "add", CLI.sample("settings.json"), "--node", String(try #require(password.int("index"))),
                "--event", "Exposure", "--key-path", "text", "--key-name", "pw", "--configs", "cfg",
            ], in: folder)
        #expect(refused.status == 3)
        #expect(CLI.files(under: folder + "/cfg").isEmpty)
    }

    @Test("a search bar's text field may be read: SearchSubmit with key path text is saved")
    func searchFieldTextIsAllowed() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try TreeAndPathTests.tree("shop-home.json", in: folder)
        let field = try #require(views.first { $0.string("class") == "UISearchBarTextField" })
        let outcome = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(try #require(field.int("index"))),
                "--event", "SearchSubmit", "--key-path", "text", "--key-name", "query", "--configs", "cfg",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let file = try #require(CLI.files(under: folder + "/cfg").first)
        let config = try Self.parse(folder + "/cfg/" + file)
        #expect(config.string("keyPath") == "text")
        #expect(config.string("viewEvent") == "SearchSubmit")
    }

    @Test("--path that does not match the chosen view is an error and nothing is written")
    func pathMustMatchTheView() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let index = try TreeAndPathTests.index(of: TreeAndPathTests.homeCellPath, in: "shop-home.json", folder: folder)
        let outcome = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(index), "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "productId",
                "--path", "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:2]", "--configs", "cfg",
            ],
            in: folder)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.hasPrefix("lasso: "))
        #expect(outcome.stderr.contains("does not match"))
        #expect(CLI.files(under: folder + "/cfg").isEmpty)
    }

    @Test("a bar button's config gets * for its index and an action condition")
    func barButtonGetsWildcardAndAction() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let views = try TreeAndPathTests.tree("shop-home.json", in: folder)
        let buttons = views.filter { $0.string("class") == "_UIButtonBarButton" }
        #expect(buttons.count == 3)
        let messages = try #require(
            buttons.first { $0.string("path")?.hasSuffix("_UIButtonBarStackView[1]/_UIButtonBarButton[0]") == true })
        let outcome = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", String(try #require(messages.int("index"))),
                "--event", "ButtonClick", "--key-path", "accessibilityLabel", "--key-name", "navButton",
                "--configs", "cfg",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let config = try Self.parse(folder + "/cfg/" + (try #require(CLI.files(under: folder + "/cfg").first)))
        #expect(config.string("viewPath")?.hasSuffix("/_UIButtonBarButton[*]") == true)
        #expect(config["conditions"] as? [String: String] == ["action": "openMessages:"])
    }

    @Test("an app key or key name that would leave the configs folder is refused")
    func unsafeNamesRefused() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let badKeyName = try Self.addCellConfig(folder, keyName: "../../escape")
        #expect(badKeyName.status == 64)
        let badAppKey = try Self.addCellConfig(folder, ["--app-key", "../evil"])
        #expect(badAppKey.status == 64)
        #expect(CLI.files(under: folder).isEmpty)
    }

    // MARK: list / show / edit / rm

    @Test("config list --json lists every config with its file; --app-key and --app-version filter")
    func listFilters() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder, ["--from", "5.0", "--until", "5.4.0"]).status == 0)
        #expect(
            try Self.addCellConfig(folder, keyPath: "model.price", keyName: "price", ["--from", "5.4.0-beta.1"]).status
                == 0)
        let views = try TreeAndPathTests.tree("settings.json", in: folder)
        let toggle = try #require(views.first { $0.string("class") == "UISwitch" })
        #expect(
            try CLI.run(
                [
                    "config", "add", CLI.sample("settings.json"), "--node", String(try #require(toggle.int("index"))),
                    "--event", "ValueChanged", "--key-path", "state.isOn", "--key-name", "syncOn", "--configs", "cfg",
                ],
                in: folder
            ).status == 0)

        func keyNames(_ extra: [String]) throws -> [String] {
            let outcome = try CLI.run(["config", "list", "--configs", "cfg", "--json"] + extra, in: folder)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try CLI.objects(outcome).compactMap { $0.string("keyName") }.sorted()
        }
        #expect(try keyNames([]) == ["price", "productId", "syncOn"])
        #expect(try keyNames(["--app-key", "notes-ios"]) == ["syncOn"])
        #expect(try keyNames(["--app-key", "shop-ios"]) == ["price", "productId"])
        #expect(try keyNames(["--app-key", "shop-ios", "--app-version", "5.3.0"]) == ["productId"])
        // A pre-release sorts before its release: 5.4.0-beta.2 is in [5.4.0-beta.1, …) and in [5.0, 5.4.0).
        #expect(try keyNames(["--app-key", "shop-ios", "--app-version", "5.4.0-beta.2"]) == ["price", "productId"])
        #expect(try keyNames(["--app-key", "shop-ios", "--app-version", "5.10"]) == ["price"])
        #expect(try keyNames(["--app-key", "shop-ios", "--app-version", "4.9"]) == [])
        #expect(try keyNames(["--app-key", "nobody"]) == [])

        let all = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        for config in all {
            let file = try #require(config.string("file"))
            #expect(
                FileManager.default.fileExists(atPath: folder + "/" + file)
                    || FileManager.default.fileExists(atPath: file))
            #expect(config.string("id") != nil)
        }
        let text = try CLI.run(["config", "list", "--configs", "cfg"], in: folder)
        #expect(CLI.lines(text.stdout).count == 3)
    }

    @Test("config list of an empty or missing folder is an empty list")
    func listEmpty() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["config", "list", "--configs", "nothing-here", "--json"], in: folder)
        #expect(outcome.status == 0)
        #expect(try CLI.objects(outcome).isEmpty)
    }

    @Test("config show prints the file's config by id or id prefix; an unknown id exits 1")
    func showById() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        let file = folder + "/cfg/" + (try #require(CLI.files(under: folder + "/cfg").first))
        let id = try #require(try Self.parse(file).string("id"))
        for query in [id, String(id.prefix(8))] {
            let shown = try CLI.run(["config", "show", query, "--configs", "cfg"], in: folder)
            #expect(shown.status == 0)
            let object = try CLI.object(shown)
            #expect(object.string("id") == id)
            #expect(object.string("viewPath") == Self.cellWildcard)
        }
        let missing = try CLI.run(["config", "show", "ffffffff", "--configs", "cfg"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("lasso: "))
        #expect(missing.stdout.isEmpty)
    }

    @Test("config edit changes fields, keeps the id, and renames the file with the key name")
    func editKeepsId() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        let first = try #require(CLI.files(under: folder + "/cfg").first)
        let id = try #require(try Self.parse(folder + "/cfg/" + first).string("id"))
        let edited = try CLI.run(
            [
                "config", "edit", String(id.prefix(8)), "--configs", "cfg", "--until", "5.6.0",
                "--note", "edited", "--key-name", "pid",
            ], in: folder)
        #expect(edited.status == 0, "\(edited.stderr)")
        let files = CLI.files(under: folder + "/cfg")
        #expect(files == ["shop-ios/pid-\(id.prefix(8)).json"])
        let text = try Self.read(folder + "/cfg/" + files[0])
        let config = try Self.parse(folder + "/cfg/" + files[0])
        #expect(config.string("id") == id)
        #expect(config.string("keyName") == "pid")
        #expect(config.string("note") == "edited")
        #expect(config["versions"] as? [[String: String]] == [["from": "5.3.0", "until": "5.6.0"]])
        #expect(
            Self.topLevelKeys(text) == [
                "id", "appKey", "versions", "viewEvent", "viewPath", "viewId", "keyPath", "keyName", "note",
            ])
        #expect(text.hasSuffix("}\n"))
    }

    @Test("config edit into a conflict with another config is refused with exit 3")
    func editIntoConflict() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        #expect(try Self.addCellConfig(folder, keyPath: "model.price", keyName: "price").status == 0)
        let price = try #require(CLI.files(under: folder + "/cfg").first { $0.contains("/price-") })
        let priceBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + price))
        let id = try #require(try Self.parse(folder + "/cfg/" + price).string("id"))
        let outcome = try CLI.run(["config", "edit", id, "--configs", "cfg", "--key-name", "productId"], in: folder)
        #expect(outcome.status == 3)
        #expect(outcome.stderr.contains("conflict"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + price)) == priceBytes)
    }

    @Test("config rm removes the config's file; a second rm exits 1")
    func rmRemovesFile() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.addCellConfig(folder).status == 0)
        #expect(try Self.addCellConfig(folder, keyPath: "model.price", keyName: "price").status == 0)
        let product = try #require(CLI.files(under: folder + "/cfg").first { $0.contains("/productId-") })
        let id = try #require(try Self.parse(folder + "/cfg/" + product).string("id"))
        let removed = try CLI.run(["config", "rm", id, "--configs", "cfg"], in: folder)
        #expect(removed.status == 0, "\(removed.stderr)")
        let left = CLI.files(under: folder + "/cfg")
        #expect(left.count == 1)
        #expect(left.first?.contains("/price-") == true)
        let again = try CLI.run(["config", "rm", id, "--configs", "cfg"], in: folder)
        #expect(again.status == 1)
        #expect(CLI.files(under: folder + "/cfg") == left)
    }
}
