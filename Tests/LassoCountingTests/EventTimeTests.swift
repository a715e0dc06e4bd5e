import Foundation
import LassoCounting
import Testing

@Suite("Event record times and the time filter (docs/event-records.md, \"Time\")")
struct EventTimeTests {
    func time(_ text: String) -> EventTime? {
        Array(text.utf8).withUnsafeBufferPointer { EventTime($0) }
    }

    @Test("ISO 8601 times read as Foundation reads them: fractions, Z and offsets")
    func readsAsFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        for text in [
            "2026-11-20T08:00:00Z", "2026-11-20T08:00:00.123Z", "2026-11-20T16:00:00.250+08:00",
            "2026-11-20T03:00:00-05:00", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2000-02-29T12:00:00Z",
            "2400-02-29T00:00:00Z", "2026-12-31T23:59:59.999+14:00",
        ] {
            let date = try #require(formatter.date(from: text) ?? plain.date(from: text), "\(text)")
            let expected = Int64((date.timeIntervalSince1970 * 1000).rounded()) * 1000
            #expect(time(text)?.microseconds == expected, "\(text)")
        }
    }

    @Test("fractions of any length, finer than a microsecond dropped; offsets without a colon")
    func fractions() {
        #expect(time("2026-11-20T08:00:00.5Z") == time("2026-11-20T08:00:00.500000Z"))
        #expect(time("2026-11-20T08:00:00.1234567Z")?.microseconds == time("2026-11-20T08:00:00.123456Z")?.microseconds)
        #expect(time("2026-11-20T16:00:00+0800") == time("2026-11-20T08:00:00Z"))
    }

    @Test("anything else is no time: bad dates, text around it")
    func refused() {
        for text in [
            "", "yesterday", "2026-11-20", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
            "2026-11-20T24:00:00Z", "2026-11-20T08:60:00Z", "2026-11-20T08:00:00.Z", "2026-11-20T08:00:00Z ",
            " 2026-11-20T08:00:00Z", "2026-11-20 08:00:00Z", "2026-11-20T08:00:00+8:00", "2026-11-20T08:00:00+24:00",
            "１２３４-11-20T08:00:00Z",
        ] {
            #expect(time(text) == nil, "\(text)")
        }
    }

    @Test("a filter also takes a date alone, as midnight UTC; SQL text is UTC to the microsecond")
    func filterAndSQL() {
        #expect(EventTime(filter: "2026-11-20") == time("2026-11-20T00:00:00Z"))
        #expect(EventTime(filter: "2026-11-20T16:00:00.25+08:00")?.sqlText == "2026-11-20 08:00:00.250000")
        #expect(EventTime(filter: "1969-12-31T23:59:59.5Z")?.sqlText == "1969-12-31 23:59:59.500000")
        #expect(EventTime(filter: "20261120") == nil)
    }

    @Test("a period holds its start and not its end")
    func period() throws {
        let range = EventTimeRange(since: time("2026-11-20T08:00:00Z"), until: time("2026-11-21T00:00:00Z"))
        #expect(range.contains(try #require(time("2026-11-20T08:00:00.000Z"))))
        #expect(!range.contains(try #require(time("2026-11-20T07:59:59.999Z"))))
        #expect(range.contains(try #require(time("2026-11-20T23:59:59.999999Z"))))
        #expect(!range.contains(try #require(time("2026-11-21T08:00:00+08:00"))))
        #expect(EventTimeRange(since: nil, until: nil).contains(try #require(time("1900-01-01T00:00:00Z"))))
    }

    @Test("the counter skips records outside the period and counts those with no readable time apart")
    func counter() {
        let definition = EventCounterTests.hot
        func line(_ time: String?) -> String {
            let field = time.map { #", "time": "\#($0)""# } ?? ""
            return
                #"{"event": "ButtonClick", "appKey": "shop-ios", "appVersion": "5.4.0", "viewPath": "Home[0]/UIView[0]/EntranceBar[0]/EntranceButton[1]", "properties": {"entranceTitle": "热门推荐"}\#(field)}"#
        }
        let lines = [
            line("2026-11-20T08:00:00Z"), line("2026-11-20T07:59:59.999Z"), line("2026-11-20T16:30:00+08:00"),
            line(nil), line("soon"), line(#"2026-11-20T09:00:00\u005a"#), line("2026-11-21T00:00:00Z"),
        ]
        let period = EventTimeRange(since: time("2026-11-20T08:00:00Z"), until: time("2026-11-21T00:00:00Z"))
        var counter = EventCounter(plan: EventCountPlan(definitions: [definition], time: period))
        var text = Array(lines.joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        #expect(counter.tally.counts == [3])
        #expect(counter.tally.noTime == 2)
        #expect(counter.tally.records == 7)
        var all = EventCounter(plan: EventCountPlan(definitions: [definition]))
        text.withUnsafeMutableBufferPointer { all.count(lines: UnsafeBufferPointer($0)) }
        #expect(all.tally.counts == [7])
        #expect(all.tally.noTime == 0)
    }

    @Test("the query narrows the rows to the period on every engine")
    func query() throws {
        let period = EventTimeRange(since: time("2026-11-20T16:00:00+08:00"), until: EventTime(filter: "2026-11-21"))
        let postgres = try EventSQL.query([EventCounterTests.hot], engine: .postgres, time: period)
        #expect(
            postgres.contains(
                "AND time >= TIMESTAMPTZ '2026-11-20 08:00:00.000000+00' AND time < TIMESTAMPTZ '2026-11-21 00:00:00.000000+00'"
            ))
        let clickhouse = try EventSQL.query([EventCounterTests.hot], engine: .clickhouse, time: period)
        #expect(clickhouse.contains("AND time >= toDateTime64('2026-11-20 08:00:00.000000', 6, 'UTC') AND time <"))
        let spark = try EventSQL.query(
            [EventCounterTests.hot], engine: .spark, time: EventTimeRange(since: nil, until: period.until))
        #expect(spark.contains("app_key IN ('shop-ios') AND time < TIMESTAMP '2026-11-21 00:00:00.000000Z'"))
        #expect(!spark.contains("time >="))
        #expect(!(try EventSQL.query([EventCounterTests.hot], engine: .postgres)).contains("time"))
    }
}
