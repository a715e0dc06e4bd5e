import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

/// The keys every form answers alike (`Form.answerShared`): ←/→ move the text cursor in a text field and pick on a
/// picker; the question's field keys go back and forth between its two fields.
@Suite("The keys every form shares")
struct FormKeysTests {
    /// Types `abc`, two ←, then `X` in the field the cursor is on: the text cursor moved back two places.
    func typeAndStepBack(_ state: inout AppState) {
        state.typeText("abc")
        state.type(.left, .left)
        state.typeText("X")
    }

    @Test("← and → move the text cursor in the circle form's Note field, and pick in its Event field")
    func circleForm() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"))
        guard case .circle(let opened) = state.overlay else {
            Issue.record("no circle form")
            return
        }
        state.type(.right)
        guard case .circle(let picked) = state.overlay else { return }
        #expect(picked.eventIndex == (opened.eventIndex + 1) % picked.events.count)
        while case .circle(let form) = state.overlay, form.field != .note { state.type(.down) }
        typeAndStepBack(&state)
        guard case .circle(let form) = state.overlay else { return }
        #expect(form.note.text == "aXbc")
    }

    @Test("← moves the text cursor in the hook form's Event field")
    func hookForm() throws {
        var state = try TUIFixtures.state(HookFormTests.screen, width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("a"))
        typeAndStepBack(&state)
        guard case .hook(let form) = state.overlay else {
            Issue.record("no hook form")
            return
        }
        #expect(form.event.text == "aXbc")
    }

    @Test("the server question: ↓ goes to Token and ↑ back to Server")
    func questionGoesBack() throws {
        let folder = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var state = try TUIFixtures.state(width: 120, height: 40, configs: folder + "/kvc-configs")
        // As `lasso open` starts it where lasso.json names no server.
        state.needsServer = true
        state.type(.char("P"))
        guard case .askApp(let asked) = state.overlay else {
            Issue.record("no server question: \(state.screenText)")
            return
        }
        #expect(asked.field == .server)
        state.type(.down)
        guard case .askApp(let down) = state.overlay else { return }
        #expect(down.field == .token)
        state.type(.up)
        guard case .askApp(let up) = state.overlay else { return }
        #expect(up.field == .server)
    }
}
