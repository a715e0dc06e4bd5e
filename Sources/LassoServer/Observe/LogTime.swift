import Foundation

/// Times as log lines write them, `2026-11-29T09:40:01.123Z` (UTC, milliseconds), made fast for the access log's
/// thread: the calendar is worked out once per second, each line only adds its milliseconds.
struct LogTime {
    private var second = Int.min
    private var prefix = ""

    /// `date` in UTC with milliseconds.
    mutating func text(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let whole = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        if whole != second {
            second = whole
            var time = time_t(whole)
            var parts = tm()
            gmtime_r(&time, &parts)
            prefix =
                "\(parts.tm_year + 1900)-\(Self.two(Int(parts.tm_mon) + 1))-\(Self.two(Int(parts.tm_mday)))T"
                + "\(Self.two(Int(parts.tm_hour))):\(Self.two(Int(parts.tm_min))):\(Self.two(Int(parts.tm_sec)))."
        }
        let rest = milliseconds - whole * 1000
        return prefix + (rest < 10 ? "00" : rest < 100 ? "0" : "") + String(rest) + "Z"
    }

    /// `elapsed` in seconds with six decimals: `0.000412`.
    static func seconds(_ elapsed: Duration) -> String {
        let micro = max(0, elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000)
        let fraction = String(micro % 1_000_000)
        return String(micro / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
