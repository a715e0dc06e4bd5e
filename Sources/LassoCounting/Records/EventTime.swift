/// A point in time as event records write it (ISO 8601: `2026-11-20T08:00:00.123Z`, `…+08:00`), held as
/// microseconds since 1970-01-01T00:00:00Z so that times compare as numbers (docs/event-records.md, "Time").
public struct EventTime: Sendable, Hashable, Comparable {
    /// Microseconds since 1970-01-01T00:00:00Z (fractions finer than a microsecond are dropped).
    public let microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public static func < (lhs: EventTime, rhs: EventTime) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Reads `YYYY-MM-DDTHH:MM:SS`, an optional fraction of a second (any number of digits), then `Z`, an offset
    /// `±HH:MM` (or `±HHMM`) or no zone at all, which is read as UTC as every engine's load reads it; nil for anything
    /// else, including a date or time out of range.
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4), reader.take(UInt8(ascii: "-")), let month = reader.number(2),
            reader.take(UInt8(ascii: "-")), let day = reader.number(2), reader.take(UInt8(ascii: "T")),
            let hour = reader.number(2), reader.take(UInt8(ascii: ":")), let minute = reader.number(2),
            reader.take(UInt8(ascii: ":")), let second = reader.number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= Self.days(in: month, of: year), hour <= 23, minute <= 59,
            second <= 59
        else { return nil }
        var fraction: Int64 = 0
        if reader.take(UInt8(ascii: ".")) {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 6 { fraction = fraction * 10 + Int64(digit) }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in min(digits, 6)..<6 { fraction *= 10 }
        }
        var offset: Int64 = 0
        if reader.take(UInt8(ascii: "Z")) {
        } else if let sign = reader.sign() {
            guard let hours = reader.number(2) else { return nil }
            _ = reader.take(UInt8(ascii: ":"))
            guard let minutes = reader.number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * Int64(hours * 60 + minutes) * 60
        }
        guard reader.atEnd else { return nil }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offset
        microseconds = seconds * 1_000_000 + fraction
    }

    /// Reads a time as `init(_:)` does, or a date alone (`2026-11-20`, midnight UTC), as a filter is given.
    public init?(filter text: String) {
        let bytes = Array((text.utf8.count == 10 ? text + "T00:00:00Z" : text).utf8)
        guard let time = bytes.withUnsafeBufferPointer({ EventTime($0) }) else { return nil }
        self = time
    }

    /// The time in UTC as `YYYY-MM-DD HH:MM:SS.ffffff`, the form every engine's SQL reads.
    public var sqlText: String {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        let fraction = microseconds - seconds * 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let (year, month, day) = Self.civil(days: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " " + pad(inDay / 3600, 2) + ":"
            + pad(inDay / 60 % 60, 2) + ":" + pad(inDay % 60, 2) + "." + pad(fraction, 6)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day counted from 1970-01-01 (`civil_from_days`).
    static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Reads digits and marks from a time's bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var pos = 0

        var atEnd: Bool { pos == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard pos < bytes.count, bytes[pos] == byte else { return false }
            pos += 1
            return true
        }

        mutating func digit() -> Int? {
            guard pos < bytes.count, bytes[pos] &- 0x30 < 10 else { return nil }
            pos += 1
            return Int(bytes[pos - 1] &- 0x30)
        }

        mutating func number(_ width: Int) -> Int? {
            var value = 0
            for _ in 0..<width {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int64? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }
}

/// The period a count covers: records from `since` (included) until `until` (not included), as version intervals
/// are; either end may be open.
public struct EventTimeRange: Sendable, Equatable {
    public var since: EventTime?
    public var until: EventTime?

    public init(since: EventTime?, until: EventTime?) {
        self.since = since
        self.until = until
    }

    public func contains(_ time: EventTime) -> Bool {
        if let since, time < since { return false }
        if let until, time >= until { return false }
        return true
    }
}
