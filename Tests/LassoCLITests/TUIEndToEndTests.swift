import Foundation
import Testing
import _LassoTestSupport

/// The terminal UI through the real binary in tmux at 120×40: open, search, circle, save, resize, quit.
@Suite("Terminal UI end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct TUIEndToEndTests {
    /// Starts lasso with `arguments` in a fresh folder and waits for the outline.
    static func start(_ arguments: [String]) throws -> (String, TmuxSession) {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession(arguments, in: folder)
        try session.waitFor("─ Views ─")
        return (folder, session)
    }

    /// The UI on shop-home in a project whose lasso.json names a real `lasso serve` (with LASSO_TOKEN), waiting
    /// for the outline.
    struct ServedUI {
        let folder: String
        let server: ServerCommandTests.Server
        let session: TmuxSession

        /// With `definition`, the folder also holds a named event (`cart_p1003`) beside the two configs.
        init(definition: Bool = false) throws {
            folder = try ServerCommandTests.project()
            if definition {
                let added = try EventCommandTests.add(folder, [])
                #expect(added.status == 0, "\(added.stderr)")
            }
            server = try ServerCommandTests.Server(folder: folder)
            try #"{"appKey": "shop-ios", "server": "\#(server.url)", "configsDir": "cfg"}"#.write(
                toFile: folder + "/lasso.json", atomically: true, encoding: .utf8)
            session = try TmuxSession(
                [LassoProcess.sample("shop-home.json")], in: folder,
                environment: ["LASSO_TOKEN": ServerCommandTests.token])
            try session.waitFor("─ Views ─")
        }

        func stop() {
            session.kill()
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    static func stop(_ folder: String, _ session: TmuxSession) {
        session.kill()
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(
        "every sample opens and q quits with status 0",
        arguments: ["shop-home.json", "settings.json", "product-pager.json", "checkout-alert.json", "feed-legacy.json"])
    func opensEverySample(sample: String) throws {
        let (folder, session) = try Self.start(["open", LassoProcess.sample(sample)])
        defer { Self.stop(folder, session) }
        try session.waitFor("q quit")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("search, circle a node, type a key path and see its value, save, resize to 30×8 and back, quit")
    func circleFlow() throws {
        let (folder, session) = try Self.start([LassoProcess.sample("shop-home.json")])
        defer { Self.stop(folder, session) }
        try session.keys("/")
        try session.type("到货提醒")
        try session.keys("Enter")
        try session.waitFor("match 1 of 2")
        try session.keys("c")
        try session.waitFor("◂ ButtonClick ▸  applies to this view")
        try session.keys("Down", "Down", "Down")
        try session.type("superview.superview.model.productId")
        try session.waitFor("= \"P1005\"")
        try session.waitFor("sends {\"event\":\"ButtonClick\",\"keyName\":\"P1005\"}")
        try session.keys("Down")
        try session.type("restockProduct")
        try session.waitFor("sends {\"event\":\"ButtonClick\",\"restockProduct\":")
        try session.keys("Enter")
        try session.waitFor("saved restockProduct (ButtonClick) to kvc-configs/shop-ios/restockProduct-")
        try session.resize(width: 30, height: 8)
        try session.waitFor("Terminal too small (30×8).")
        try session.resize(width: 120, height: 40)
        try session.waitFor("─ Views ─")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")

        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/kvc-configs/shop-ios")
        #expect(files.count == 1)
        let text = try String(contentsOfFile: folder + "/kvc-configs/shop-ios/" + files[0], encoding: .utf8)
        #expect(text.contains("\"viewEvent\": \"ButtonClick\""))
        #expect(text.contains("\"keyPath\": \"superview.superview.model.productId\""))
        #expect(
            text.contains(
                "\"viewPath\": \"HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:4]/UITableViewCellContentView[0]/UIButton[0]\""
            ))
        #expect(text.hasSuffix("}\n"))
        // The config it wrote validates on the screen it was made on.
        let validate = try LassoProcess.run(["validate", LassoProcess.sample("shop-home.json")], in: folder)
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("ok"))
    }

    @Test("Ctrl-C quits; with an unsaved form it asks first")
    func controlC() throws {
        let (folder, session) = try Self.start(["open", LassoProcess.sample("settings.json")])
        defer { Self.stop(folder, session) }
        try session.keys("c")
        try session.waitFor("Key path")
        try session.keys("Down", "Down", "Down")
        try session.type("state")
        try session.keys("C-c")
        try session.waitFor("Quit anyway?")
        try session.keys("y")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("the terminal is restored after SIGTERM")
    func signalRestores() throws {
        let (folder, session) = try Self.start(["open", LassoProcess.sample("settings.json")])
        defer { Self.stop(folder, session) }
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkill.arguments = [
            "pkill", "-TERM", "-f", "\(LassoProcess.binary) open \(LassoProcess.sample("settings.json"))",
        ]
        try pkill.run()
        pkill.waitUntilExit()
        try session.waitFor("LASSO-EXIT=143")
        // Out of curses mode: the shell's output is on the normal screen, the UI gone.
        let screen = try session.screen()
        #expect(!screen.contains("─ Views ─"))
    }

    @Test("P shows the push plan against a real lasso serve, and Enter sends it")
    func pushFromTheUI() throws {
        let served = try ServedUI()
        defer { served.stop() }
        let (folder, session) = (served.folder, served.session)
        try session.keys("P")
        try session.waitFor(": 2 create")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done: 2 sent")
        try session.keys("Escape", "P")
        try session.waitFor("nothing to do: the server matches the folder")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        // What the UI sent is what the SDK gets.
        let pulled = try LassoProcess.run(["config", "list", "--configs", "cfg", "--json"], in: folder)
        #expect(pulled.status == 0)
    }

    @Test("P plans a named event beside the configs, Enter sends it, and the SDKs' events route gives it back")
    func pushSendsDefinitionsFromTheUI() throws {
        let served = try ServedUI(definition: true)
        defer { served.stop() }
        let session = served.session
        try session.keys("P")
        try session.waitFor(": 3 create")
        try session.waitFor("2 configs and 1 event definition to send")
        try session.keys("Enter")
        try session.waitFor("done: 3 sent")
        try session.keys("Escape", "P")
        try session.waitFor("nothing to do: the server matches the folder")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        // What the UI sent is what a back end gets from the SDKs' route.
        let events = try LassoProcess.runTool(
            "/usr/bin/curl", ["-s", served.server.url + "/v1/apps/shop-ios/events?version=5.4.0"])
        #expect(events.contains("\"key\":\"cart_p1003\""), "\(events)")
    }

    @Test("a foreign dump opens too, and what the import could not know is said in the status line")
    func opensADump() throws {
        let (folder, session) = try Self.start([
            LassoProcess.packageRoot.appendingPathComponent("Snapshots/dumps/appium-ios-home.xml").path
        ])
        defer { Self.stop(folder, session) }
        try session.waitFor("imported with")
        try session.waitFor("XCUIElementType")
        // The notes panel, a key away, says what the notes mean for the configs made here.
        try session.keys("i")
        try session.waitFor("Appium page sources have no view controllers")
        try session.waitFor("Pages are unknown here")
        try session.keys("Escape")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }
}
