import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `Date` field of answers written as bytes (RFC 9110 §6.6.1, IMF-fixdate), made again only when the second
/// changes: one per connection, so connections never share it.
struct HTTPDateLine {
    private var second = -1
    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT` with its line end and the blank line that ends the header.
    private(set) var line = ByteBuffer()

    /// The line for now.
    mutating func current() -> ByteBuffer {
        let now = time(nil)
        if now != second {
            second = now
            line = Self.line(for: now)
        }
        return line
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func line(for seconds: Int) -> ByteBuffer {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "Date: \(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT\r\n\r\n"
        return ByteBuffer(string: text)
    }
}
