import Foundation
import LassoDocuments
import LassoImport
import LassoSnapshot
import Testing

/// The values a person would report from a row of a real dump: the texts they see in it first, each one value read
/// by a key path an SDK can evaluate (`subviews[i]`), the dump's raw attributes last (docs/config-format.md).
@Suite("values of a row: what a person sees, as single values")
struct RowValuesTests {
    func chatList() throws -> (Snapshot, PathTable, row: Int) {
        let (snapshot, _) = try AppIdentityTests.read(AppIdentityTests.androidList, file: "chat.xml")
        let table = PathTable(snapshot)
        let row = try #require(snapshot.indices.first { snapshot.isCell($0) })
        return (snapshot, table, row)
    }

    @Test("a row's list starts with its texts, each alone, named after its view; raw attributes come last")
    func rowTexts() throws {
        let (_, table, row) = try chatList()
        let list = ValueCandidates.list(for: row, in: table)
        #expect(list[0].keyPath == "subviews[0].text")
        #expect(list[0].value == .string("Alice"))
        #expect(list[0].suggestedKeyName == "name")
        #expect(list[0].group == .seen)
        #expect(list[1].keyPath == "subviews[1].text")
        #expect(list[1].value == .string("20:07"))
        #expect(list[1].suggestedKeyName == "time")
        // Groups never go back: seen, beside, fields, then what the dump recorded.
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.group <= $1.group })
        let bounds = try #require(list.firstIndex { $0.keyPath == "bounds" })
        #expect(list[bounds].group == .dump)
        // No empty text is offered, in any group (a uiautomator dump writes text="" on every node).
        #expect(!list.contains { $0.value == .string("") })
    }

    @Test("a text inside a row offers the texts beside it, each alone, through the row")
    func beside() throws {
        let (snapshot, table, row) = try chatList()
        let time = snapshot.children(of: row)[1]
        let list = ValueCandidates.list(for: time, in: table)
        #expect(list[0].keyPath == "text" && list[0].value == .string("20:07"))
        #expect(list.contains { $0.keyPath == "superview.subviews[0].text" && $0.value == .string("Alice") })
    }

    @Test("subviews[i] reads one subview; a path that gives lists inside a list names the single values it meant")
    func nested() throws {
        let (snapshot, _, row) = try chatList()
        let evaluator = KeyPathEvaluator(snapshot)
        #expect(evaluator.evaluate("subviews[1].text", on: row).value == .string("20:07"))
        #expect(evaluator.evaluate("subviews[5].text", on: row).value == nil)
        #expect(evaluator.evaluate("superview.subviews[0].subviews[0].text", on: row).value == .string("Alice"))
        let list = snapshot.parent(of: row)!
        let nestedValue = evaluator.evaluate("subviews.subviews.text", on: list).value
        #expect(KeyPathEvaluator.nestsLists(nestedValue))
        let singles = evaluator.singleValues(of: "subviews.subviews.text", on: list)
        #expect(singles.map(\.keyPath) == ["subviews[0].subviews[0].text", "subviews[0].subviews[1].text"])
        #expect(singles.first?.value == .string("Alice"))
        #expect(!KeyPathEvaluator.nestsLists(evaluator.evaluate("subviews.text", on: row).value))
    }

    @Test("saving a key path that gives nested lists is a finding that names the single values")
    func preflight() throws {
        let (snapshot, table, row) = try chatList()
        let list = snapshot.parent(of: row)!
        var draft = ConfigDraft.new(on: list, in: table, appKey: "chat", event: "Exposure")
        draft.keyPath = "subviews.subviews.text"
        draft.keyName = "texts"
        let config = try draft.build(profile: table.profile, stamp: .fresh()).get()
        let findings = ConfigPreflight.check(config, on: list, in: table)
        #expect(
            findings.contains(
                .givesNestedLists(instead: ["subviews[0].subviews[0].text", "subviews[0].subviews[1].text"])))
    }
}
