/// Finds the view that a path which no longer matches most likely meant: the same leaf class with the fewest
/// changed segments (an index one over, a page number changed, a wrapper view added or gone).
///
/// Segments are aligned by edit distance: a different index costs 1, a different name 2, a segment more or less 2;
/// candidates costing more than `maximumCost` are not offered.
public enum NearestView {
    public static let maximumCost = 4

    /// The closest view to `pattern` on one screen, with its cost and what differs; nil when none is close.
    public static func find(_ pattern: ViewPath, in table: PathTable) -> (node: Int, cost: Int, difference: String)? {
        guard let leaf = pattern.segments.last else { return nil }
        var best: (node: Int, cost: Int, difference: String)?
        for node in table.snapshot.indices where table.name(of: node) == leaf.name {
            let path = table.path(of: node)
            // The lengths alone may already cost too much.
            guard abs(path.segments.count - pattern.segments.count) * 2 <= maximumCost else { continue }
            let (cost, changes) = compare(pattern, path)
            guard cost <= maximumCost, cost < (best?.cost ?? .max) else { continue }
            best = (node, cost, changes.joined(separator: "; "))
        }
        return best
    }

    /// The edit cost from `pattern` to the concrete `path`, and the changes in words.
    static func compare(_ pattern: ViewPath, _ path: ViewPath) -> (Int, [String]) {
        let a = pattern.segments
        let b = path.segments
        var cost = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { cost[i][0] = i * 2 }
        for j in 0...b.count { cost[0][j] = j * 2 }
        if !a.isEmpty && !b.isEmpty {
            for i in 1...a.count {
                for j in 1...b.count {
                    let change = substitution(a[i - 1], b[j - 1])
                    cost[i][j] = min(cost[i - 1][j - 1] + change, cost[i - 1][j] + 2, cost[i][j - 1] + 2)
                }
            }
        }
        // Walk back to say what changed, first change first.
        var changes: [String] = []
        var i = a.count
        var j = b.count
        while i > 0 || j > 0 {
            if i > 0 && j > 0 && cost[i][j] == cost[i - 1][j - 1] + substitution(a[i - 1], b[j - 1]) {
                if substitution(a[i - 1], b[j - 1]) > 0 { changes.append("\(text(a[i - 1])) → \(text(b[j - 1]))") }
                i -= 1
                j -= 1
            } else if i > 0 && cost[i][j] == cost[i - 1][j] + 2 {
                changes.append("\(text(a[i - 1])) is gone")
                i -= 1
            } else {
                changes.append("\(text(b[j - 1])) is new")
                j -= 1
            }
        }
        return (cost[a.count][b.count], changes.reversed())
    }

    private static func substitution(_ want: PathSegment, _ have: PathSegment) -> Int {
        if want.name != have.name || want.alias != have.alias { return 2 }
        return want.index.matches(have.index) ? 0 : 1
    }

    private static func text(_ segment: PathSegment) -> String {
        "\(segment.label)[\(segment.index.text)]"
    }
}
