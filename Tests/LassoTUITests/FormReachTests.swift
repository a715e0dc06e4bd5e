import Foundation
import LassoTUI
import Testing

/// At 80×24 a circle form taller than its box (any row of a list whose rows differ, the value list open) keeps
/// every field within reach: the field being edited is on screen, with the message or hint under it.
@Suite("The circle form at 80×24: every field reachable")
struct FormReachTests {
    @Test("↓ through every field with the value list open: each field's label, and the hint, are on screen")
    func everyFieldOnScreen() async throws {
        let size = Size(width: 80, height: 24)
        var state = try await GoldenStates.state(.circleAnyValue, size)
        guard case .circle(let opened) = state.overlay else { throw CancellationError() }
        #expect(opened.field == .value)
        // The page is taller than the box: the value list is open and the rows differ.
        #expect(state.screenText.contains("▸ \"P1003\""))
        #expect(state.screenText.contains("⚠ they differ"))
        // The hint stays at the bottom, and an arrow says fields are below the list.
        #expect(state.screenText.contains("Enter saves"), "\(state.screenText)")
        #expect(state.screenText.contains("↓\n"), "\(state.screenText)")
        let runner = EffectRunner(documents: FakeDocuments(stored: GoldenStates.listing), push: GoldenStates.push)
        for field in CircleForm.Field.allCases where field.rawValue > CircleForm.Field.value.rawValue {
            await state.keys(.down, with: runner)
            guard case .circle(let form) = state.overlay else { throw CancellationError() }
            #expect(form.field == field)
            let screen = state.screenText
            #expect(screen.contains("▶ " + field.label), "\(field)\n\(screen)")
            #expect(screen.contains("Enter saves"), "\(field)\n\(screen)")
        }
        // The note typed at the bottom shows as typed.
        await state.typeText("tapped", with: runner)
        #expect(state.screenText.contains("▶ Note       tapped"))
        // Back up to the event: the top of the form again.
        for _ in 0..<8 { await state.keys(.up, with: runner) }
        #expect(state.screenText.contains("▶ Event"))
        #expect(state.screenText.contains("Enter saves"))
    }
}
