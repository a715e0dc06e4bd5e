import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import _LassoTestSupport

/// Random event definitions and records for the differential test, from a seed: paths with `*` and cells, class
/// names full of regex metacharacters and CJK, content values in CJK and with quotes and backslashes, versions
/// at and around interval ends.
struct RandomEvents {
    /// The seeded generator the test support shares, so that a seed gives the same data on every machine.
    typealias Generator = SeededGenerator

    /// A record as the generator made it.
    struct Record {
        var event: String
        var appKey: String
        var appVersion: String
        var viewPath: String
        /// Values in order; an Int is written as a JSON number.
        var properties: [(String, Any)]
        /// The reported time (nil: none), one of `times`.
        var time: String? = nil
    }

    /// The period the differential tests count: 2026-11-20T08:00:00Z until 2026-11-21T00:00:00Z.
    static let period = EventTimeRange(
        since: EventTime(filter: "2026-11-20T08:00:00Z"), until: EventTime(filter: "2026-11-21"))
    /// Times at and around the period's ends, in the forms records carry, and whether each lies in the period
    /// (nil: no readable time).
    static let times: [(text: String?, inside: Bool?)] = [
        ("2026-11-20T07:59:59.999Z", false), ("2026-11-20T08:00:00Z", true), ("2026-11-20T08:00:00.000Z", true),
        ("2026-11-20T08:00:00.001Z", true), ("2026-11-20T16:00:00+08:00", true),
        ("2026-11-20T15:59:59.999+08:00", false), ("2026-11-20T12:00:00.5Z", true),
        ("2026-11-20T23:59:59.999Z", true), ("2026-11-21T00:00:00Z", false), ("2026-11-21T08:00:00+08:00", false),
        ("2026-11-20T19:00:00-05:00", false), ("2026-11-20T18:59:59.999-05:00", true),
        ("2026-11-20T08:00:00.123Z", true), (nil, nil), ("yesterday", nil), ("2026-11-20T08:00:00", true),
        ("2026-11-20T07:59:59.999", false), ("2026-11-20T16:00:00.1234567+0800", true), ("2026-02-30T08:00:00Z", nil),
        ("2026-11-23T00:30:00Z", false), ("2026-11-22T23:30:00-01:00", false),
    ]

    static let names = [
        "HomeViewController", "A.B", "Price$", "a+b", "x*y", "q?", "c^d", "p|q", "br{2}", "back\\slash", "热门推荐View",
        "Under_score", "Pct%", "Open[", "List(Cell)", "Plain",
    ]
    static let events = ["ButtonClick", "ListItemClick"]
    static let apps = ["shop-ios", "shop-android"]
    static let bounds = ["5.3", "5.3.1", "5.10", "6", "5.3.0.1"]
    static let versions = [
        "5.2.9", "5.3", "5.3.0", "5.3.0-beta", "5.3.1", "5.3.0.1", "5.9", "5.10", "5.10.0.0", "6", "6.0.0-rc.1", "x",
        "",
        "5.3+build", "05.3", "5.3.0.0.0.0.0.1", "1.2.3.4.5.6.7.8.9", " 5.3", "5.10\t", "\t 6 ", "5.3.1\u{00A0}",
    ]
    static let keys = ["title", "entranceTitle", "url"]
    static let values = ["热门推荐", "新品", "活动1", "a'b", "x\\y", "5", "100%", "_x_", "热门", "推荐活动", "Levi's"]
    static let patterns = ["^热", "门$", "[0-9]+", "^a'b$", "活动", "^(新品|热门)"]

    var random: Generator

    init(seed: UInt64) { random = Generator(state: seed) }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func definition(_ number: Int) -> EventDefinition {
        var segments: [PathSegment] = []
        for _ in 0..<Int.random(in: 2...4, using: &random) {
            let index: SegmentIndex =
                chance(30)
                ? .cell(
                    section: chance(50) ? nil : Int.random(in: 0...2, using: &random),
                    row: chance(60) ? nil : Int.random(in: 0...3, using: &random))
                : .position(chance(40) ? nil : Int.random(in: 0...2, using: &random))
            segments.append(PathSegment(name: pick(Self.names), index: index))
        }
        var intervals: [VersionInterval] = []
        if chance(60) {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let from = chance(70) ? AppVersion(pick(Self.bounds)) : nil
                let until = chance(60) ? AppVersion(pick(Self.bounds)) : nil
                intervals.append(VersionInterval(from: from, until: until))
            }
        }
        var content: [ContentCondition] = []
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let operation: ContentCondition.Operation =
                switch Int.random(in: 0..<4, using: &random) {
                case 0: .equals(pick(Self.values))
                case 1: .oneOf([pick(Self.values), pick(Self.values)])
                case 2: .contains(pick(["热门", "活", "'", "\\", "%", "_", "5"]))
                default: .regex(pick(Self.patterns))
                }
            content.append(ContentCondition(key: pick(Self.keys), operation))
        }
        var definition = EventDefinition(
            appKey: pick(Self.apps), name: "definition \(number)", key: "d\(number)",
            versions: VersionRanges(intervals), viewEvent: pick(Self.events), viewPath: ViewPath(segments),
            content: content)
        definition.number = chance(90) ? number + 1 : nil
        return definition
    }

    /// A record near `definition`: its place with wildcards filled in, then sometimes changed a little.
    mutating func record(near definition: EventDefinition) -> Record {
        var segments = definition.viewPath.segments.map { segment -> PathSegment in
            var concrete = segment
            switch segment.index {
            case .position(let value): concrete.index = .position(value ?? Int.random(in: 0...12, using: &random))
            case .cell(let section, let row):
                concrete.index = .cell(
                    section: section ?? Int.random(in: 0...3, using: &random),
                    row: row ?? Int.random(in: 0...40, using: &random))
            }
            return concrete
        }
        if chance(15) { segments[Int.random(in: 0..<segments.count, using: &random)].name = pick(Self.names) }
        if chance(10) {
            let at = Int.random(in: 0..<segments.count, using: &random)
            segments[at].index = segments[at].index == .position(1) ? .cell(section: 1, row: 1) : .position(1)
        }
        if chance(5) { segments.append(PathSegment(name: "Plain", index: .position(0))) }
        var properties: [(String, Any)] = []
        for key in Self.keys where chance(60) {
            properties.append((key, chance(10) ? 5 : pick(Self.values)))
        }
        // Often the value a condition wants, so that the content holds as often as not.
        for condition in definition.content where chance(60) {
            switch condition.operation {
            case .equals(let value): properties.append((condition.key, value))
            case .oneOf(let values): properties.append((condition.key, pick(values)))
            case .contains(let value): properties.append((condition.key, "x" + value + "y"))
            case .regex: properties.append((condition.key, pick(Self.values)))
            }
        }
        // Sometimes a record the app tracked through the catalogue (docs/event-catalogue.md): the key as its event,
        // its number in event_number (as a number or text, another number, or none), its content as it comes.
        if chance(12) {
            let number = definition.number ?? 0
            switch Int.random(in: 0..<4, using: &random) {
            case 0: properties.append(("event_number", number))
            case 1: properties.append(("event_number", String(number)))
            case 2: properties.append(("event_number", number + 1))
            default: break
            }
            return Record(
                event: chance(85) ? definition.key : "d\(Int.random(in: 0...40, using: &random))",
                appKey: chance(90) ? definition.appKey : pick(Self.apps), appVersion: pick(Self.versions),
                viewPath: "", properties: properties, time: pick(Self.times).text)
        }
        return Record(
            event: chance(90) ? definition.viewEvent : pick(Self.events),
            appKey: chance(90) ? definition.appKey : pick(Self.apps), appVersion: pick(Self.versions),
            viewPath: PathNotation.lasso.write(ViewPath(segments)), properties: properties,
            time: pick(Self.times).text)
    }

    /// The record as one JSON line, as the SDK writes it.
    static func line(_ record: Record) -> String { JSONWriter.compact(.object(object(record))) }

    /// The record as the JSON object of its line.
    static func object(_ record: Record) -> JSONObject {
        var properties = JSONObject()
        for (key, value) in record.properties {
            properties[key] = (value as? Int).map { JSONValue.int($0) } ?? .string(value as! String)
        }
        var object = JSONObject([
            "event": .string(record.event), "appKey": .string(record.appKey), "appVersion": .string(record.appVersion),
            "viewPath": .string(record.viewPath), "viewId": .string("id"), "properties": .object(properties),
            "deviceId": .string("d1"),
        ])
        if let time = record.time { object["time"] = .string(time) }
        return object
    }
}
