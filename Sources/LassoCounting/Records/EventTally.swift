/// What counting event records over some lines found: the lines and records read, the malformed lines skipped
/// (their number and the first few), each definition's count, and the breakdowns asked for.
///
/// Tallies of consecutive pieces of a log are joined with `append`, which keeps line numbers counted from the
/// first piece's start.
public struct EventTally: Sendable, Equatable {
    /// A line that is not a record, skipped: its number (from 1) and why.
    public struct MalformedLine: Sendable, Equatable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// How many malformed lines a tally names; the rest are only counted.
    public static let sampleLimit = 5
    /// How many distinct values a breakdown keeps; the records of values past it are counted in `otherValues`.
    public static let breakdownLimit = 100_000

    /// Lines read, blank ones included.
    public var lines = 0
    /// Lines that were records (JSON objects).
    public var records = 0
    public var malformed = 0
    /// Records without a readable `time`, counted only when the count has a time filter (which skips them).
    public var noTime = 0
    public var malformedSamples: [MalformedLine] = []
    /// Records each definition counts, in the order the definitions were given.
    public var counts: [Int]
    /// For the definition broken down: records per reported value of the key (nil: the key was not reported).
    public var breakdown: [String?: Int] = [:]
    /// Records of the broken-down definition whose value came after `breakdownLimit` others.
    public var otherValues = 0
    /// Records of the broken-down definition whose value was longer than `BreakdownValue.limit` bytes, counted under
    /// its shortened name.
    public var shortenedValues = 0
    /// With a bucket: for each definition, records per bucket start (seconds since 1970, UTC).
    public var buckets: [[Int64: Int]] = []
    /// Records per reported viewPath, when asked for.
    public var viewPaths: [String: Int] = [:]
    /// Records per reported viewId, when asked for.
    public var viewIds: [String: Int] = [:]

    public init(definitions: Int) { counts = Array(repeating: 0, count: definitions) }

    mutating func noteMalformed(line: Int, reason: String) {
        malformed += 1
        if malformedSamples.count < Self.sampleLimit {
            malformedSamples.append(MalformedLine(line: line, reason: reason))
        }
    }

    /// Adds the tally of the lines that come right after this one's.
    public mutating func append(_ later: EventTally) {
        for sample in later.malformedSamples where malformedSamples.count < Self.sampleLimit {
            malformedSamples.append(MalformedLine(line: sample.line + lines, reason: sample.reason))
        }
        lines += later.lines
        records += later.records
        malformed += later.malformed
        noTime += later.noTime
        for index in counts.indices { counts[index] += later.counts[index] }
        for (value, count) in later.breakdown {
            if breakdown[value] != nil || breakdown.count < Self.breakdownLimit {
                breakdown[value, default: 0] += count
            } else {
                otherValues += count
            }
        }
        otherValues += later.otherValues
        shortenedValues += later.shortenedValues
        if buckets.isEmpty {
            buckets = later.buckets
        } else {
            for (index, counts) in later.buckets.enumerated() where index < buckets.count {
                for (start, count) in counts { buckets[index][start, default: 0] += count }
            }
        }
        for (path, count) in later.viewPaths { viewPaths[path, default: 0] += count }
        for (id, count) in later.viewIds { viewIds[id, default: 0] += count }
    }

    /// The broken-down values, most records first (ties by value), at most `limit`.
    public func topValues(_ limit: Int) -> [(value: String?, count: Int)] {
        breakdown.map { (value: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : ($0.value ?? "") < ($1.value ?? "") }
            .prefix(limit).map { $0 }
    }
}
