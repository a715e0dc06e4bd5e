/// Which views a search query finds: class names, texts, identifiers, labels and paths, ignoring case.
public enum SearchIndex {
    /// The views, in pre-order, whose class name (runtime or as paths write it), text, title, accessibilityIdentifier
    /// or accessibilityLabel contains `query`, ignoring case; a query with `/` or `[` also searches each view's path
    /// and its last segment. Given `candidates` (in pre-order), only those are looked at: a query that contains the
    /// last one needs to look only at the last one's matches.
    ///
    /// With `texts` (built once per snapshot), class names and texts are matched without making a String per view:
    /// what the terminal UI does on every key typed into its search prompt.
    public static func matches(
        of query: String, in table: PathTable, among candidates: [Int32]? = nil, texts: TextIndex? = nil
    ) -> [Int32] {
        let snapshot = table.snapshot
        let wanted = query.lowercased()
        let searchesPaths = query.contains("/") || query.contains("[")
        if let texts, !searchesPaths {
            return fastMatches(of: wanted, in: snapshot, among: candidates, texts: texts)
        }
        // Class names are few: decide once per name whether it matches.
        var classMatches: [String: Bool] = [:]
        var result: [Int32] = []
        func consider(_ node: Int) {
            let runtime = snapshot.className(of: node)
            let byClass =
                classMatches[runtime]
                ?? {
                    let hit =
                        runtime.lowercased().contains(wanted)
                        || ClassName.pathName(runtime).lowercased().contains(wanted)
                    classMatches[runtime] = hit
                    return hit
                }()
            if byClass || NodeQuery.showsText(wanted, node: node, in: snapshot)
                || (searchesPaths
                    && (segment(of: node, in: table).lowercased().contains(wanted)
                        || table.pathText(of: node).lowercased().contains(wanted)))
            {
                result.append(Int32(node))
            }
        }
        if let candidates {
            for node in candidates { consider(Int(node)) }
        } else {
            for node in snapshot.indices { consider(node) }
        }
        return result
    }

    /// Class names decided once per distinct class, texts by one scan of the index, merged in pre-order; when no
    /// class name matches (most queries past their first key), the text scan is the whole answer.
    private static func fastMatches(
        of wanted: String, in snapshot: Snapshot, among candidates: [Int32]?, texts: TextIndex
    )
        -> [Int32]
    {
        let classHit = classHits(wanted, in: snapshot)
        let byText = texts.views(containing: wanted, among: candidates)
        guard classHit.contains(true) else { return byText }
        // The views of a matching class, by one pass over the dense class ids, then the two sorted lists merged.
        var byClass: [Int32] = []
        texts.classIDs.withUnsafeBufferPointer { classIDs in
            classHit.withUnsafeBufferPointer { hit in
                func matches(_ node: Int32) -> Bool {
                    let id = Int(classIDs[Int(node)])
                    return id >= 0 && hit[id]
                }
                if let candidates {
                    for node in candidates where matches(node) { byClass.append(node) }
                } else {
                    for node in 0..<Int32(classIDs.count) where matches(node) { byClass.append(node) }
                }
            }
        }
        return merged(byText, byClass)
    }

    /// Two ascending lists of views as one, each view once.
    private static func merged(_ first: [Int32], _ second: [Int32]) -> [Int32] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var result: [Int32] = []
        result.reserveCapacity(max(first.count, second.count))
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                var i = 0
                var j = 0
                while i < a.count && j < b.count {
                    if a[i] < b[j] {
                        result.append(a[i])
                        i += 1
                    } else if b[j] < a[i] {
                        result.append(b[j])
                        j += 1
                    } else {
                        result.append(a[i])
                        i += 1
                        j += 1
                    }
                }
                result.append(contentsOf: a[i...])
                result.append(contentsOf: b[j...])
            }
        }
        return result
    }

    /// The first view at or after `origin` that `matches(of:in:)` would give, else the first before it; nil when none
    /// does. Its cost is the way to that view, not the number of matches: what the terminal UI does on each key typed
    /// into the search prompt of a huge snapshot.
    public static func firstMatch(of query: String, in table: PathTable, from origin: Int, texts: TextIndex) -> Int32? {
        let snapshot = table.snapshot
        guard !(query.contains("/") || query.contains("[")) else {
            let all = matches(of: query, in: table, texts: texts)
            return all.first { Int($0) >= origin } ?? all.first
        }
        let wanted = query.lowercased()
        let classHit = classHits(wanted, in: snapshot)
        let anyClass = classHit.contains(true)
        func first(in range: Range<Int>) -> Int? {
            let byText = texts.firstView(containing: wanted, in: range)
            guard anyClass else { return byText }
            let byClass = texts.classIDs[range.lowerBound..<(byText ?? range.upperBound)].firstIndex { id in
                id >= 0 && classHit[Int(id)]
            }
            return byClass ?? byText
        }
        let start = min(max(origin, 0), snapshot.count)
        return (first(in: start..<snapshot.count) ?? first(in: 0..<start)).map(Int32.init)
    }

    /// Per class id: whether the class name, as the runtime or as paths write it, contains `wanted` (lowercased).
    private static func classHits(_ wanted: String, in snapshot: Snapshot) -> [Bool] {
        snapshot.classNames.map { runtime in
            runtime.lowercased().contains(wanted) || ClassName.pathName(runtime).lowercased().contains(wanted)
        }
    }

    private static func segment(of node: Int, in table: PathTable) -> String {
        table.name(of: node) + "[" + table.segmentIndex(of: node).text + "]"
    }
}
