import Foundation
import Testing
import _LassoTestSupport

/// The hook form in the real binary, in a real terminal (tmux): hook a button's action from the screen and save.
@Suite("Hook form end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct HookTUITests {
    @Test("hook a button's action from the screen and save")
    func hookButtonAction() throws {
        let (folder, session) = try TUIEndToEndTests.start([LassoProcess.sample("shop-home.json")])
        defer { TUIEndToEndTests.stop(folder, session) }
        try session.keys("/")
        try session.type("加入购物车")
        try session.keys("Enter")
        try session.waitFor("match 1 of")
        try session.keys("a")
        try session.waitFor("Hook its action")
        try session.waitFor("values read on ProductCell")
        try session.type("add_to_cart")
        try session.keys("Down", "Down")
        try session.waitFor("none · ←/→ pick a value to report")
        try session.keys("Right")
        try session.waitFor("Here: {\"event\":\"add_to_cart\",")
        try session.keys("Enter")
        try session.waitFor("saved the hook config: kvc-configs/shop-ios/hooks/ProductCell-")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")

        let folderPath = folder + "/kvc-configs/shop-ios/hooks"
        let files = try FileManager.default.contentsOfDirectory(atPath: folderPath)
        #expect(files.count == 1 && files[0].hasPrefix("ProductCell-"))
        let text = try String(contentsOfFile: folderPath + "/" + files[0], encoding: .utf8)
        #expect(text.contains("\"class\": \"ProductCell\""))
        #expect(text.contains("\"selectors\": [\n    \"addToCart:\"\n  ]"))
        #expect(text.contains("\"event\": \"add_to_cart\""))
        #expect(text.contains("\"versions\": [\n    {\n      \"from\": \"5.3.0\""))
        // The file is what lasso itself reads back, and the release check passes on the same screen.
        let listed = try CLI.run(["hook", "list", "--configs", "kvc-configs"], in: folder)
        #expect(listed.stdout.contains("ProductCell\taddToCart:\tadd_to_cart"))
        let validated = try CLI.run(
            ["validate", LassoProcess.sample("shop-home.json"), "--configs", "kvc-configs"], in: folder)
        #expect(validated.status == 0 && validated.stdout.contains("the hook config is ok"), "\(validated.stdout)")
    }
}
