import LassoSnapshot

/// Finds the view that a path which no longer matches most likely meant: the same leaf class (for a path that ends
/// in a row, any row, whose class may have been renamed) with the fewest changed segments (an index one over, a page
/// number changed, a wrapper view added or gone).
///
/// Segments are aligned by edit distance: a different index costs 1, a different name 2, a segment more or less 2;
/// candidates costing more than `maximumCost` are not offered. Since a segment more or less costs 2, an alignment
/// within `maximumCost` never strays more than `band` segments off the diagonal, so only that band of the edit
/// table is worked out: time and memory grow with the path's length, not with its square, and a 100,000-segment
/// path against a 100,000-deep tree costs one pass over the tree.
public enum NearestView {
    public static let maximumCost = 4
    /// How far off the diagonal an alignment within `maximumCost` can go.
    static let band = maximumCost / 2
    /// Any cost above `maximumCost`: the edit table holds no larger value, so it fits in a byte.
    static let tooFar: UInt8 = UInt8(maximumCost + 1)

    /// The closest view to `pattern` on one screen, with its cost and what differs; nil when none is close.
    ///
    /// One pass in pre-order carries, for each view, the band of the edit table's column that its path (as its
    /// children see it) ends in; a view's own column comes from its parent's with one step, so no path is built
    /// until the best view is known.
    public static func find(_ pattern: ViewPath, in table: PathTable) -> (node: Int, cost: Int, difference: String)? {
        guard let leaf = pattern.segments.last else { return nil }
        let snapshot = table.snapshot
        let segments = pattern.segments
        let leafIsRow = if case .cell = leaf.index { true } else { false }
        let width = 2 * band + 1
        // Per view: the band of the column its path ends in as an ancestor (a skipped wrapper passes its parent's
        // on), and that path's length; -1 when every alignment through it already costs too much.
        var columns = [UInt8](repeating: tooFar, count: snapshot.count * width)
        var lengths = [Int32](repeating: -1, count: snapshot.count)
        var column = [UInt8](repeating: tooFar, count: width)
        var best: (node: Int, cost: Int)?
        for node in snapshot.indices {
            let parent = Int(snapshot.records[node].parent)
            // A dump's element above its windows is no view and starts no path; each window does.
            if node == 0 && table.documentRoot { continue }
            let isTop = table.pageRoot[node] == Int32(node) || table.isWindow(node)
            var length: Int
            if isTop {
                // The path starts afresh: the page's segment (when there is a page), then this view at index 0.
                start(&column, segments.count)
                length = 0
                if let page = table.page(of: node) {
                    step(&column, from: length, segments, table.pageSegment(ofPageRoot: page))
                    length += 1
                }
                step(&column, from: length, segments, PathSegment(name: table.name(of: node), index: .position(0)))
                length += 1
            } else {
                guard lengths[parent] >= 0 else { continue }
                length = Int(lengths[parent])
                for offset in 0..<width { column[offset] = columns[parent * width + offset] }
                step(
                    &column, from: length, segments,
                    PathSegment(name: table.name(of: node), index: table.ownIndex(of: node)))
                length += 1
            }
            let alive = length <= segments.count + band && column.contains { $0 < tooFar }
            // The leaf keeps its class, or, for a row, is a row of a renamed class (`ProductCell` → `ProductCardCell`).
            let sameLeaf = table.name(of: node) == leaf.name || (leafIsRow && table.isCellIndex[node])
            if alive, sameLeaf, abs(length - segments.count) <= band {
                let cost = Int(column[segments.count - length + band])
                if cost <= maximumCost, cost < (best?.cost ?? .max) { best = (node, cost) }
            }
            if !isTop && table.skipped[node] {
                // Its children's paths leave it out: they go on from the parent's column.
                lengths[node] = lengths[parent]
                for offset in 0..<width { columns[node * width + offset] = columns[parent * width + offset] }
            } else if alive {
                lengths[node] = Int32(length)
                for offset in 0..<width { columns[node * width + offset] = column[offset] }
            }
        }
        guard let best else { return nil }
        let (cost, changes) = compare(pattern, table.path(of: best.node))
        return (best.node, cost, changes.joined(separator: "; "))
    }

    /// The column of the empty path: deleting the first `i` pattern segments costs `2 i`. Entry `offset` of a column
    /// for a path of length `j` is the cost of aligning the pattern's first `j + offset - band` segments with it.
    private static func start(_ column: inout [UInt8], _ patternCount: Int) {
        for offset in column.indices {
            let i = offset - band
            column[offset] = i < 0 || i > patternCount ? tooFar : capped(2 * i)
        }
    }

    /// Turns the column of a path of length `j` into the column of that path with `segment` added.
    private static func step(_ column: inout [UInt8], from j: Int, _ pattern: [PathSegment], _ segment: PathSegment) {
        let previous = column
        for offset in column.indices {
            // Row i of column j + 1 sits at `offset` here and at `offset + 1` in column j.
            let i = j + 1 + offset - band
            guard i >= 0, i <= pattern.count else {
                column[offset] = tooFar
                continue
            }
            var cost = Int(offset + 1 < previous.count ? previous[offset + 1] : tooFar) + 2
            if i == 0 {
                cost = 2 * (j + 1)
            } else {
                cost = min(cost, Int(previous[offset]) + substitution(pattern[i - 1], segment))
                if offset > 0 { cost = min(cost, Int(column[offset - 1]) + 2) }
            }
            column[offset] = capped(cost)
        }
    }

    private static func capped(_ cost: Int) -> UInt8 { UInt8(min(cost, Int(tooFar))) }

    /// The edit cost from `pattern` to the concrete `path`, and the changes in words; a cost above `maximumCost`
    /// is given as `maximumCost + 1` without the changes. Only the band of the table near its diagonal is kept.
    static func compare(_ pattern: ViewPath, _ path: ViewPath) -> (Int, [String]) {
        let a = pattern.segments
        let b = path.segments
        guard abs(a.count - b.count) <= band else { return (maximumCost + 1, []) }
        let width = 2 * band + 1
        // Row i holds the cells of columns i - band … i + band.
        var table = [UInt8](repeating: tooFar, count: (a.count + 1) * width)
        func cost(_ i: Int, _ j: Int) -> Int {
            guard i >= 0, j >= 0, abs(i - j) <= band else { return Int(tooFar) }
            return Int(table[i * width + j - i + band])
        }
        for i in 0...a.count {
            for j in max(0, i - band)...min(b.count, i + band) {
                var value: Int
                if i == 0 {
                    value = j * 2
                } else if j == 0 {
                    value = i * 2
                } else {
                    value = min(
                        cost(i - 1, j - 1) + substitution(a[i - 1], b[j - 1]), cost(i - 1, j) + 2, cost(i, j - 1) + 2)
                }
                table[i * width + j - i + band] = capped(value)
            }
        }
        let total = cost(a.count, b.count)
        guard total <= maximumCost else { return (maximumCost + 1, []) }
        // Walk back to say what changed, first change first.
        var changes: [String] = []
        var i = a.count
        var j = b.count
        while i > 0 || j > 0 {
            if i > 0 && j > 0 && cost(i, j) == cost(i - 1, j - 1) + substitution(a[i - 1], b[j - 1]) {
                if substitution(a[i - 1], b[j - 1]) > 0 { changes.append("\(text(a[i - 1])) → \(text(b[j - 1]))") }
                i -= 1
                j -= 1
            } else if i > 0 && cost(i, j) == cost(i - 1, j) + 2 {
                changes.append("\(text(a[i - 1])) is gone")
                i -= 1
            } else {
                changes.append("\(text(b[j - 1])) is new")
                j -= 1
            }
        }
        return (total, changes.reversed())
    }

    private static func substitution(_ want: PathSegment, _ have: PathSegment) -> Int {
        if want.name != have.name || want.alias != have.alias { return 2 }
        return want.index.matches(have.index) ? 0 : 1
    }

    private static func text(_ segment: PathSegment) -> String {
        "\(segment.label)[\(segment.index.text)]"
    }
}
