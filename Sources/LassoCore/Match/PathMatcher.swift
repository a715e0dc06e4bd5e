/// Finds the views a (possibly wildcard) path matches, through an index by page and leaf name (docs/viewpath.md, "Wildcards and matching").
///
/// As an SDK does, the cheap checks come first: the page segment and the leaf class pick a short
/// list of candidates, and only those have their full paths compared.
public struct PathMatcher: Sendable {
    public let table: PathTable
    private let candidates: [PageLeafKey: [Int32]]

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
        for node in snapshot.indices {
            let page = table.pageRoot[node]
            let label: String
            if page < 0 {
                label = rootName
            } else if let known = pageLabels[page] {
                label = known
            } else {
                label = table.pageSegment(ofPageRoot: Int(page)).label
                pageLabels[page] = label
            }
            candidates[PageLeafKey(page: label, leaf: table.nameID(of: node)), default: []].append(Int32(node))
        }
        self.candidates = candidates
    }

    /// The views whose path `pattern` matches, where `event` applies (if given) and every condition holds.
    public func matches(_ pattern: ViewPath, event: String? = nil, conditions: [Condition] = []) -> [Int] {
        guard let first = pattern.segments.first, let leaf = pattern.segments.last,
            let leafID = table.names.firstIndex(of: leaf.name)
        else { return [] }
        let eventType = event.flatMap(EventType.init(rawValue:))
        let snapshot = table.snapshot
        let list = candidates[PageLeafKey(page: first.label, leaf: Int32(leafID))] ?? []
        return list.map(Int.init).filter { node in
            guard pattern.matches(table.path(of: node)) else { return false }
            if let eventType, !eventType.applies(to: node, in: snapshot) { return false }
            return conditions.allSatisfy { $0.holds(on: node, in: snapshot) }
        }
    }
}
