import Foundation
import Testing
import _LassoTestSupport

/// Mixpanel's codeless event bindings: configs circled in the Mixpanel profile, exported by
/// `lasso config export --profile mixpanel` as `/decide` answers them, each selector the one the profile names.
@Suite("Mixpanel SDKs: the event bindings they read, exported")
struct MixpanelConfigTests {
    /// A folder with three configs of shop-ios in the Mixpanel profile: the cart button's tap (bound), its row's
    /// selection (the table bound), a banner's selection (a collection: not sent).
    static func project() throws -> String {
        let folder = try CLI.folder()
        let snapshot = CLI.sample("shop-home.json")
        for (node, event, name) in [
            ("34", "ButtonClick", "add_to_cart"), ("28", "ListItemClick", "pick_product"),
            ("17", "ListItemClick", "banner"),
        ] {
            let added = try CLI.run(
                [
                    "config", "add", snapshot, "--node", node, "--event", event, "--configs", "cfg", "--profile",
                    "mixpanel", "--key-path", "accessibilityIdentifier", "--key-name", name, "--force",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
            if name == "banner" {
                #expect(
                    added.stderr.contains(
                        "note: not sent to Mixpanel SDKs: Mixpanel SDKs bind rows of a UITableView only"))
            }
        }
        return folder
    }

    /// The Mixpanel selector `lasso path` gives node `node` of the sample.
    static func selector(_ node: String, in folder: String) throws -> String? {
        let path = try CLI.objects(
            try CLI.run(
                ["path", CLI.sample("shop-home.json"), "--node", node, "--profile", "mixpanel", "--json"], in: folder))
        return path.first?["path"] as? String
    }

    @Test("export: the button's ui_control and the table's ui_table_view, the banner named as not sent")
    func export() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let exported = try CLI.run(["config", "export", "--profile", "mixpanel", "--configs", "cfg"], in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            exported.stderr.contains(
                "not sent to Mixpanel SDKs: ")
                && exported.stderr.contains("banner: Mixpanel SDKs bind rows of a UITableView only"),
            "\(exported.stderr)")
        #expect(exported.stderr.contains("the key paths are not sent"), "\(exported.stderr)")
        let document = try CLI.object(exported)
        #expect(Array(document.keys) == ["event_bindings"])
        let bindings = try #require(document["event_bindings"] as? [[String: Any]])
        #expect(bindings.count == 2)
        let control = try #require(bindings.first { $0["event_type"] as? String == "ui_control" })
        #expect(control["event_name"] as? String == "add_to_cart")
        #expect(control["path"] as? String == (try Self.selector("34", in: folder)))
        #expect((control["control_event"] as? NSNumber)?.intValue == 64)
        #expect((control["verify_event"] as? NSNumber)?.intValue == 1)
        let table = try #require(bindings.first { $0["event_type"] as? String == "ui_table_view" })
        #expect(table["event_name"] as? String == "pick_product")
        #expect(table["path"] as? String == (try Self.selector("27", in: folder)))
        #expect(table["table_delegate"] as? String == "ShopApp.HomeViewController")
        // The table's selector selects the table itself, as the SDK's strict check needs.
        let selected = try CLI.objects(
            try CLI.run(
                [
                    "match", CLI.sample("shop-home.json"), "--profile", "mixpanel", "--path", table["path"] as! String,
                    "--json",
                ],
                in: folder))
        #expect(selected.map { $0["index"] as? Int } == [27], "\(selected)")
        // -o writes the file atomically and says what it holds.
        let written = try CLI.run(
            ["config", "export", "--profile", "mixpanel", "--configs", "cfg", "-o", "decide.json"], in: folder)
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote decide.json: 2 bindings"), "\(written.stderr)")
        #expect(try String(contentsOfFile: folder + "/decide.json", encoding: .utf8) == exported.stdout)
    }

    /// The `/decide` request a Mixpanel iOS SDK (3.9.2) sends at launch: `version`, `lib`, `token`, `distinct_id`, and
    /// its automatic people properties as JSON, the app's short version among them.
    static func decideRequest(token: String, release: String?, lib: String = "iphone") -> String {
        var properties: [String: String] = ["$ios_version": "17.4", "$ios_lib_version": "3.9.2"]
        if let release { properties["$ios_app_release"] = release }
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: properties), as: UTF8.self)
        var components = URLComponents()
        components.path = "/decide"
        components.queryItems = [
            URLQueryItem(name: "version", value: "1"), URLQueryItem(name: "lib", value: lib),
            URLQueryItem(name: "token", value: token), URLQueryItem(name: "distinct_id", value: "D-1"),
            URLQueryItem(name: "properties", value: json),
        ]
        // NSURLComponents leaves `+`, `$` and `:` as they are; the SDK's URL does the same.
        return components.string!
    }

    @Test(
        "serve: /decide as the SDK asks for it answers the export's event_bindings for its release; an older release, another library or another app gets none; a bad request carries the error key the SDK reads"
    )
    func served() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let pushed = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url], in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let exported = try CLI.run(
            ["config", "export", "--profile", "mixpanel", "--configs", "cfg", "--app-version", "5.3.0"], in: folder)
        let expected = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? NSDictionary
        func decide(_ path: String) throws -> (status: Int, document: NSDictionary?) {
            let reply = try SensorsConfigTests.get("http://127.0.0.1" + path, port: server.port)
            return (reply.status, try? JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? NSDictionary)
        }
        let current = try decide(Self.decideRequest(token: "shop-ios", release: "5.3.0"))
        #expect(current.status == 200)
        #expect(current.document == expected, "\(String(describing: current.document))")
        #expect((current.document?["event_bindings"] as? [Any])?.count == 2)
        // The SDK's release names the configs: before the configs' first version, none.
        for (token, release, lib) in [
            ("shop-ios", "5.2.9", "iphone"), ("shop-ios", "5.3.0", "android"), ("com.other", "5.3.0", "iphone"),
        ] {
            let none = try decide(Self.decideRequest(token: token, release: release, lib: lib))
            #expect(none.status == 200, "\(token) \(release) \(lib)")
            #expect(none.document == ["event_bindings": []] as NSDictionary, "\(token) \(release) \(lib)")
        }
        // Without a release, the configs still open: these ones.
        #expect(try decide(Self.decideRequest(token: "shop-ios", release: nil)).document == expected)
        // No token, or properties that are not an object: 400 with the `error` the SDK logs (it keeps its bindings).
        for path in ["/decide?version=1&lib=iphone", "/decide?token=shop-ios&properties=%5B1%5D"] {
            let bad = try decide(path)
            #expect(bad.status == 400, "\(path)")
            #expect(bad.document?["error"] is String, "\(path)")
        }
    }

    @Test(
        "a hand-edited binding that does not fit the config's event or path is one error at its place, never served")
    func misfits() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/cfg/shop-ios").filter {
            $0.hasSuffix(".json")
        }
        let button = folder + "/cfg/shop-ios/" + (try #require(files.first { $0.hasPrefix("add_to_cart") }))
        let row = folder + "/cfg/shop-ios/" + (try #require(files.first { $0.hasPrefix("pick_product") }))
        let buttonText = try String(contentsOfFile: button, encoding: .utf8)
        let rowText = try String(contentsOfFile: row, encoding: .utf8)
        let cases: [(file: String, text: String, words: String)] = [
            (
                button, buttonText.replacingOccurrences(of: #""ButtonClick""#, with: #""LongPress""#),
                "$.mixpanel: expected the binding lasso makes for LongPress: none (Mixpanel SDKs bind no LongPress)"
            ),
            (
                button, buttonText.replacingOccurrences(of: #""controlEvent": 64"#, with: #""controlEvent": 4096"#),
                "expected the binding lasso makes for ButtonClick: ui_control with controlEvent 64 and verifyEvent 1, found ui_control with controlEvent 4096"
            ),
            (
                row,
                rowText.replacingOccurrences(
                    of: #""tablePath": "/"#, with: #""tablePath": "/Totally/Other/UITableView[9]/"#),
                "$.mixpanel.tablePath: expected the selector of a UITableView above the view"
            ),
            (
                row, rowText.replacingOccurrences(of: #""ListItemClick""#, with: #""ButtonClick""#),
                "found ui_table_view"
            ),
        ]
        for (file, text, words) in cases {
            #expect(text != (file == button ? buttonText : rowText), "\(words): the edit changed nothing")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let listed = try CLI.run(["config", "list", "--configs", "cfg"], in: folder)
            #expect(listed.status == 65, "\(words): \(listed.stderr)")
            #expect(listed.stderr.contains(words), "\(listed.stderr)")
            let exported = try CLI.run(["config", "export", "--profile", "mixpanel", "--configs", "cfg"], in: folder)
            #expect(exported.status == 65 && exported.stdout.isEmpty, "\(words)")
            try (file == button ? buttonText : rowText).write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(try CLI.run(["config", "list", "--configs", "cfg"], in: folder).status == 0)
    }

    @Test("a profile whose SDK downloads nothing lasso writes is one usage error")
    func otherProfiles() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        for (word, words) in [
            (
                "growingio",
                "growingio SDKs download no config document lasso writes; expected sensors, sensors-android or mixpanel"
            ),
            ("mixpanl", "expected sensors, sensors-android or mixpanel, found \"mixpanl\""),
        ] {
            let outcome = try CLI.run(["config", "export", "--profile", word, "--configs", "cfg"], in: folder)
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains(words), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test(
        "config edit keeps the binding while the path and event stay, and drops it with a note when the event changes")
    func edit() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let listed = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        let id = try #require(listed.first { $0["keyName"] as? String == "add_to_cart" }?["id"] as? String)
        let kept = try CLI.run(["config", "edit", id, "--configs", "cfg", "--note", "the cart", "--json"], in: folder)
        #expect(kept.status == 0, "\(kept.stderr)")
        let keptConfig = try CLI.object(kept)
        #expect(
            (keptConfig["mixpanel"] as? [String: Any])?["binding"] as? String
                == "ui_control", "\(keptConfig)")
        let changed = try CLI.run(["config", "edit", id, "--configs", "cfg", "--event", "ViewTap"], in: folder)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("not sent to Mixpanel SDKs until checked on a screen"), "\(changed.stderr)")
        let exported = try CLI.run(["config", "export", "--profile", "mixpanel", "--configs", "cfg"], in: folder)
        #expect(exported.stderr.contains("add_to_cart: it was written before lasso kept the Mixpanel binding"))
        let rechecked = try CLI.run(
            [
                "config", "edit", id, "--configs", "cfg", "--snapshot", CLI.sample("shop-home.json"), "--node", "34",
                "--force",
            ], in: folder)
        #expect(rechecked.status == 0, "\(rechecked.stderr)")
        let again = try CLI.object(
            try CLI.run(["config", "export", "--profile", "mixpanel", "--configs", "cfg"], in: folder))
        #expect((again["event_bindings"] as? [[String: Any]])?.count == 2)
    }

    @Test(
        "every config written in the Mixpanel profile is valid against docs/config.schema.json",
        .enabled(if: Tools.hasReportReaders, "needs python3 with jsonschema"))
    func schema() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.schema.json").path
        let script = """
            import json, glob, jsonschema
            schema = json.load(open('\(schema)'))
            files = sorted(glob.glob('cfg/*/*.json'))
            for name in files:
                jsonschema.validate(json.load(open(name)), schema)
            bad = json.load(open(files[0]))
            bad['mixpanel'] = {'binding': 'ui_control'}
            try:
                jsonschema.validate(bad, schema)
                print('accepted a ui_control without controlEvent')
            except jsonschema.ValidationError:
                pass
            print(len(files))
            """
        let answer = try LintCommandTests.python(script, in: folder)
        #expect(answer.trimmingCharacters(in: .whitespacesAndNewlines) == "3", "\(answer)")
    }
}
