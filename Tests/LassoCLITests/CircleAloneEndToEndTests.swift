import Foundation
import LassoClient
import LassoDocuments
import Testing
import _LassoTestSupport

/// The flows a product person does alone, through the real binary in tmux at 120×40: values picked from a list,
/// a click that ends on the button, conditions without amounts, questions answered "no", and a push that removes
/// what was deleted.
@Suite("Circling alone, end to end (tmux)", .serialized, .enabled(if: Tools.hasTmux, "needs tmux"))
struct CircleAloneEndToEndTests {
    static func start(_ sample: String, size: (Int, Int) = (120, 40)) throws -> (String, TmuxSession) {
        let folder = try LassoProcess.temporaryFolder()
        let session = try TmuxSession(
            [LassoProcess.sample(sample)], in: folder, width: size.0, height: size.1)
        try session.waitFor("─ Views ─")
        return (folder, session)
    }

    static func configFiles(_ folder: String) -> [String] {
        let root = folder + "/kvc-configs"
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") }.map { root + "/" + $0 }
    }

    /// Circles the highlighted view and types `keyPath` into the form's Key path field.
    static func circleTypingKeyPath(_ keyPath: String, in session: TmuxSession) throws {
        try session.keys("c")
        try session.waitFor("Key path")
        try session.keys("Down", "Down", "Down")
        try session.type(keyPath)
    }

    /// Presses → in the Value field until the row for `keyPath` is picked.
    static func pickValue(_ keyPath: String, in session: TmuxSession) throws {
        for _ in 0..<40 {
            let picked = try session.screen().split(separator: "\n").contains {
                $0.contains("▸ ") && $0.contains("← " + keyPath)
            }
            if picked { return }
            try session.keys("Right")
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("no value row for \(keyPath)")
    }

    @Test("add to cart, any row, product id: chosen from the value list, no key path typed")
    func addToCartAnyRowProductId() throws {
        let (folder, session) = try Self.start("shop-home.json")
        defer { TUIEndToEndTests.stop(folder, session) }
        try session.keys("/")
        try session.type("加入购物车")
        try session.keys("Enter", "c")
        try session.waitFor("Circle UIButton")
        // Location: the row segment, then "any row of this list".
        try session.keys("Down", "Left", "Left")
        try session.waitFor("this row only")
        try session.keys("Space")
        try session.waitFor("▸ ProductCell: any row of this list")
        try session.keys("Down")
        try Self.pickValue("superview.superview.model.productId", in: session)
        try session.waitFor("productId")
        try session.keys("Enter")
        try session.waitFor("saved productId (ButtonClick)")
        // The canvas and the outline mark what now has a config.
        try session.waitFor("● has a config")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
        let files = Self.configFiles(folder)
        #expect(files.count == 1)
        let text = try String(contentsOfFile: files.first ?? "", encoding: .utf8)
        #expect(text.contains("\"keyPath\": \"superview.superview.model.productId\""))
        #expect(text.contains("ProductCell[0:*]"))
        #expect(text.contains("\"keyName\": \"productId\""))
    }

    @Test("a click on the label inside a button, full screen, ends on the button")
    func clickOnLabelEndsOnButton() throws {
        let (folder, session) = try Self.start("shop-home.json")
        defer { TUIEndToEndTests.stop(folder, session) }
        // Frames alone (the sample's screenshot shows no texts in a text capture), full screen.
        try session.keys("s")
        try session.waitFor("showing the frames alone")
        try session.keys("z")
        try session.waitFor("click selects")
        let place = try #require(try session.find("加入购物车"))
        try session.click(x: place.x + 2, y: place.y)
        try session.waitFor("under the pointer")
        try session.keys("c")
        try session.waitFor("inside the button")
        try session.waitFor("circle the button?")
        try session.keys("Enter")
        try session.waitFor("Circle UIButton")
        try session.waitFor("◂ ButtonClick ▸  applies to this view")
        try session.keys("Escape")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("the alert's action: the title is a condition, the amount in its message is only offered")
    func alertConditionsKeepNoAmount() throws {
        let (folder, session) = try Self.start("checkout-alert.json")
        defer { TUIEndToEndTests.stop(folder, session) }
        try session.keys("/")
        try session.type("确认")
        try session.keys("Enter")
        try session.waitFor("match 1 of")
        try session.keys("c")
        // The title label takes no touch: lasso offers the alert's action that holds it, which Enter takes.
        for _ in 0..<50 where !(try session.screen().contains("Conditions ")) {
            if try session.screen().contains("You pointed at") { try session.keys("Enter") }
            Thread.sleep(forTimeInterval: 0.2)
        }
        try session.waitFor("Conditions")
        let screen = try session.screen()
        let conditions = screen.split(separator: "\n").first { $0.contains("Conditions ") } ?? ""
        #expect(!conditions.contains("299"), "the amount is not prefilled: \(conditions)")
        try session.keys("Escape")
        try session.keys("q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("delete with a \"no\" in between keeps the config; yes deletes it; u puts it back")
    func deleteWithNoInBetween() throws {
        let (folder, session) = try Self.start("settings.json")
        defer { TUIEndToEndTests.stop(folder, session) }
        try Self.circleTypingKeyPath("accessibilityIdentifier", in: session)
        try session.keys("Down")
        try session.type("tableId")
        try session.keys("Enter")
        try session.waitFor("saved tableId")
        try session.keys("L")
        try session.waitFor("● tableId")
        try session.keys("d")
        try session.waitFor("Delete the config tableId")
        try session.keys("n")
        try session.waitFor("● tableId")
        #expect(Self.configFiles(folder).count == 1)
        try session.keys("d")
        try session.waitFor("Delete the config")
        try session.keys("y")
        try session.waitFor("(u puts it back)")
        #expect(Self.configFiles(folder).isEmpty)
        try session.keys("u")
        try session.waitFor("undone:")
        #expect(Self.configFiles(folder).count == 1)
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
    }

    @Test("quit with \"n\" keeps the form and what was typed in it")
    func quitNoKeepsForm() throws {
        let (folder, session) = try Self.start("settings.json")
        defer { TUIEndToEndTests.stop(folder, session) }
        try Self.circleTypingKeyPath("accessibilityIdent", in: session)
        try session.keys("C-c")
        try session.waitFor("Quit anyway?")
        try session.keys("n")
        try session.waitFor("Key path   accessibilityIdent")
        try session.keys("C-c")
        try session.waitFor("Quit anyway?")
        try session.keys("y")
        try session.waitFor("LASSO-EXIT=0")
        #expect(Self.configFiles(folder).isEmpty)
    }

    @Test("push removes from the server a config deleted in the UI, after a question")
    func pushRemovesDeleted() async throws {
        let served = try TUIEndToEndTests.ServedUI()
        defer { served.stop() }
        let (server, session) = (served.server, served.session)
        try session.keys("P")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done: 2 sent")
        try session.keys("Escape", "L")
        try session.waitFor("Configs")
        try session.keys("d")
        try session.waitFor("Delete the config")
        try session.keys("y")
        try session.waitFor("(u puts it back)")
        try session.keys("Escape", "P")
        try session.waitFor("only on the server")
        try session.keys("x")
        try session.waitFor("from the server?")
        try session.keys("y")
        try session.waitFor("delete")
        try session.waitFor("Enter sends this plan")
        try session.keys("Enter")
        try session.waitFor("done:")
        try session.keys("Escape", "q")
        try session.waitFor("LASSO-EXIT=0")
        let client = LassoClient(server: server.url, appKey: "shop-ios", token: ServerCommandTests.token)
        let state = try await client.documents(.config)
        #expect(state.items.count == 1)
    }
}
