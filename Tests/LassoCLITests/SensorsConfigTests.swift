import Foundation
import Testing
import _LassoTestSupport

/// The Sensors Analytics visualized-properties config: written by `lasso config export --profile sensors`, served by
/// `lasso serve` at the route the SDK builds, with each status the SDK's code handles, fetched here as the SDK does.
@Suite("Sensors SDKs: the config they download, exported and served")
struct SensorsConfigTests {
    static let anyRow = "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]"

    /// A folder with three configs of shop-ios on the cart button: its row's name (sent), its row's model field
    /// (not sent: no element's text), and one in lasso's own paths (not a Sensors one).
    static func project() throws -> String {
        let folder = try CLI.folder()
        let snapshot = CLI.sample("shop-home.json")
        let common = ["config", "add", snapshot, "--node", "34", "--event", "ButtonClick", "--configs", "cfg"]
        let sensors = ["--profile", "sensors", "--path", anyRow]
        for arguments in [
            sensors + ["--key-path", "superview.views[UILabel:0].text", "--key-name", "product_name"],
            sensors + ["--key-path", "superview.superview.model.productId", "--key-name", "productId", "--force"],
            ["--key-path", "currentTitle", "--key-name", "button_title"],
        ] {
            let added = try CLI.run(common + arguments, in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return folder
    }

    /// The URL the SDK requests: its data URL without the last path component and the query, then
    /// `config/visualized/iOS.conf`, with `app_id`, `project` (the data URL's, else `default`) and the `v` it holds.
    static func sdkRequest(dataURL: String, appId: String, held: String?, file: String = "iOS.conf") -> String {
        var components = URLComponents(string: dataURL)!
        let project = components.queryItems?.first { $0.name == "project" }?.value ?? "default"
        components.query = nil
        components.path = (components.path as NSString).deletingLastPathComponent
        let base = components.string!.hasSuffix("/") ? components.string! : components.string! + "/"
        var parameters = ["app_id=\(appId)", "project=\(project)"]
        if let held { parameters.append("v=\(held)") }
        return base + "config/visualized/" + file + "?" + parameters.joined(separator: "&")
    }

    /// The status line and body of a GET, read off a raw socket.
    static func get(_ url: String, port: Int) throws -> (status: Int, body: String) {
        let path = String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        let reply = try DumpAloneEndToEndTests.get(path, port: port)
        let status = Int(reply.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = reply.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    @Test("export: one appclick event with the row's name as a property; the model field named as not sent")
    func export() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let exported = try CLI.run(["config", "export", "--profile", "sensors", "--configs", "cfg"], in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("not sent to Sensors SDKs: "), "\(exported.stderr)")
        #expect(
            exported.stderr.contains(
                "productId: its key path superview.superview.model.productId reads no element's text"))
        #expect(exported.stderr.contains("button_title: its path is written in lasso's dialect"), "\(exported.stderr)")
        let document = try CLI.object(exported)
        #expect(document["os"] as? String == "iOS")
        #expect(document["app_id"] as? String == "shop-ios")
        #expect(document["project"] as? String == "default")
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(events.count == 1)
        let event = try #require(events.first?["event"] as? [String: Any])
        // The same element_path the Sensors profile names the view by, its row left open.
        let path = try CLI.objects(
            try CLI.run(
                ["path", CLI.sample("shop-home.json"), "--node", "34", "--profile", "sensors", "--json"], in: folder))
        #expect(event["element_path"] as? String == path.first?["anyRowPath"] as? String)
        #expect(event["element_path"] as? String == Self.anyRow)
        #expect(event["screen_name"] as? String == path.first?["screenName"] as? String)
        let properties = try #require(events.first?["properties"] as? [[String: Any]])
        #expect(properties.map { $0["name"] as? String } == ["product_name"])
        #expect(
            properties.first?["element_path"] as? String
                == "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UILabel[0]")
        #expect(properties.first?["type"] as? String == "STRING")
        // -o writes the file atomically and says what it holds.
        let written = try CLI.run(
            ["config", "export", "--profile", "sensors", "--configs", "cfg", "-o", "iOS.conf"], in: folder)
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote iOS.conf: 1 event, version "), "\(written.stderr)")
        #expect(try String(contentsOfFile: folder + "/iOS.conf", encoding: .utf8) == exported.stdout)
    }

    @Test("validate says a forced config is never sent to Sensors SDKs (its status stays ok), in text and JSON")
    func validateSaysNotSent() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let text = try CLI.run(["validate", CLI.sample("shop-home.json"), "--configs", "cfg"], in: folder)
        let line = text.stdout.split(separator: "\n").first { $0.contains(" productId ") }.map(String.init) ?? ""
        #expect(line.contains("ok") && line.contains("not sent to Sensors SDKs: "), "\(text.stdout)")
        let named = text.stdout.split(separator: "\n").first { $0.contains(" product_name ") }.map(String.init) ?? ""
        #expect(!named.contains("not sent"), "\(named)")
        let json = try CLI.objects(
            try CLI.run(["validate", CLI.sample("shop-home.json"), "--configs", "cfg", "--json"], in: folder))
        let configs = json.first?["configs"] as? [[String: Any]] ?? []
        let forced = configs.first { $0["keyName"] as? String == "productId" }
        #expect((forced?["notSent"] as? String)?.contains("reads no element's text") == true, "\(configs)")
    }

    @Test("serve: 200 with the document, 304 for the version held, 205 for none, 400 without app_id")
    func served() throws {
        let folder = try Self.project()
        defer { CLI.cleanUp(folder) }
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let pushed = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url], in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let dataURL = "http://127.0.0.1:\(server.port)/sa?project=production"
        let first = try Self.get(Self.sdkRequest(dataURL: dataURL, appId: "shop-ios", held: nil), port: server.port)
        #expect(first.status == 200, "\(first.body)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(first.body.utf8)) as? [String: Any], "\(first.body)")
        #expect(document["project"] as? String == "production")
        #expect(document["os"] as? String == "iOS")
        let version = try #require(document["version"] as? String)
        let exported = try CLI.object(
            try CLI.run(["config", "export", "--profile", "sensors", "--configs", "cfg"], in: folder))
        #expect(exported["version"] as? String == version, "the server and the export say the same")
        #expect((document["events"] as? [Any])?.count == 1)
        // The SDK sends back the version it holds: nothing changed, 304 and no body.
        let same = try Self.get(Self.sdkRequest(dataURL: dataURL, appId: "shop-ios", held: version), port: server.port)
        #expect(same.status == 304)
        #expect(same.body.isEmpty)
        let stale = try Self.get(Self.sdkRequest(dataURL: dataURL, appId: "shop-ios", held: "0"), port: server.port)
        #expect(stale.status == 200)
        // No config a Sensors SDK can be sent: 205, which clears what the SDK holds.
        let android = try Self.get(
            Self.sdkRequest(dataURL: dataURL, appId: "shop-ios", held: version, file: "Android.conf"), port: server.port
        )
        #expect(android.status == 205)
        let unknown = try Self.get(Self.sdkRequest(dataURL: dataURL, appId: "com.other", held: nil), port: server.port)
        #expect(unknown.status == 205)
        let missing = try Self.get("http://127.0.0.1:\(server.port)/config/visualized/iOS.conf", port: server.port)
        #expect(missing.status == 400)
        #expect(missing.body.contains("app_id"))
        // A change the SDK must see gives another version.
        let listed = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        let id = try #require(listed.first { $0["keyName"] as? String == "product_name" }?["id"] as? String)
        let edited = try CLI.run(["config", "edit", id, "--key-name", "product_title", "--configs", "cfg"], in: folder)
        #expect(edited.status == 0, "\(edited.stderr)")
        _ = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url], in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
        let changed = try Self.get(
            Self.sdkRequest(dataURL: dataURL, appId: "shop-ios", held: version), port: server.port)
        #expect(changed.status == 200)
        #expect(changed.body.contains("product_title"))
    }

    @Test(
        "circled in the UI with the sensors profile, pushed with P, fetched as the SDK does: the profile's element_path",
        .enabled(if: Tools.hasTmux, "needs tmux"))
    func circledAndServed() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        try FileManager.default.copyItem(atPath: CLI.sample("shop-home.json"), toPath: folder + "/shop-home.json")
        try #"{"server": "\#(server.url)", "profile": "sensors"}"#.write(
            toFile: folder + "/lasso.json", atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            ["shop-home.json"], in: folder, environment: ["LASSO_TOKEN": ServerCommandTests.token])
        defer { session.kill() }
        try session.waitFor("lasso for sensors")
        try session.keys("/")
        try session.type("到货")
        try session.keys("Enter", "c")
        try session.waitFor("◂ ButtonClick ▸")
        // Any row of the list; the values a Sensors SDK can be sent (texts) come first.
        try session.keys("Down", "Left", "Left", "Space")
        try session.waitFor("ShopKit.ProductCell[0][-]")
        try session.keys("Down", "Right")
        try session.waitFor("◂ \"到货提醒\" ▸")
        try session.keys("Right", "Right")
        try session.waitFor("◂ \"¥329.00\" ▸")
        try session.keys("Down", "Down", "C-u")
        try session.type("price_text")
        try session.keys("Enter")
        try session.waitFor("saved price_text (ButtonClick)")
        try session.keys("P")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done: 1 sent")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        let reply = try Self.get(
            Self.sdkRequest(dataURL: server.url + "/sa", appId: "shop-ios", held: nil), port: server.port)
        #expect(reply.status == 200, "\(reply.body)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any], "\(reply.body)")
        let event = try #require((document["events"] as? [[String: Any]])?.first)
        let node = try CLI.objects(
            try CLI.run(["path", "shop-home.json", "--find", "到货", "--profile", "sensors", "--json"], in: folder))
        let expected = try #require(node.first?["anyRowPath"] as? String)
        #expect((event["event"] as? [String: Any])?["element_path"] as? String == expected)
        let property = (event["properties"] as? [[String: Any]])?.first
        #expect(property?["name"] as? String == "price_text")
        #expect((property?["element_path"] as? String)?.hasSuffix("/UILabel[1]") == true, "\(property ?? [:])")
    }

    @Test("sensors-android: the Android document (os Android), served at Android.conf; iOS.conf has none of them")
    func android() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let dump = try CLI.write(DumpAloneEndToEndTests.chats, to: "chats.xml", in: folder)
        let found = try CLI.objects(
            try CLI.run(["path", dump, "--find", "Alice", "--profile", "sensors-android", "--json"], in: folder))
        // The row holding Alice: the text's parent (just before it in the dump), whose path leaves its row open.
        let text = try #require(found.first)
        let rowPath = try #require(text["anyRowPath"] as? String)
        let row = String(rowPath.split(separator: "/").dropLast().joined(separator: "/"))
        let added = try CLI.run(
            [
                "config", "add", dump, "--node", String(try #require(text["index"] as? Int) - 1), "--event",
                "ListItemClick", "--profile", "sensors-android",
                "--key-path", "views[#name].text", "--key-name", "chat_name", "--app-key", "chat", "--app-version",
                "3.2.0", "--configs", "cfg", "--path", row, "--force",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let exported = try CLI.object(
            try CLI.run(["config", "export", "--profile", "sensors-android", "--configs", "cfg"], in: folder))
        #expect(exported["os"] as? String == "Android")
        let event = try #require((exported["events"] as? [[String: Any]])?.first)
        #expect((event["event"] as? [String: Any])?["element_path"] as? String == row)
        let property = (event["properties"] as? [[String: Any]])?.first
        #expect(property?["element_path"] as? String == rowPath, "\(property ?? [:])")
        let ios = try CLI.object(
            try CLI.run(["config", "export", "--profile", "sensors", "--configs", "cfg"], in: folder))
        #expect((ios["events"] as? [Any])?.isEmpty == true)
    }
}
