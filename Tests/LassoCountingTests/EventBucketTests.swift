import Foundation
import Testing

@testable import LassoCounting

/// Buckets of time for counts per hour, day and week, in UTC, weeks from Monday: held against Foundation's ISO 8601
/// calendar on random instants across a century.
@Suite struct EventBucketTests {
    @Test("bucket starts and labels agree with Foundation's ISO 8601 calendar in UTC")
    func againstFoundation() throws {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = calendar.timeZone
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // 1950 to 2050, to the microsecond.
            let micros = Int64.random(in: -631_152_000_000_000...2_524_608_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            let time = EventTime(microseconds: micros)
            let day = calendar.startOfDay(for: date)
            #expect(EventBucket.day.start(of: time) == Int64(day.timeIntervalSince1970.rounded(.down)))
            let hour = calendar.dateInterval(of: .hour, for: date)!.start
            #expect(EventBucket.hour.start(of: time) == Int64(hour.timeIntervalSince1970))
            let week = calendar.dateInterval(of: .weekOfYear, for: date)!.start
            #expect(EventBucket.week.start(of: time) == Int64(week.timeIntervalSince1970), "\(date)")
            #expect(EventBucket.label(EventBucket.day.start(of: time)) == formatter.string(from: day))
        }
    }

    @Test("a time with an offset falls in its UTC day; the week of a Sunday starts the Monday before")
    func examples() throws {
        let late = try #require(EventTime(filter: "2026-11-21T01:30:00+08:00"))
        #expect(EventBucket.label(EventBucket.day.start(of: late)) == "2026-11-20T00:00:00Z")
        let sunday = try #require(EventTime(filter: "2026-11-22T23:59:59Z"))
        #expect(EventBucket.label(EventBucket.week.start(of: sunday)) == "2026-11-16T00:00:00Z")
        let before1970 = try #require(EventTime(filter: "1969-12-31T23:00:00Z"))
        #expect(EventBucket.label(EventBucket.day.start(of: before1970)) == "1969-12-31T00:00:00Z")
    }
}
