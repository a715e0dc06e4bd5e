import LassoSnapshot
import Testing

/// Conditions typed on one line, comma-separated, as the circle form takes them.
@Suite("Condition lists")
struct ConditionListTests {
    @Test("KEY=VALUE parts, trimmed, empty parts skipped")
    func parses() throws {
        let parsed = try Condition.parseList(" title=加入购物车 , ,action=addToCart:,").get()
        #expect(parsed == [Condition(key: "title", value: "加入购物车"), Condition(key: "action", value: "addToCart:")])
        #expect(try Condition.parseList("").get().isEmpty)
        #expect(try Condition.parseList("state.isOn=true").get() == [Condition(key: "state.isOn", value: "true")])
    }

    @Test("the first part that is not KEY=VALUE is the error")
    func refusesParts() {
        #expect(Condition.parseList("title=OK, sold out, =x") == .failure(ConditionSyntaxError(text: "sold out")))
        #expect(Condition.parseList("=x") == .failure(ConditionSyntaxError(text: "=x")))
        #expect(ConditionSyntaxError(text: "sold out").description == "a condition must be KEY=VALUE, not \"sold out\"")
    }
}
