import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("The hook form: hook a view's action")
struct HookFormTests {
    /// The fixture screen, with the first cart button's action naming its target, the cell.
    static let screen = TUIFixtures.screen.replacingOccurrences(
        of: #""title": "加入购物车", "actions": ["addToCart:"]}]},"#,
        with: #""title": "加入购物车", "actions": [{"selector": "addToCart:", "target": "ShopKit.ProductCell"}]}]},"#)

    func formOnButton(_ folder: String) throws -> AppState {
        var state = try TUIFixtures.state(Self.screen, width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("a"))
        return state
    }

    func form(_ state: AppState) -> HookForm? {
        if case .hook(let form) = state.overlay { return form }
        return nil
    }

    @Test(
        "class (the action's target) and selector filled in; a condition and a value picked from the cell's values; saved through the effect"
    )
    func hookAndSave() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try formOnButton(folder)
        let opened = try #require(form(state))
        #expect(opened.className.text == "ProductCell" && opened.selector.text == "addToCart:")
        #expect(state.snapshot.className(of: opened.instance) == "ShopKit.ProductCell")
        #expect(opened.field == .event)
        // An empty event says what goes there; the form says how to save and leave.
        #expect(state.screenText.contains("the event reported when the method runs"))
        #expect(state.screenText.contains("Enter saves  ·  Esc cancels"))
        state.typeText("add_to_cart")
        #expect(!state.screenText.contains("the event reported when the method runs"))
        state.type(.down)
        let productPick = try #require(opened.choices.firstIndex { $0.keyPath == "model.productId" })
        for _ in 0...productPick { state.type(.right) }
        #expect(state.screenText.contains("model.productId == \"P1001\""), "\(state.screenText)")
        state.type(.down)
        let pricePick = try #require(opened.choices.firstIndex { $0.keyPath == "model.price" })
        for _ in 0...pricePick { state.type(.right) }
        #expect(state.screenText.contains(#"Here: {"event":"add_to_cart","price":99}"#), "\(state.screenText)")
        state.type(.enter)
        #expect(state.overlay == .none)
        let saved = try HookDirectory(root: folder).load()
        #expect(saved.count == 1)
        let config = try #require(saved.first?.config)
        #expect(config.appKey == "shop-ios" && config.className == "ProductCell" && config.selectors == ["addToCart:"])
        #expect(
            config.rules == [
                HookRule(
                    when: [HookCondition(source: HookSource("model.productId")!, op: .equals, value: .string("P1001"))],
                    event: "add_to_cart")
            ])
        #expect(config.values == [HookValue(name: "price", source: HookSource("model.price")!)])
        #expect(config.versions.description.contains("5.3.0"))
    }

    @Test("a view without an action says so; an empty event is refused in the form; a conflict is shown, not saved")
    func refusals() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try TUIFixtures.state(Self.screen, width: 120, height: 40, configs: folder)
        state.reduce(.select(node: TUIFixtures.node("商品列表", in: state)))
        state.type(.char("a"))
        #expect(state.overlay == .none && state.screenText.contains("has no action to hook"))
        state = try formOnButton(folder)
        state.type(.enter)
        #expect(form(state)?.message?.text.contains("expected an event name or rules") == true)
        state.typeText("first")
        state.type(.enter)
        #expect(state.overlay == .none)
        state = try formOnButton(folder)
        state.typeText("second")
        state.type(.enter)
        #expect(form(state)?.message?.text.contains("conflict") == true)
        #expect(try HookDirectory(root: folder).load().count == 1)
        state.type(.escape)
        #expect(state.screenText.contains("lose its changes"))
    }

    @Test(
        "a saved hook config is undone with u, listed in L under its heading, deleted there with d and put back with u"
    )
    func hooksListedDeletedAndUndone() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try formOnButton(folder)
        state.typeText("add_to_cart")
        state.type(.enter)
        #expect(state.status.contains("saved the hook config") && state.status.contains("u undoes"), "\(state.status)")
        #expect(try HookDirectory(root: folder).load().count == 1)
        state.type(.char("u"))
        #expect(try HookDirectory(root: folder).load().isEmpty)
        #expect(state.status.hasPrefix("undone: the new hook config of ProductCell removed"), "\(state.status)")

        state = try formOnButton(folder)
        state.typeText("add_to_cart")
        state.type(.enter)
        let saved = try #require(try HookDirectory(root: folder).load().first)
        state.type(.char("L"))
        #expect(state.appHooks.map(\.config.id) == [saved.config.id])
        #expect(state.screenText.contains("1 hook config"), "\(state.screenText)")
        #expect(state.screenText.contains("Hook configs · methods the SDK follows"))
        #expect(state.screenText.contains("⚑ ProductCell  addToCart:"))
        // The hook's row is the last: after this app's configs and named events (none here).
        state.type(.char("G"))
        state.type(.char("d"))
        #expect(state.overlay == .confirmDelete(.hook, id: saved.config.id))
        #expect(state.screenText.contains("Delete the hook config of ProductCell (addToCart:"), "\(state.screenText)")
        state.type(.char("y"))
        #expect(try HookDirectory(root: folder).load().isEmpty)
        #expect(state.appHooks.isEmpty)
        #expect(state.status.contains("deleted") && state.status.contains("u puts it back"), "\(state.status)")
        state.type(.char("u"))
        let back = try HookDirectory(root: folder).load()
        #expect(back.map(\.config) == [saved.config])
        #expect(back.first?.file == saved.file)
        #expect(state.status.hasPrefix("undone: the hook config of ProductCell put back"), "\(state.status)")
    }
}
