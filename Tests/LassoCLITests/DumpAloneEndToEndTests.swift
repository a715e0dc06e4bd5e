import Foundation
import LassoDocuments
import Testing
import _LassoTestSupport

/// A team's dump, circled alone, through the real binary in tmux: a uiautomator list that names no app, a row
/// circled, its visible text picked from the top of the value list, the app-key question answered, the config saved
/// and pushed to a real `lasso serve`, and the SDK's GET returns it — no file edited by hand, no restart.
@Suite("A real dump circled alone, end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct DumpAloneEndToEndTests {
    /// A chat list as `uiautomator dump` writes it, with no `package`: nothing in it names the app.
    static let chats = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" bounds="[0,0][720,1600]">\
        <node index="0" text="" resource-id="com.example.chat:id/list" class="androidx.recyclerview.widget.RecyclerView" scrollable="true" bounds="[0,100][720,1600]">\
        <node index="0" text="" resource-id="" class="android.widget.LinearLayout" clickable="true" bounds="[0,100][720,244]">\
        <node index="0" text="Alice" resource-id="com.example.chat:id/name" class="android.widget.TextView" bounds="[120,112][500,162]" />\
        <node index="1" text="20:07" resource-id="com.example.chat:id/time" class="android.widget.TextView" bounds="[560,112][700,162]" />\
        </node>\
        <node index="1" text="" resource-id="" class="android.widget.LinearLayout" clickable="true" bounds="[0,244][720,388]">\
        <node index="0" text="Bob" resource-id="com.example.chat:id/name" class="android.widget.TextView" bounds="[120,256][500,306]" />\
        <node index="1" text="昨天" resource-id="com.example.chat:id/time" class="android.widget.TextView" bounds="[560,256][700,306]" />\
        </node></node></node></hierarchy>
        """

    /// What `GET path` answers, read off a raw socket as an SDK's HTTP client would get it.
    static func get(_ path: String, port: Int) throws -> String {
        let socket = try LoopbackSocket(port: port)
        defer { socket.close() }
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return socket.read(for: .seconds(10)).text
    }

    @Test("open a dump with no app key, circle a row, pick its text, answer the question, save, push, GET it")
    func rowTextPushed() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.chats.write(toFile: folder + "/chats.xml", atomically: true, encoding: .utf8)
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        // The team's lasso.json names its server, not this app.
        try #"{"server": "\#(server.url)"}"#.write(toFile: folder + "/lasso.json", atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            ["chats.xml"], in: folder, environment: ["LASSO_TOKEN": ServerCommandTests.token])
        defer { session.kill() }
        try session.waitFor("─ Views ─")
        try session.waitFor("lasso · no app key")
        // Find the row by its text; the text takes no touch, so lasso offers the row, which Enter takes.
        try session.keys("/")
        try session.type("Alice")
        try session.keys("Enter", "c")
        try session.waitFor("circle the row?")
        try session.keys("Enter")
        try session.waitFor("◂ ListItemClick ▸  applies to this view")
        // Location: any row of this list; Value: the first value is the row's visible text.
        try session.keys("Down", "Space")
        try session.waitFor("any row of this list")
        try session.keys("Down", "Right")
        try session.waitFor("▸ \"Alice\"  ← views[#name].text")
        try session.keys("Enter")
        try session.waitFor("Which app is this screen of?")
        try session.keys("C-u")
        try session.type("chat-android")
        try session.keys("Down")
        try session.type("3.2.0")
        try session.keys("Enter")
        try session.waitFor("saved name (ListItemClick)")
        try session.waitFor("lasso · chat-android 3.2.0")
        try session.keys("P")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done: 1 sent")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        let settings = try ProjectSettings.load(folder + "/lasso.json")
        #expect(settings.appKey == "chat-android")
        #expect(settings.server == server.url)
        let reply = try Self.get("/v1/apps/chat-android/configs?version=3.2.0", port: server.port)
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
        #expect(reply.contains(#""keyPath":"views[#name].text""#) || reply.contains(#""keyPath": "views[#name].text""#))
        #expect(reply.contains("LinearLayout[0:*]"), "\(reply)")
        #expect(reply.contains(#""keyName""#) && reply.contains(#""name""#))
    }

    @Test(
        "no server in lasso.json and no LASSO_TOKEN: the push panel asks for both, writes the server to lasso.json, keeps the token in the user's folder (0600), pushes, and the SDK's GET returns it"
    )
    func serverAndTokenAsked() throws {
        let folder = try LassoProcess.temporaryFolder()
        let user = try LassoProcess.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: user)
        }
        try Self.chats.write(toFile: folder + "/chats.xml", atomically: true, encoding: .utf8)
        let server = try ServerCommandTests.Server(folder: user)
        defer { server.stop() }
        let session = try TmuxSession(
            ["chats.xml", "--app-key", "chat-android"], in: folder,
            environment: ["LASSO_TOKEN": "", "XDG_CONFIG_HOME": user + "/config"])
        defer { session.kill() }
        try session.waitFor("lasso · chat-android")
        try session.keys("/")
        try session.type("Alice")
        try session.keys("Enter", "c")
        try session.waitFor("circle the row?")
        try session.keys("Enter")
        try session.waitFor("◂ ListItemClick ▸  applies to this view")
        try session.keys("Down", "Space", "Down", "Right")
        try session.waitFor("▸ \"Alice\"  ← views[#name].text")
        try session.keys("Enter")
        // The app is known (--app-key) but the dump names no release: only that is asked, once.
        try session.waitFor("Which release is this screen of?")
        try session.type("3.2.0")
        try session.keys("Enter")
        try session.waitFor("saved name (ListItemClick)")
        // P: nothing names the server; the question says where each answer is kept.
        try session.keys("P")
        try session.waitFor("Which server does the push go to?")
        try session.waitFor("0600")
        // A wrong address is refused in words, nothing written (one without a scheme would be taken as http://).
        try session.keys("C-u")
        try session.type("ftp://localhost")
        try session.keys("Enter")
        try session.waitFor("is no server address")
        try session.keys("C-u")
        try session.type(server.url)
        try session.keys("Down")
        try session.type(ServerCommandTests.token)
        try session.waitFor("▶ Token      " + String(repeating: "•", count: ServerCommandTests.token.count))
        try session.keys("Enter")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done: 1 sent")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        let settings = try ProjectSettings.load(folder + "/lasso.json")
        #expect(settings.server == server.url)
        // The token is nowhere in the project folder; it is in the user's token file, readable by the user alone.
        let project = try FileManager.default.subpathsOfDirectory(atPath: folder)
        for file in project {
            let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains(ServerCommandTests.token), "\(file)")
        }
        let tokenFile = user + "/config/lasso/tokens.json"
        #expect(TokenStore(file: tokenFile).token(for: server.url) == ServerCommandTests.token)
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let reply = try Self.get("/v1/apps/chat-android/configs", port: server.port)
        #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
        #expect(reply.contains("views[#name].text"), "\(reply)")
    }
}
