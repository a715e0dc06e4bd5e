import Foundation
import LassoSnapshot
import LassoTUI
import Testing

/// "Any row" on shop-home's add-to-cart button also matches a sold-out row's "notify me": the form says how the
/// matched views differ, and Ctrl-K keeps the most of them with one condition.
@Suite("Saying when “any” matches different things")
struct MatchDifferenceTests {
    @Test("5 “加入购物车”, 1 “到货提醒”: said in one line; Ctrl-K adds title=加入购物车 and 5 views match")
    func addToCartAnyRow() async throws {
        var (state, runner) = try await GoldenStates.onButton(Size(width: 120, height: 40))
        // The button has a config already: the form offers to edit it; "n" makes a new one.
        await state.keys(.char("c"), with: runner)
        #expect(state.screenText.contains("This view already has the config"))
        await state.keys(.char("n"), .down, .left, .left, .char(" "), with: runner)
        #expect(state.screenText.contains("matches 6 views on this screen"))
        guard case .circle(let form) = state.overlay else { throw CancellationError() }
        let difference = try #require(form.preview.difference)
        #expect(difference.key == "title")
        #expect(difference.words == "5 “加入购物车”, 1 “到货提醒”")
        #expect(difference.majority == Condition(key: "title", value: "加入购物车"))
        #expect(state.screenText.contains("they differ in title: 5 “加入购物车”, 1 “到货提醒”"))
        await state.keys(.ctrl("k"), with: runner)
        #expect(state.screenText.contains("matches 5 views on this screen"))
        guard case .circle(let kept) = state.overlay else { throw CancellationError() }
        #expect(kept.conditions.text == "title=加入购物车")
        #expect(kept.preview.difference == nil)
    }
}
