import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The nearest view of a path that no longer matches: the same answer as comparing the whole edit table of every
/// view's path, at a cost linear in the path's length.
@Suite("Nearest view")
struct NearestViewTests {
    /// The cheapest alignment of `a` to `b` the slow way: the whole edit table.
    static func fullCost(_ a: [PathSegment], _ b: [PathSegment]) -> Int {
        func substitution(_ want: PathSegment, _ have: PathSegment) -> Int {
            if want.name != have.name || want.alias != have.alias { return 2 }
            return want.index.matches(have.index) ? 0 : 1
        }
        var cost = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { cost[i][0] = i * 2 }
        for j in 0...b.count { cost[0][j] = j * 2 }
        for i in a.indices.map({ $0 + 1 }) {
            for j in b.indices.map({ $0 + 1 }) {
                cost[i][j] = min(
                    cost[i - 1][j - 1] + substitution(a[i - 1], b[j - 1]), cost[i - 1][j] + 2, cost[i][j - 1] + 2)
            }
        }
        return cost[a.count][b.count]
    }

    /// The first view in pre-order with the least cost within the limit, found by comparing every view's whole path.
    static func slowFind(_ pattern: ViewPath, in table: PathTable) -> (node: Int, cost: Int)? {
        var best: (node: Int, cost: Int)?
        func isRow(_ segment: PathSegment?) -> Bool { if case .cell? = segment?.index { true } else { false } }
        // The same leaf class, or for a path that ends in a row, any row; a dump's element above its windows is none.
        let leafIsRow = isRow(pattern.segments.last)
        for node in table.snapshot.indices
        where
            (table.name(of: node) == pattern.segments.last?.name
            || (leafIsRow && isRow(table.path(of: node).segments.last))) && !(node == 0 && table.documentRoot)
        {
            let cost = fullCost(pattern.segments, table.path(of: node).segments)
            if cost <= NearestView.maximumCost, cost < (best?.cost ?? .max) { best = (node, cost) }
        }
        return best
    }

    /// Paths near each view's own: an index changed, a segment gone, one added, one renamed, two indexes changed.
    static func variants(of path: ViewPath) -> [ViewPath] {
        var variants: [ViewPath] = []
        for position in path.segments.indices {
            var moved = path
            switch moved.segments[position].index {
            case .position(let index): moved.segments[position].index = .position((index ?? 0) + 1)
            case .cell(let section, let row):
                moved.segments[position].index = .cell(section: section, row: (row ?? 0) + 2)
            }
            variants.append(moved)
            if path.segments.count > 1 && position < path.segments.count - 1 {
                var gone = path
                gone.segments.remove(at: position)
                variants.append(gone)
            }
            var added = path
            added.segments.insert(PathSegment(name: "UIView", index: .position(0)), at: position)
            variants.append(added)
            var renamed = path
            renamed.segments[position].name = "Elsewhere"
            variants.append(renamed)
            if position + 3 < path.segments.count {
                var twice = moved
                twice.segments[position + 3].index = .position(7)
                variants.append(twice)
            }
        }
        return variants
    }

    @Test(
        "on the samples, every near variant of every view's path finds the view and cost the whole table finds",
        arguments: SnapshotFixtures.samples)
    func agreesWithTheWholeTable(name: String) throws {
        let table = try SnapshotFixtures.sample(name)
        for node in table.snapshot.indices {
            for pattern in Self.variants(of: table.path(of: node)) {
                let fast = NearestView.find(pattern, in: table)
                let slow = Self.slowFind(pattern, in: table)
                #expect(fast?.node == slow?.node, "\(name) #\(node): \(PathNotation.lasso.write(pattern))")
                #expect(fast?.cost == slow?.cost, "\(name) #\(node): \(PathNotation.lasso.write(pattern))")
            }
        }
    }

    @Test("skipped wrappers, pages and cells: the fast search agrees with the whole table")
    func agreesOnWrappersAndPages() throws {
        let table = try SnapshotFixtures.table(root: SnapshotFixtures.seedScreen)
        for node in table.snapshot.indices {
            for pattern in Self.variants(of: table.path(of: node)) {
                let fast = NearestView.find(pattern, in: table)
                let slow = Self.slowFind(pattern, in: table)
                #expect(fast?.node == slow?.node && fast?.cost == slow?.cost, "#\(node): \(pattern.segments.count)")
            }
        }
    }

    @Test("a path of 100,001 segments against a tree 100,000 deep: the view one index over, found in one pass")
    func deepPath() throws {
        let depth = 100_000
        var text = #"{"format": "lasso.snapshot/1", "root": "#
        text.reserveCapacity(depth * 40)
        text += String(repeating: #"{"class": "UIView", "children": ["#, count: depth)
        text += #"{"class": "UILabel", "text": "bottom"}"#
        text += String(repeating: "]}", count: depth)
        text += "}"
        let table = PathTable(try SnapshotLoader.load(bytes: Array(text.utf8), file: "deep.json"))
        var pattern = table.path(of: depth)
        #expect(pattern.segments.count == depth + 1)
        pattern.segments[1].index = .position(1)
        let started = ContinuousClock.now
        let found = try #require(NearestView.find(pattern, in: table))
        let elapsed = ContinuousClock.now - started
        #expect(found.node == depth)
        #expect(found.cost == 1)
        #expect(found.difference == "UIView[1] → UIView[0]")
        // The whole edit table would be 10^10 cells: it never finished. One pass takes well under a second.
        #expect(elapsed < .seconds(20), "\(elapsed)")

        // A pattern whose leaf every view of the chain has: still one pass, no path built for each view.
        var chain = table.path(of: depth - 1)
        chain.segments[depth / 2].index = .position(3)
        let started2 = ContinuousClock.now
        let near = try #require(NearestView.find(chain, in: table))
        #expect(near.node == depth - 1)
        #expect(ContinuousClock.now - started2 < .seconds(20))
    }
}
