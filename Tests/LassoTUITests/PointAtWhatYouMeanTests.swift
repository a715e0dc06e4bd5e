import LassoSnapshot
import LassoTUI
import Testing

@Suite("Pointing at what you mean")
struct PointAtWhatYouMeanTests {
    static let screen = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"}, "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "frame": [0, 0, 390, 844], "viewController": {"class": "HomeViewController"}, "children": [
            {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "frame": [20, 100, 200, 44], "title": "加入购物车", "actions": ["addToCart:"], "children": [
              {"class": "UIButtonLabel", "superclasses": ["UILabel", "UIView"], "frame": [10, 10, 180, 24], "text": "加入购物车"}]},
            {"class": "UIView", "frame": [0, 300, 390, 1], "children": []},
            {"class": "UILabel", "superclasses": ["UIView"], "frame": [20, 400, 200, 30], "text": "只是文字"}]}]}}
        """#

    @Test("circling the label inside a button offers the button, preselected; n circles the label")
    func labelOffersButton() throws {
        var state = try TUIFixtures.state(Self.screen, width: 120, height: 40)
        let label = state.snapshot.indices.first { state.snapshot.className(of: $0) == "UIButtonLabel" }!
        let button = state.snapshot.parent(of: label)!
        state.reduce(.select(node: label))
        state.type(.char("c"))
        #expect(state.overlay == .confirmRetarget(pointed: label, suggested: button))
        #expect(
            state.screenText.contains(
                "You pointed at the label \"加入购物车\" inside the button \"加入购物车\": circle the button?"))
        state.type(.enter)
        guard case .circle(let form) = state.overlay else {
            Issue.record("Enter did not circle the button")
            return
        }
        #expect(form.node == button)
        #expect(form.event == "ButtonClick")
        #expect(state.cursor == button)
        state.type(.escape)
        state.reduce(.select(node: label))
        state.type(.char("c"), .char("n"))
        guard case .circle(let pointed) = state.overlay else {
            Issue.record("n did not circle the label")
            return
        }
        #expect(pointed.node == label)
    }

    @Test("a view with nothing interactive above it is circled at once")
    func plainLabel() throws {
        var state = try TUIFixtures.state(Self.screen, width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("只是文字", in: state)))
        state.type(.char("c"))
        guard case .circle = state.overlay else {
            Issue.record("the form did not open")
            return
        }
    }

    @Test("a view thinner than a row is clicked on the row its outline is drawn on")
    func thinViewClickable() throws {
        var state = try TUIFixtures.state(Self.screen, width: 120, height: 40)
        let line = state.snapshot.indices.first { state.snapshot.frame(of: $0)?.height == 1 }!
        let layout = state.layout
        let scale = CanvasScale(
            screen: state.geometry.screen, columns: layout.canvas.width - 2, rows: layout.canvas.height - 2)
        let row = scale.row(300)
        let column = scale.column(200)
        state.handle(.mouse(.press(x: layout.canvas.x + 1 + column, y: layout.canvas.y + 1 + row)))
        #expect(state.cursor == line)
    }
}

@Suite("Conditions that do not bake in data")
struct StableConditionTests {
    static let alert = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"}, "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [{"class": "_UIAlertControllerView", "frame": [0, 0, 390, 844],
           "viewController": {"class": "UIAlertController", "title": "确认支付", "properties": {"message": "将从余额支付 ¥299.00"}}, "children": [
           {"class": "_UIAlertControllerActionView", "frame": [0, 400, 390, 44], "title": "确认"}]}]}}
        """#

    @Test("an alert action's title is filled in; a message with an amount is only offered")
    func amountNotPrefilled() throws {
        var state = try TUIFixtures.state(Self.alert, width: 120, height: 40)
        state.reduce(.select(node: TUIFixtures.node("确认", in: state)))
        state.type(.char("c"))
        guard case .circle(let form) = state.overlay else {
            Issue.record("no form")
            return
        }
        #expect(form.conditions.text == "alert.title=确认支付")
        #expect(form.offeredConditions == [Condition(key: "alert.message", value: "将从余额支付 ¥299.00")])
        #expect(state.screenText.contains("also possible, not filled in"))
        #expect(!form.conditions.text.contains("299"))
    }
}
