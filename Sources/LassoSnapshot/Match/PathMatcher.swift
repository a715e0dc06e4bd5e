/// Finds the views a (possibly wildcard) path matches, through an index by page and leaf name
/// (docs/viewpath.md, "Wildcards and matching").
///
/// As the SDKs do, the cheap checks come first: the page segment and the leaf class pick a short list of
/// candidates, their path lengths are compared, and only then are paths compared, from the leaf up, remembering
/// the verdict on each shared ancestor, so that a deep tree costs one walk, not one walk per view.
public struct PathMatcher: Sendable {
    public let table: PathTable
    private let candidates: [PageLeafKey: [Int32]]
    /// For each view, the number of segments of its own path.
    private let pathLength: [Int32]
    /// For each view, the number of segments of the path down to it when it is an ancestor (a skipped wrapper adds none).
    private let ancestorLength: [Int32]

    struct PageLeafKey: Hashable {
        var page: String
        var leaf: Int32
    }

    public init(_ table: PathTable) {
        self.table = table
        var candidates: [PageLeafKey: [Int32]] = [:]
        var pageLabels: [Int32: String] = [:]
        let snapshot = table.snapshot
        let rootName = snapshot.count > 0 ? table.name(of: 0) : ""
        // Under a document element (`hierarchy`), a path without a page starts at its window: the window's name.
        var windowName = [String](repeating: rootName, count: table.documentRoot ? snapshot.count : 0)
        var pathLength = [Int32](repeating: 0, count: snapshot.count)
        var ancestorLength = [Int32](repeating: 0, count: snapshot.count)
        for node in snapshot.indices {
            let page = table.pageRoot[node]
            let label: String
            if page < 0 && table.documentRoot {
                let parent = Int(snapshot.records[node].parent)
                if parent > 0 {
                    windowName[node] = windowName[parent]
                } else if parent == 0 {
                    windowName[node] = table.name(of: node)
                }
                label = windowName[node]
            } else if page < 0 {
                label = rootName
            } else if let known = pageLabels[page] {
                label = known
            } else {
                label = table.pageSegment(ofPageRoot: Int(page)).label
                pageLabels[page] = label
            }
            candidates[PageLeafKey(page: label, leaf: table.nameID(of: node)), default: []].append(Int32(node))
            // Parents come before children in pre-order, so their lengths are known here.
            let parent = snapshot.records[node].parent
            if Self.isTop(node, table) {
                pathLength[node] = page >= 0 ? 2 : 1
                ancestorLength[node] = pathLength[node]
            } else {
                pathLength[node] = ancestorLength[Int(parent)] + 1
                ancestorLength[node] = ancestorLength[Int(parent)] + (table.skipped[node] ? 0 : 1)
            }
        }
        self.candidates = candidates
        self.pathLength = pathLength
        self.ancestorLength = ancestorLength
    }

    /// The page's root view, or the window when no page is above: the first view segment of a path.
    private static func isTop(_ node: Int, _ table: PathTable) -> Bool {
        table.pageRoot[node] == Int32(node) || (table.pageRoot[node] < 0 && table.isWindow(node))
    }

    private static func same(_ want: PathSegment, _ have: PathSegment) -> Bool {
        want.name == have.name && want.alias == have.alias && want.index.matches(have.index)
    }

    /// The views whose path `pattern` matches, where `event` applies (if given) and every condition holds.
    public func matches(_ pattern: ViewPath, event: String? = nil, conditions: [Condition] = []) -> [Int] {
        guard let first = pattern.segments.first, let leaf = pattern.segments.last,
            let leafID = table.names.firstIndex(of: leaf.name)
        else { return [] }
        let eventType = event.flatMap(EventType.init(rawValue:))
        let snapshot = table.snapshot
        let list = candidates[PageLeafKey(page: first.label, leaf: Int32(leafID))] ?? []
        let length = Int32(clamping: pattern.segments.count)
        var verdicts: [Int32: Bool] = [:]
        return list.map(Int.init).filter { node in
            guard pathLength[node] == length, matches(pattern, node, &verdicts) else { return false }
            if let eventType, !eventType.applies(to: node, in: snapshot) { return false }
            return conditions.allSatisfy { $0.holds(on: node, in: snapshot) }
        }
    }

    /// Whether `pattern` (of the same length) matches the path of `node`, compared from the leaf up; the verdict on
    /// each ancestor passed is remembered in `verdicts`, which every node of one search shares.
    private func matches(_ pattern: ViewPath, _ node: Int, _ verdicts: inout [Int32: Bool]) -> Bool {
        let segments = pattern.segments
        let page = table.pageRoot[node]
        var current = node
        var position = segments.count - 1
        var passed: [Int32] = []
        var verdict = false
        while true {
            let isLeaf = current == node
            if !isLeaf, let known = verdicts[Int32(current)] {
                verdict = known
                break
            }
            let top = Self.isTop(current, table)
            if !isLeaf && !top && table.skipped[current] {
                current = Int(table.snapshot.records[current].parent)
                continue
            }
            if !isLeaf { passed.append(Int32(current)) }
            guard position >= 0 else { break }
            let want = segments[position]
            let index: SegmentIndex = top ? table.segmentIndex(of: current) : table.ownIndex(of: current)
            guard want.alias == nil, want.name == table.name(of: current), want.index.matches(index) else { break }
            if top {
                verdict =
                    page >= 0
                    ? position == 1 && Self.same(segments[0], table.pageSegment(ofPageRoot: Int(page)))
                    : position == 0
                break
            }
            position -= 1
            current = Int(table.snapshot.records[current].parent)
        }
        for ancestor in passed { verdicts[ancestor] = verdict }
        return verdict
    }
}
