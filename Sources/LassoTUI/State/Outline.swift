import LassoSnapshot

/// The outline's fold state and the moves over visible rows, without ever listing them all.
///
/// A view is visible when no ancestor is folded. Moving to the next visible row is `node + 1`, or a
/// jump past a folded subtree; moving back walks up at most the depth. So every move, page and
/// redraw costs the rows on screen, not the views in the snapshot.
public struct Outline: Sendable {
    public let snapshot: Snapshot
    public private(set) var folded: [Bool]
    /// When the interactive-only filter is on: the views it shows, in pre-order.
    public private(set) var filtered: [Int32]?

    public init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        folded = Array(repeating: false, count: snapshot.count)
    }

    /// The outline of `whole`, a snapshot whose first views are this one's (`SnapshotLoader.loadFirstViews`): their
    /// folds as they are here, every view after them unfolded; the interactive-only filter off.
    func keeping(in whole: Snapshot) -> Outline {
        var outline = Outline(whole)
        let kept = min(folded.count, whole.count)
        outline.folded.replaceSubrange(0..<kept, with: folded[0..<kept])
        return outline
    }

    public func isFolded(_ node: Int) -> Bool { folded[node] && snapshot.childCount(of: node) > 0 }

    public func hasChildren(_ node: Int) -> Bool { snapshot.childCount(of: node) > 0 }

    // MARK: Visible rows

    /// The visible row after `node`, or nil at the end.
    public func next(_ node: Int) -> Int? {
        if let filtered {
            guard let at = position(inFilter: node), at + 1 < filtered.count else { return nil }
            return Int(filtered[at + 1])
        }
        let after = isFolded(node) ? snapshot.subtreeEnd(of: node) : node + 1
        return after < snapshot.count ? after : nil
    }

    /// The visible row before `node`, or nil at the top.
    public func previous(_ node: Int) -> Int? {
        if let filtered {
            guard let at = position(inFilter: node), at > 0 else { return nil }
            return Int(filtered[at - 1])
        }
        guard node > 0 else { return nil }
        let candidate = node - 1
        // `candidate` is the parent, or the last view of the previous sibling's subtree: show its topmost folded ancestor.
        let stop = snapshot.parent(of: node)
        var shown = candidate
        var ancestor = snapshot.parent(of: candidate)
        while let current = ancestor, current != stop {
            if folded[current] { shown = current }
            ancestor = snapshot.parent(of: current)
        }
        return shown
    }

    /// The row `count` rows after `node` (or the last one there is).
    public func advance(_ node: Int, by count: Int) -> Int {
        var current = node
        var step = 0
        if count >= 0 {
            while step < count, let next = next(current) {
                current = next
                step += 1
            }
        } else {
            while step < -count, let previous = previous(current) {
                current = previous
                step += 1
            }
        }
        return current
    }

    /// The first visible row.
    public var firstRow: Int { filtered.map { $0.isEmpty ? 0 : Int($0[0]) } ?? 0 }

    /// The last visible row.
    public var lastRow: Int {
        if let filtered { return filtered.isEmpty ? 0 : Int(filtered[filtered.count - 1]) }
        // Walk down the last children, stopping at a folded one.
        var node = 0
        while hasChildren(node) && !folded[node] {
            var child = node + 1
            while let sibling = snapshot.nextSibling(of: child) { child = sibling }
            node = child
        }
        return node
    }

    /// Whether `node` is a row of the outline now.
    public func isVisible(_ node: Int) -> Bool {
        if filtered != nil { return position(inFilter: node) != nil }
        var ancestor = snapshot.parent(of: node)
        while let current = ancestor {
            if folded[current] { return false }
            ancestor = snapshot.parent(of: current)
        }
        return true
    }

    /// How many rows lie from `from` down to `to` (0 when equal), or nil when `to` is more than `limit` rows below.
    public func distance(from: Int, to: Int, limit: Int) -> Int? {
        var current = from
        var steps = 0
        while current != to {
            guard steps < limit, let next = next(current) else { return nil }
            current = next
            steps += 1
        }
        return steps
    }

    // MARK: Folding

    public mutating func setFolded(_ node: Int, _ value: Bool) {
        if hasChildren(node) { folded[node] = value }
    }

    /// Unfolds every ancestor of `node`, so that it is a row.
    public mutating func reveal(_ node: Int) {
        var ancestor = snapshot.parent(of: node)
        while let current = ancestor {
            folded[current] = false
            ancestor = snapshot.parent(of: current)
        }
    }

    /// Folds or unfolds `node` and every view below it.
    public mutating func setSubtree(_ node: Int, folded value: Bool) {
        let end = snapshot.subtreeEnd(of: node)
        folded.withUnsafeMutableBufferPointer { buffer in
            for index in node..<end { buffer[index] = value }
        }
    }

    /// Folds every view at `depth` or deeper that has children, so that the tree opens at a readable size.
    public mutating func foldBelow(depth: Int, except keep: Int?) {
        for node in snapshot.indices where snapshot.depth(of: node) >= depth && hasChildren(node) {
            folded[node] = true
        }
        if let keep { reveal(keep) }
    }

    // MARK: Filter

    public mutating func setFilter(_ nodes: [Int32]?) { filtered = nodes }

    private func position(inFilter node: Int) -> Int? {
        guard let filtered else { return nil }
        var low = 0
        var high = filtered.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let value = Int(filtered[middle])
            if value == node { return middle }
            if value < node { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The filtered row at or after `node` (for moving the cursor into the filter), if any.
    public func filteredRow(atOrAfter node: Int) -> Int? {
        guard let filtered else { return node }
        var low = 0
        var high = filtered.count
        while low < high {
            let middle = (low + high) / 2
            if Int(filtered[middle]) < node { low = middle + 1 } else { high = middle }
        }
        if low < filtered.count { return Int(filtered[low]) }
        return filtered.last.map(Int.init)
    }
}
