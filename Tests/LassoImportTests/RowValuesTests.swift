import Foundation
import LassoDocuments
import LassoImport
import LassoSnapshot
import Testing

/// The values a person would report from a row of a real dump: the texts they see in it first, each one value read
/// by a key path that names its view by what stays from row to row (`views[#name]`, `views[TextView:1]`), the dump's
/// raw attributes last (docs/config-format.md).
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
        // Named by its resource id, unique in the row: the same field on every row.
        #expect(list[0].keyPath == "views[#name].text")
        #expect(list[0].value == .string("Alice"))
        #expect(list[0].suggestedKeyName == "name")
        #expect(list[0].group == .seen)
        #expect(list[1].keyPath == "views[#time].text")
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
        #expect(list.contains { $0.keyPath == "superview.views[#name].text" && $0.value == .string("Alice") })
    }

    @Test("a row's views named by identity give the same field on every row whatever their positions")
    func identityAcrossRows() throws {
        // Two rows whose labels sit in different places: the second has a badge before its title.
        let text = #"""
            {"format": "lasso.snapshot/1", "app": {"key": "feed", "version": "1.0"}, "root": {"class": "UITableView", "children": [
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "children": [
                {"class": "UILabel", "text": "标题一", "superclasses": ["UIView"]},
                {"class": "UILabel", "text": "3309.2万阅读", "accessibilityIdentifier": "reads", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"]}]},
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "children": [
                {"class": "UIImageView", "superclasses": ["UIView"]},
                {"class": "UIView", "children": [{"class": "UILabel", "text": "标题二", "superclasses": ["UIView"]}]},
                {"class": "UILabel", "text": "12万阅读", "accessibilityIdentifier": "reads", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"]}]}]}}
            """#
        let snapshot = try SnapshotLoader.load(bytes: Array(text.utf8), file: "feed.json")
        let table = PathTable(snapshot)
        let buttons = snapshot.indices.filter { snapshot.title(of: $0) == "关注" }
        let list = ValueCandidates.list(for: buttons[0], in: table)
        let title = try #require(list.first { $0.value == .string("标题一") })
        #expect(title.keyPath == "superview.views[UILabel:0].text")
        let reads = try #require(list.first { $0.value == .string("3309.2万阅读") })
        #expect(reads.keyPath == "superview.views[#reads].text")
        // On the other row, whose positions differ, the same key paths give the same fields.
        let evaluator = KeyPathEvaluator(snapshot)
        #expect(evaluator.evaluate(title.keyPath, on: buttons[1]).value == .string("标题二"))
        #expect(evaluator.evaluate(reads.keyPath, on: buttons[1]).value == .string("12万阅读"))
        // A positional key path reads another field there: what validate calls mixed when kinds differ.
        #expect(evaluator.evaluate("superview.subviews[0].text", on: buttons[1]).value == nil)
        #expect(ValueKinds.mixed([.string("标题一"), nil]) == "1 × a text, 1 × nothing")
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

/// The value picker on an SDK snapshot offers the app's values, never the number the SDK gave an object in its listing.
@Suite("Values offered on SDK snapshots")
struct SDKSnapshotValueTests {
    @Test(
        "a Sensors or Mixpanel iOS object's listing id ($5) is not offered; its texts and the dump's other fields are")
    func noListingID() throws {
        for file in ["sensors-ios.json", "mixpanel-ios.json"] {
            let (snapshot, _) = try SnapshotReader.read(path: DumpFixtures.fixture(file))
            let table = PathTable(snapshot)
            var offeredAny = false
            for node in snapshot.indices where snapshot.nodeID(of: node) != nil {
                let candidates = ValueCandidates.list(for: node, in: table)
                let paths = candidates.map(\.keyPath)
                #expect(!paths.contains("id"), "\(file) view \(node): \(paths)")
                #expect(!candidates.contains { $0.value.plainText == snapshot.nodeID(of: node) }, "\(file) \(node)")
                offeredAny = offeredAny || !candidates.isEmpty
            }
            #expect(offeredAny, "\(file): nothing offered at all")
        }
        // An Android object's hash code is its identity in one run of the app, no value.
        for file in ["mixpanel-android.json", "sensors-android.json"] {
            let (snapshot, _) = try SnapshotReader.read(path: DumpFixtures.fixture(file))
            let table = PathTable(snapshot)
            for node in snapshot.indices {
                let paths = ValueCandidates.list(for: node, in: table).map(\.keyPath)
                #expect(!paths.contains { $0.hasSuffix("hashCode") }, "\(file) view \(node): \(paths)")
            }
        }
        // The button of the Sensors dump still offers its title and the dump's own fields.
        let (snapshot, _) = try SnapshotReader.read(path: DumpFixtures.fixture("sensors-ios.json"))
        let button = try #require(snapshot.indices.first { snapshot.title(of: $0) == "退出登录" })
        let paths = ValueCandidates.list(for: button, in: PathTable(snapshot)).map(\.keyPath)
        #expect(paths.first == "title")
        #expect(paths.contains("element_content"), "\(paths)")
    }
}
