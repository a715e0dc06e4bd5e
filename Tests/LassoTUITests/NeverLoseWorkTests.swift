import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("Questions keep what they were asked over; messages and searches follow the person")
struct NeverLoseWorkTests {
    /// A state with two saved configs on the two buttons' cells.
    func twoConfigs(_ folder: String) throws -> AppState {
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder)
        for (keyName, keyPath) in [("price", "superview.model.price"), ("productId", "superview.model.productId")] {
            state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
            state.type(.char("c"))
            // The second time the button has a config: "n" makes a new one beside it.
            if case .confirmEditExisting = state.overlay { state.type(.char("n")) }
            state.type(.down, .down, .down)
            state.typeText(keyPath)
            state.type(.down)
            state.typeText(keyName)
            state.type(.down, .down, .down, .down)
            state.typeText("note for \(keyName)")
            state.type(.enter)
        }
        return state
    }

    @Test("the delete question names the config; marks stay while it is up; no keeps the selection")
    func deleteQuestion() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try twoConfigs(folder)
        state.type(.char("L"), .char("j"))
        guard case .configs(let list) = state.overlay else {
            Issue.record("no configs list")
            return
        }
        #expect(list.selected == 1)
        // The list shows key name, event, versions and note before the path.
        #expect(state.screenText.contains("● productId  ButtonClick  5.3.0 on  1 here  “note for productId”"))
        state.type(.char("d"))
        let asking = state.screenText
        #expect(asking.contains("Delete the config productId"))
        #expect(asking.contains("● price"))
        #expect(asking.contains("● productId"))
        state.type(.char("n"))
        #expect(state.overlay == .configs(list))
        state.type(.char("d"), .char("y"))
        #expect(try ConfigDirectory(root: folder).load().map(\.config.keyName) == ["price"])
        guard case .configs(let after) = state.overlay else {
            Issue.record("the list closed after a delete")
            return
        }
        #expect(after.selected == 0)
    }

    @Test("a message goes when the cursor moves on")
    func messageGoesOnMove() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        state.type(.char("f"))
        #expect(state.message?.kind == .info)
        state.type(.char("j"))
        #expect(state.message == nil)
    }

    @Test("search finds as the query is typed; Ctrl-U clears; a new search starts empty; Esc goes back")
    func searchAsYouType() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        let start = state.cursor
        state.type(.char("/"))
        state.typeText("加入")
        // Before Enter, the cursor is already on the first match.
        #expect(state.snapshot.title(of: state.cursor) == "加入购物车")
        #expect(state.status.contains("match 1 of 2"))
        state.type(.ctrl("u"))
        #expect(state.overlay == .search(TextField()))
        #expect(state.cursor == start)
        state.typeText("商品列表")
        #expect(state.snapshot.text(of: state.cursor) == "商品列表")
        state.type(.enter)
        state.type(.char("j"))
        let moved = state.cursor
        // A new search starts empty, and Esc puts the cursor back where it started.
        state.type(.char("/"))
        #expect(state.overlay == .search(TextField()))
        state.typeText("secret")
        #expect(state.snapshot.text(of: state.cursor) == "secret")
        state.type(.escape)
        #expect(state.cursor == moved)
        #expect(state.overlay == .none)
    }

    @Test("after a search, the circle form's status line shows its own keys, not the search's n and N")
    func searchHintGivesWayToTheForm() throws {
        for (width, height) in [(80, 24), (120, 40)] {
            var state = try TUIFixtures.state(width: width, height: height)
            state.type(.char("/"))
            state.typeText("加入")
            state.type(.enter)
            #expect(state.status.contains("n next"))
            state.type(.char("c"))
            guard case .circle = state.overlay else {
                Issue.record("no circle form: \(state.overlay)")
                return
            }
            let statusLine = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
            #expect(!statusLine.contains("n next"), "\(width) columns: \(statusLine)")
            #expect(statusLine.contains("Esc"), "\(width) columns: \(statusLine)")
        }
    }
}
