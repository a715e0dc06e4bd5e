/// A set of Unicode scalars as sorted, disjoint, non-adjacent closed ranges of their values.
struct ScalarRanges: Sendable, Hashable {
    /// The largest scalar value.
    static let maximum: UInt32 = 0x10_FFFF

    private(set) var ranges: [ClosedRange<UInt32>]

    /// Every scalar: what `.` matches (line breaks included).
    static let all = ScalarRanges(normalizing: [0...maximum])

    init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    /// The union of `ranges`, in any order and overlapping.
    init(normalizing ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// Every scalar not in this set.
    var inverted: ScalarRanges {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.maximum { result.append(next...Self.maximum) }
        return ScalarRanges(normalizing: result)
    }

    func contains(_ value: UInt32) -> Bool { ranges.sortedRangesContain(value) }
}

extension Array {
    /// Whether these sorted, disjoint ranges hold `value`, by binary search.
    func sortedRangesContain<Bound: Comparable>(_ value: Bound) -> Bool where Element == ClosedRange<Bound> {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].upperBound < value {
                low = middle + 1
            } else if self[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }
}
