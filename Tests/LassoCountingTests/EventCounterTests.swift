import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("Counting event records line by line (docs/event-records.md)")
struct EventCounterTests {
    static let hot = EventDefinition(
        appKey: "shop-ios", name: "热门推荐入口点击", key: "home_hot_entrance_click",
        versions: VersionRanges([VersionInterval(from: AppVersion("5.3.0"), until: AppVersion("5.6"))]),
        viewEvent: "ButtonClick",
        viewPath: try! PathNotation.parse("Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]"),
        content: [ContentCondition(key: "entranceTitle", .equals("热门推荐"))])

    func count(_ lines: [String], _ definitions: [EventDefinition], breakdown: (Int, String)? = nil) -> EventTally {
        var counter = EventCounter(plan: EventCountPlan(definitions: definitions, breakdown: breakdown))
        var text = Array(lines.joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        return counter.tally
    }

    func record(
        event: String = "ButtonClick", appKey: String = "shop-ios", version: String = "5.4.0",
        path: String = "Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]",
        properties: String = #"{"entranceTitle": "热门推荐"}"#
    ) -> String {
        #"{"event": "\#(event)", "appKey": "\#(appKey)", "appVersion": "\#(version)", "viewPath": "\#(path)", "properties": \#(properties), "time": "2026-11-20T08:00:00.123Z", "deviceId": "a1"}"#
    }

    @Test("a record counts when event, app key, version interval, location and content all hold")
    func eachCondition() {
        let lines = [
            record(),  // counts
            record(version: "5.3"),  // from is inclusive (5.3 == 5.3.0)
            record(version: "5.6.0"),  // until is exclusive
            record(version: "5.2.99"),
            record(version: "5.5.9-beta.1"),  // counts
            record(version: "not a version"),
            record(event: "ListItemClick"),
            record(appKey: "shop-android"),
            record(path: "Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]/UILabel[0]"),
            record(properties: #"{"entranceTitle": "新品"}"#),
            record(properties: #"{"title": "热门推荐"}"#),
            record(properties: #"{"entranceTitle": "\u70ed\u95e8\u63a8\u8350"}"#),  // counts: escapes decoded
            #"{"viewPath": "Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[7]", "unknown": [1, {"a": null}], "properties": {"x": 1, "entranceTitle": "热门推荐"}, "event": "ButtonClick", "appVersion": "5.5", "appKey": "shop-ios"}"#,
        ]
        let tally = count(lines, [Self.hot])
        #expect(tally.counts == [5])
        #expect(tally.records == 13)
        #expect(tally.malformed == 0)
    }

    @Test("malformed lines are counted and skipped, never fatal; blank lines are neither")
    func malformed() {
        let lines = [
            record(), "not json", "", #"{"event": "ButtonClick""#, "[1, 2]", record(), #"{"event": 5}"#,
            #"{"a": 1} trailing"#, "   ", record(), #"{"a": "\ud800"}"#,
        ]
        let tally = count(lines, [Self.hot])
        #expect(tally.counts == [3])
        #expect(tally.lines == 11)
        #expect(tally.records == 4)
        #expect(tally.malformed == 5)
        #expect(tally.malformedSamples.map(\.line) == [2, 4, 5, 7, 8])
        #expect(tally.malformedSamples[0].reason.contains("expected a JSON object"))
    }

    @Test("values are compared as text: a number 5 equals \"5\"; oneOf, contains and regex")
    func operations() throws {
        func definition(_ operation: ContentCondition.Operation) throws -> EventDefinition {
            EventDefinition(
                appKey: "a", name: "n", key: "k", viewEvent: "ButtonClick",
                viewPath: try PathNotation.parse("P[0]/B[*]"),
                content: [ContentCondition(key: "v", operation)])
        }
        let definitions = [
            try definition(.equals("5")), try definition(.oneOf(["5", "x"])), try definition(.contains("活动")),
            try definition(.regex("^act-[0-9]+$")), try definition(.equals("true")),
        ]
        let lines = [5, "\"5\"", "\"x\"", "\"2026活动2\"", "\"act-12\"", "\"act-12x\"", "true", "null", "{\"a\":1}"].map {
            #"{"event":"ButtonClick","appKey":"a","viewPath":"P[0]/B[3]","properties":{"v":\#($0)}}"#
        }
        let tally = count(lines, definitions)
        #expect(tally.counts == [2, 3, 1, 1, 1])
    }

    @Test("a breakdown counts one definition's records per reported value")
    func breakdown() throws {
        let any = EventDefinition(
            appKey: "shop-ios", name: "any", key: "any", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]"))
        let lines = [
            record(), record(), record(properties: #"{"entranceTitle": "新品"}"#), record(properties: "{}"),
        ]
        let tally = count(lines, [any], breakdown: (0, "entranceTitle"))
        #expect(tally.counts == [4])
        #expect(tally.topValues(2).map(\.value) == ["热门推荐", nil])
        #expect(tally.breakdown == ["热门推荐": 2, "新品": 1, nil: 1])
    }

    @Test("a breakdown keeps a value past 256 bytes as its first 200 characters, …, # and a hash, and counts them")
    func breakdownCapsLongValues() throws {
        let any = EventDefinition(
            appKey: "shop-ios", name: "any", key: "any", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]"))
        let exact = String(repeating: "热", count: 85) + "a"  // 256 bytes: kept whole
        let long = String(repeating: "热", count: 300)  // 900 bytes
        let other = long + "!"
        let lines = [exact, long, long, other].map { record(properties: #"{"entranceTitle": "\#($0)"}"#) }
        let tally = count(lines, [any], breakdown: (0, "entranceTitle"))
        #expect(tally.counts == [4])
        #expect(tally.shortenedValues == 3)
        let names = tally.topValues(3).compactMap(\.value)
        #expect(names.count == 3)
        #expect(names.contains(exact))
        let shortened = names.filter { $0 != exact }
        #expect(tally.topValues(1).first?.count == 2, "the two equal long values are one name")
        for name in shortened {
            #expect(name.hasPrefix(String(repeating: "热", count: 200) + "…#"), "\(name)")
            #expect(name.utf8.count == 600 + 3 + 1 + 8)
        }
        #expect(shortened[0] != shortened[1], "values with the same start differ by their hash")
    }

    @Test("tallies of consecutive pieces join with line numbers from the start")
    func append() {
        var first = count([record(), "x"], [Self.hot])
        let second = count(["y", record()], [Self.hot])
        first.append(second)
        #expect(first.counts == [2])
        #expect(first.malformedSamples.map(\.line) == [2, 3])
    }
}
