import Foundation
import LassoSnapshot
import Testing
import _LassoLiveTestSupport
import _LassoTestSupport

/// `lasso live` and `lasso open --live` as a person uses them, on a real `lasso serve`, with a fake Sensors phone
/// (built from the SDKs' code) streaming to it.
@Suite(.serialized) struct LiveCommandTests {
    static let token = "live-admin-token"

    static func screen(_ number: Int, button: String = "加入购物车") -> FakeSensorsPhone.Screen {
        FakeSensorsPhone.Screen(
            page: "com.example.shop.Page\(number)", title: "第\(number)页", button: button,
            shade: UInt8(40 + number * 20))
    }

    static func run(_ arguments: [String], in folder: String, token: String? = token) throws -> CLI.Outcome {
        try LassoProcess.run(arguments, in: folder, environment: ["LASSO_TOKEN": token ?? ""])
    }

    /// Pairs a Sensors Android phone with `server` through the CLI and returns the pairing's JSON.
    static func pair(_ server: ServeProcess, in folder: String) throws -> [String: Any] {
        let paired = try run(
            ["live", "pair", "--sdk", "sensors-android", "--server", server.url, "--scheme", "sa5d0c9a2b", "--json"],
            in: folder)
        #expect(paired.status == 0, "\(paired.stderr)")
        return try CLI.object(paired)
    }

    @Test(.enabled(if: Tools.isCI || Tools.hasZbarimg, "needs zbarimg (zbar-tools) to read the QR code"))
    func pairPrintsTheLinkAndAQRCodeAPhoneReadsAsIt() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let server = try ServeProcess(db: folder + "/server.sqlite", token: Self.token)
        defer { server.stop() }
        let paired = try Self.run(
            ["live", "pair", "--sdk", "sensors-android", "--server", server.url, "--scheme", "sa5d0c9a2b"], in: folder)
        #expect(paired.status == 0, "\(paired.stderr)")
        let link = try #require(CLI.lines(paired.stdout).first { $0.hasPrefix("sa5d0c9a2b://visualized?") })
        // The code's rows: two modules a line (▀ top, ▄ bottom, █ both); read back by zbar as a phone's camera would.
        let rows = CLI.lines(paired.stdout).filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        #expect(rows.count > 10)
        var pixels: [[Bool]] = []
        for row in rows {
            let cells = Array(row.dropFirst(2))
            pixels.append(cells.map { $0 == "█" || $0 == "▀" })
            pixels.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        let width = pixels.map(\.count).max() ?? 0
        let scale = 6
        let margin = 4 * scale
        var pbm = "P1\n\(width * scale + 2 * margin) \(pixels.count * scale + 2 * margin)\n"
        let blank = String(repeating: "0 ", count: width * scale + 2 * margin) + "\n"
        pbm += String(repeating: blank, count: margin)
        for line in pixels {
            var text = String(repeating: "0 ", count: margin)
            for column in 0..<width {
                text += String(repeating: column < line.count && line[column] ? "1 " : "0 ", count: scale)
            }
            text += String(repeating: "0 ", count: margin) + "\n"
            pbm += String(repeating: text, count: scale)
        }
        pbm += String(repeating: blank, count: margin)
        let image = try CLI.write(pbm, to: "code.pbm", in: folder)
        let read = try TestCA.run(["/usr/bin/env", "zbarimg", "--raw", "-q", image])
        #expect(read.status == 0, "\(read.output)")
        // zbar may say first that it found no D-Bus; the code's text is a line of its own.
        #expect(CLI.lines(read.output).contains(link), "\(read.output)")
        // --json: the link for a script; without the admin token: said, not a stack of HTTP.
        let json = try CLI.object(
            Self.run(
                ["live", "pair", "--sdk", "sensors", "--server", server.url, "--scheme", "5d0c9a2b", "--json"],
                in: folder))
        #expect((json["link"] as? String)?.hasPrefix("sa5d0c9a2b://visualized?feature_code=") == true)
        let refused = try Self.run(
            ["live", "pair", "--sdk", "sensors", "--server", server.url, "--scheme", "sa1"], in: folder, token: nil)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("admin token"), "\(refused.stderr)")
        let unserved = try Self.run(
            ["live", "pair", "--sdk", "growingio", "--server", server.url, "--scheme", "growing.x"], in: folder)
        #expect(unserved.status == 3, "\(unserved.stderr)")
        #expect(unserved.stderr.contains("does not answer growingio"), "\(unserved.stderr)")
    }

    @Test func listAndGetWriteAStreamedScreenAsASnapshot() async throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let server = try ServeProcess(db: folder + "/server.sqlite", token: Self.token)
        defer { server.stop() }
        let empty = try Self.run(["live", "list", "--server", server.url], in: folder)
        #expect(empty.status == 0)
        #expect(empty.stdout.contains("no screens yet"), "\(empty.stdout)")
        let pairing = try Self.pair(server, in: folder)
        var phone = try FakeSensorsPhone(platform: .android, link: try #require(pairing["link"] as? String))
        _ = try await phone.post(Self.screen(1))
        _ = try await phone.post(Self.screen(2))
        let listed = try CLI.objects(Self.run(["live", "list", "--server", server.url, "--json"], in: folder))
        #expect(listed.count == 2)
        #expect(Set(listed[0].keys) == ["id", "app", "version", "screen", "sdk", "time", "pairing"])
        #expect(listed[0]["screen"] as? String == "com.example.shop.Page2")
        #expect(listed[0]["app"] as? String == "com.example.shop")
        #expect(listed[0]["sdk"] as? String == "sensors-android")
        let id = try #require(listed[1]["id"] as? Int)
        let got = try Self.run(["live", "get", String(id), "--server", server.url, "-o", "page1.json"], in: folder)
        #expect(got.status == 0, "\(got.stderr)")
        let tree = try CLI.run(["tree", "page1.json"], in: folder)
        #expect(tree.stdout.contains("加入购物车"), "\(tree.stdout)")
        // A file that is not a lasso snapshot is never replaced; an unknown screen is said as such.
        try CLI.write("{\"note\": \"mine\"}", to: "mine.json", in: folder)
        let foreign = try Self.run(["live", "get", String(id), "--server", server.url, "-o", "mine.json"], in: folder)
        #expect(foreign.status == 3, "\(foreign.stderr)")
        #expect(try String(contentsOfFile: folder + "/mine.json", encoding: .utf8) == "{\"note\": \"mine\"}")
        let missing = try Self.run(["live", "get", "999", "--server", server.url, "-o", "x.json"], in: folder)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no such screen"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.json"))
        // Ended: the phone is told to stop at its next post.
        let ended = try Self.run(
            ["live", "end", try #require(pairing["id"] as? String), "--server", server.url], in: folder)
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(try await phone.post(nil).answer?["delay"]?.doubleValue == -1)
    }

    /// A product manager's whole circle on a phone: the UI opens the phone's screen, moves with it (not while a form
    /// is open), circles a button and sends the config to the phone, and shows what the phone fired.
    @Test(.enabled(if: Tools.hasTmux, "needs tmux"))
    func openLiveFollowsThePhoneAndShowsWhatItFires() async throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let server = try ServeProcess(db: folder + "/server.sqlite", token: Self.token)
        defer { server.stop() }
        let pairing = try Self.pair(server, in: folder)
        var phone = try FakeSensorsPhone(platform: .android, link: try #require(pairing["link"] as? String))
        _ = try await phone.post(Self.screen(1))
        let tmux = try TmuxSession(
            ["open", "--live", "--server", server.url, "--picture", "none"], in: folder,
            environment: ["LASSO_TOKEN": Self.token])
        defer { tmux.kill() }
        try tmux.waitFor("live screen 1")
        // The phone moves: the UI follows within a second or two.
        let posted = Date()
        _ = try await phone.post(Self.screen(2))
        try tmux.waitFor("live screen 2", timeout: 10)
        let latency = Date().timeIntervalSince(posted)
        #expect(latency < 3, "the UI took \(latency) s to show the phone's new screen")
        try tmux.waitFor("the phone moved from Page1 to Page2")
        // Circle the button: its text is the value, named buttonTitle; saved, the config goes to the phone.
        let button = try #require(try tmux.find("加入购物车"))
        try tmux.click(x: button.x, y: button.y)
        try tmux.keys("c")
        try tmux.waitFor("Circle")
        try tmux.keys("Down", "Down", "Right")
        try tmux.waitFor("= \"加入购物车\"")
        try tmux.keys("Down", "Down", "C-u")
        try tmux.type("buttonTitle")
        // While the form is open, the phone moving does not take the screen away.
        _ = try await phone.post(Self.screen(3))
        try tmux.waitFor("it opens here when you close this", timeout: 10)
        #expect(try tmux.screen().contains("live screen 2"))
        try tmux.keys("Enter")
        try tmux.waitFor("live screen 3", timeout: 10)
        try tmux.waitFor("sent buttonTitle to the phone", timeout: 10)
        let written = CLI.files(under: folder + "/kvc-configs")
        #expect(written.count == 1, "\(written)")
        // The phone's next post gets the config; a tap there comes back as an echo on the screen.
        let answer = try #require(try await phone.post(nil).answer)
        let event = try #require(answer["visualized_sdk_config"]?["events"]?.arrayValue?.first, "\(answer)")
        phone.echoes = [
            FakeSensorsPhone.clickEcho(
                Self.screen(3), path: try #require(event["event"]?["element_path"]?.stringValue),
                eventName: try #require(event["event_name"]?.stringValue), property: ("buttonTitle", "加入购物车"))
        ]
        _ = try await phone.post(nil)
        try tmux.waitFor("fired on the phone: 「加入购物车」 · buttonTitle=加入购物车", timeout: 10)
        try tmux.keys("q")
        try tmux.waitFor("LASSO-EXIT=0")
        #expect(try tmux.screen().contains("lasso: saved buttonTitle"))
    }
}
