/// The classes of a program's intervals of scalars: intervals that every set of the program holds alike (each set
/// holds all of them or none) are one class, as PostgreSQL's regex compiler gives characters "colours". Found by
/// refining one partition set by set; each set costs the intervals it holds or leaves out, whichever are fewer.
struct CharacterClasses {
    /// Each interval's class, numbered from 0 in the order of their first intervals.
    let intervalClasses: [Int32]
    /// The first interval of each class.
    let representatives: [Int]

    /// - Parameters:
    ///   - intervalCount: how many intervals there are (`0..<intervalCount`).
    ///   - sets: each set as the sorted, disjoint ranges of intervals it holds.
    init(intervalCount: Int, sets: [[ClosedRange<Int>]]) {
        var classOf = [Int32](repeating: 0, count: intervalCount)
        var sizes = [intervalCount]
        // For the set being refined by, per class: how many of its intervals the set walks, and the new class its
        // walked intervals move to (-1 when the set walks all of the class or none).
        var walked = [0]
        var splitInto: [Int32] = [-1]
        for set in sets {
            let held = set.reduce(0) { $0 + $1.count }
            if held == 0 || held == intervalCount { continue }
            // A set and the intervals it leaves out part the classes alike: the fewer are walked.
            let walk = held * 2 <= intervalCount ? set : Self.complement(of: set, intervalCount: intervalCount)
            var touched: [Int] = []
            for range in walk {
                for interval in range {
                    let current = Int(classOf[interval])
                    if walked[current] == 0 { touched.append(current) }
                    walked[current] += 1
                }
            }
            for current in touched where walked[current] < sizes[current] {
                splitInto[current] = Int32(sizes.count)
                sizes.append(0)
                walked.append(0)
                splitInto.append(-1)
            }
            for range in walk {
                for interval in range {
                    let current = Int(classOf[interval])
                    let next = splitInto[current]
                    guard next >= 0 else { continue }
                    classOf[interval] = next
                    sizes[current] -= 1
                    sizes[Int(next)] += 1
                }
            }
            for current in touched {
                walked[current] = 0
                splitInto[current] = -1
            }
        }
        var numbers = [Int32](repeating: -1, count: sizes.count)
        var representatives: [Int] = []
        for interval in 0..<intervalCount {
            let current = Int(classOf[interval])
            if numbers[current] < 0 {
                numbers[current] = Int32(representatives.count)
                representatives.append(interval)
            }
            classOf[interval] = numbers[current]
        }
        intervalClasses = classOf
        self.representatives = representatives
    }

    /// The intervals of `0..<intervalCount` outside the sorted, disjoint `ranges`.
    private static func complement(of ranges: [ClosedRange<Int>], intervalCount: Int) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        var next = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next < intervalCount { result.append(next...(intervalCount - 1)) }
        return result
    }
}
