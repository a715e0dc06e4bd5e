import Foundation
import LassoCounting

/// A definition's counts per hour, day or week as `lasso event count --bucket` prints them: a line a bucket, its
/// start, its count and, on a terminal, a bar of eighth blocks scaled to the widest count and the terminal's width.
enum BucketChart {
    /// How many buckets a chart fills in with zeros between its first and last; past that only buckets with records
    /// are listed (a record dated 1970 among this year's would otherwise make half a million hourly lines).
    static let filledLimit = 1_000

    /// The buckets to show, oldest first: every bucket from the first to the last (zeros included) when there are at
    /// most `filledLimit`, else only those with records.
    static func rows(_ counts: [Int64: Int], bucket: EventBucket, from first: Int64?, to last: Int64?) -> [(
        start: Int64, count: Int
    )] {
        guard let first, let last else { return [] }
        var starts: [Int64] = []
        var start = first
        while start <= last, starts.count <= filledLimit {
            starts.append(start)
            // In UTC an hour, a day and a week are each always the same length.
            start += bucket.seconds
        }
        if starts.count > filledLimit { starts = counts.keys.sorted() }
        return starts.map { ($0, counts[$0] ?? 0) }
    }

    /// A bar of `count` out of `widest` in `width` cells of eighth blocks (a count above zero shows at least ▏).
    static func bar(_ count: Int, of widest: Int, width: Int) -> String {
        guard widest > 0, width > 0, count > 0 else { return "" }
        let eighths = max(1, Int((Double(count) / Double(widest) * Double(width * 8)).rounded()))
        let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
    }

    /// The terminal's width in columns when standard output is a terminal; nil otherwise (no bars then).
    static func terminalWidth() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
