import Foundation
import LassoCounting
import Testing

/// The one policy every engine's load and query keeps (docs/event-records.md, "One policy"): a `time` with no zone
/// is UTC, and spaces and tabs around `appVersion` are ignored (other white space is not).
@Suite("Zone-less times read as UTC, padded versions count: in process and in every dialect")
struct RecordPolicyTests {
    func time(_ text: String) -> EventTime? {
        Array(text.utf8).withUnsafeBufferPointer { EventTime($0) }
    }

    @Test("a time with no zone is the same instant as with Z, fraction or not")
    func zonelessIsUTC() {
        #expect(time("2026-11-20T08:00:00") == time("2026-11-20T08:00:00Z"))
        #expect(time("2026-11-20T08:00:00.250") == time("2026-11-20T16:00:00.25+08:00"))
        #expect(EventTime(filter: "2026-11-20T08:00:00") == time("2026-11-20T08:00:00Z"))
        #expect(time("2026-11-20T08:00:00.") == nil)
        #expect(time("2026-11-20T08:00") == nil)
    }

    @Test("the counter counts a zone-less time in its period as UTC")
    func counterPeriod() {
        let period = EventTimeRange(since: time("2026-11-20T08:00:00Z"), until: time("2026-11-20T09:00:00Z"))
        let lines = ["2026-11-20T08:00:00", "2026-11-20T08:59:59.999", "2026-11-20T09:00:00", "2026-11-20T07:59:59"]
            .map { record(time: $0) }
        let tally = count(lines, time: period)
        #expect(tally.counts == [2])
        #expect(tally.noTime == 0)
    }

    @Test("spaces and tabs around a version are ignored, in an interval's test as anywhere")
    func paddedVersions() {
        let counted = [" 5.4.0", "5.4.0 ", "\t5.4.0\t", "  5.3.0 \t"].map { record(version: $0) }
        #expect(count(counted).counts == [4])
        // Other white space, and white space inside, is not a version (the SQL trims spaces and tabs only).
        let refused = ["\u{00A0}5.4.0", "5.4.0\u{3000}", "5. 4.0", "5.4.0\\n", " 5.6 "].map { record(version: $0) }
        #expect(count(refused).counts == [0])
    }

    @Test("every dialect trims spaces and tabs from app_version before reading it")
    func dialectsTrim() throws {
        let expected: [EventSQL.Engine: String] = [
            .postgres: "btrim(app_version, ' ' || chr(9))",
            .clickhouse: #"replaceRegexpAll(app_version, '^[ \\t]+|[ \\t]+$', '')"#,
            .spark: "btrim(app_version, concat(' ', chr(9)))",
            .duckdb: "trim(app_version, ' ' || chr(9))",
        ]
        for engine in EventSQL.Engine.allCases {
            let query = try EventSQL.query([EventCounterTests.hot], engine: engine)
            let trim = try #require(expected[engine], "\(engine)")
            #expect(query.contains(trim), "\(engine)")
            // No untrimmed reading of the version is left.
            #expect(query.replacingOccurrences(of: trim, with: "V").contains("app_version") == false, "\(engine)")
        }
    }

    func record(version: String = "5.4.0", time: String = "2026-11-20T08:00:00.123Z") -> String {
        let escaped = version.replacingOccurrences(of: "\t", with: "\\t")
        return
            #"{"event": "ButtonClick", "appKey": "shop-ios", "appVersion": "\#(escaped)", "viewPath": "Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]", "properties": {"entranceTitle": "热门推荐"}, "time": "\#(time)"}"#
    }

    func count(_ lines: [String], time: EventTimeRange? = nil) -> EventTally {
        var counter = EventCounter(plan: EventCountPlan(definitions: [EventCounterTests.hot], time: time))
        var text = Array(lines.joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        return counter.tally
    }
}
