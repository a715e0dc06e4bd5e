import Foundation
import Testing
import _LassoTestSupport

/// A product person alone, through the real binary in tmux at 120×40: circle a banner slot, save what it reports,
/// name the event "the 双11 banner's taps, wherever it is placed", then open the screen again with a log of taps
/// the test makes and see the counts in the configs list and the heat map's scale.
@Suite("Naming an event and counting it, end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct NamedEventEndToEndTests {
    /// Taps on the three banner slots as the SDK reports them: 双11's url in any slot, and the two other campaigns.
    /// Returns the taps on the banners and those whose url is 双11's.
    static func writeLog(to path: String) throws -> (banners: Int, double11: Int) {
        let urls = [
            "shop://activity/double11", "shop://topic/digital-new", "https://m.shop.example.com/plus?from=banner",
        ]
        var lines: [String] = []
        var double11 = 0
        for index in 0..<300 {
            let slot = index % 3
            let url = urls[(index / 3 + slot) % 3]
            if url == urls[0] { double11 += 1 }
            lines.append(
                #"{"event": "ListItemClick", "appKey": "shop-ios", "appVersion": "5.3.0", "viewPath": "HomeViewController[0]/UIView[0]/UICollectionView[0]/BannerCell[0:\#(slot)]", "properties": {"url": "\#(url)"}, "time": "2026-11-20T08:00:00Z", "deviceId": "d\#(index)"}"#
            )
        }
        // A tap elsewhere, and a line that is not a record: neither is a banner's.
        lines.append(
            #"{"event": "ButtonClick", "appKey": "shop-ios", "appVersion": "5.3.0", "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:2]/UITableViewCellContentView[0]/UIButton[0]", "properties": {"title": "加入购物车"}}"#
        )
        lines.append("{not a record")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (300, double11)
    }

    @Test("circle a banner slot, save its url, name the 双11 banner's taps, then count a log: list and heat map")
    func circleNameCount() throws {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession([LassoProcess.sample("shop-home.json")], in: folder, width: 120, height: 40)
        defer { TUIEndToEndTests.stop(folder, session) }
        try session.waitFor("─ Views ─")
        // The banner: found by what it shows, circled (the row that takes the tap), any slot.
        try session.keys("/")
        try session.type("双11")
        try session.keys("Enter", "c")
        try session.waitFor("circle the row?")
        try session.keys("Enter")
        try session.waitFor("Circle BannerCell")
        try session.keys("Down", "Space")
        try session.waitFor("matches 3 views on this screen")
        try session.keys("Down")
        try CircleAloneEndToEndTests.pickValue("banner.url", in: session)
        try session.keys("Enter")
        try session.waitFor("saved url (ListItemClick)")
        try session.waitFor("m names an event here")
        // Straight after the save: name the event.
        try session.keys("m")
        try session.waitFor("Name an event · ListItemClick on BannerCell")
        try session.waitFor("[x] shop://activity/double11")
        try session.waitFor("whose url is shop://activity/double11")
        try session.keys("Down", "Down")
        try session.type("双11 banner taps")
        try session.keys("Down", "C-u")
        try session.type("double11_banner_click")
        try session.keys("Enter")
        try session.waitFor("saved the event “双11 banner taps” (double11_banner_click)")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
        let events = folder + "/kvc-configs/shop-ios/events"
        let names = try FileManager.default.contentsOfDirectory(atPath: events)
        let files = names.filter { $0.hasSuffix(".json") }
        #expect(files.count == 1 && files[0].hasPrefix("double11_banner_click-"))
        // Saved from the UI, it was given the app's first number, kept beside it.
        #expect(names.contains("numbers.txt"))
        let text = try String(contentsOfFile: events + "/" + (files.first ?? ""), encoding: .utf8)
        #expect(text.contains("\"number\": 1,"))
        #expect(text.contains("\"viewPath\": \"HomeViewController[0]/UIView[0]/UICollectionView[0]/BannerCell[0:*]\""))
        #expect(text.contains("\"value\": \"shop://activity/double11\""))

        // The numbers: the same screen with a log of taps.
        let expected = try Self.writeLog(to: folder + "/clicks.jsonl")
        let counted = try TmuxSession(
            [LassoProcess.sample("shop-home.json"), "--log", "clicks.jsonl"], in: folder, width: 120, height: 40)
        defer { counted.kill() }
        try counted.waitFor("counted 301 records in the log (1 line was not a record and was skipped)")
        try counted.keys("L")
        try counted.waitFor("\(expected.banners) taps")
        try counted.waitFor("\(expected.double11) counted")
        try counted.keys("Escape", "t")
        try counted.waitFor("heat map: views coloured by their taps")
        // Each slot was tapped 100 times: every banner is at the top of the scale.
        try counted.waitFor("taps ░1 ▒26 ▓51 █76–100")
        try counted.keys("q")
        try counted.waitFor("LASSO-EXIT=0")
    }

    @Test("a log that is not there is said before the UI opens, with a non-zero exit")
    func missingLog() throws {
        let folder = try LassoProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LassoProcess.run(
            ["open", LassoProcess.sample("shop-home.json"), "--log", "nope.jsonl"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("nope.jsonl: cannot open: no such file or directory"))
    }
}
