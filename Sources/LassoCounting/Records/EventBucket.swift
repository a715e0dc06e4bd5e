/// A stretch of time counts are grouped by (`--bucket hour|day|week`): each record falls in the bucket that holds
/// its `time`, in UTC; weeks start on Monday, as ISO 8601's do.
public enum EventBucket: String, Sendable, CaseIterable {
    case hour
    case day
    case week

    /// The bucket's length in seconds.
    public var seconds: Int64 {
        switch self {
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// The start of the bucket that holds `time`, in seconds since 1970-01-01T00:00:00Z.
    public func start(of time: EventTime) -> Int64 {
        let seconds = Self.floorDivide(time.microseconds, 1_000_000)
        switch self {
        case .hour, .day: return Self.floorDivide(seconds, self.seconds) * self.seconds
        case .week:
            // 1970-01-01 was a Thursday: Mondays are 4 days after a multiple of 7 days.
            let monday: Int64 = 4 * 86_400
            return Self.floorDivide(seconds - monday, self.seconds) * self.seconds + monday
        }
    }

    /// A bucket's start as the engines' long output writes it: `2026-11-20T00:00:00Z`.
    public static func label(_ start: Int64) -> String {
        let days = floorDivide(start, 86_400)
        let secondOfDay = start - days * 86_400
        let (year, month, day) = civil(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-"
            + two(day) + "T" + two(secondOfDay / 3_600) + ":" + two(secondOfDay % 3_600 / 60) + ":"
            + two(secondOfDay % 60) + "Z"
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The civil date of a day number (days since 1970-01-01), by Howard Hinnant's `civil_from_days`.
    static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
