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

    /// Class names decided once per class, texts by one scan of the index, merged in pre-order.
    private static func fastMatches(
        of wanted: String, in snapshot: Snapshot, among candidates: [Int32]?, texts: TextIndex
    )
        -> [Int32]
    {
        // Per class id: 0 not looked at yet, 1 matches, 2 does not (ids are few and dense).
        var classHit = [UInt8](repeating: 0, count: 256)
        let byText = texts.views(containing: wanted, among: candidates)
        var result: [Int32] = []
        result.reserveCapacity(byText.count)
        var textIndex = 0
        func byClass(_ node: Int) -> Bool {
            let id = Int(snapshot.records[node].classID)
            guard id >= 0 else { return false }
            if id >= classHit.count { classHit += [UInt8](repeating: 0, count: id + 1 - classHit.count + 256) }
            if classHit[id] != 0 { return classHit[id] == 1 }
            let runtime = snapshot.className(of: node)
            let hit = runtime.lowercased().contains(wanted) || ClassName.pathName(runtime).lowercased().contains(wanted)
            classHit[id] = hit ? 1 : 2
            return hit
        }
        func visit(_ node: Int32) {
            while textIndex < byText.count && byText[textIndex] < node {
                result.append(byText[textIndex])
                textIndex += 1
            }
            if textIndex < byText.count && byText[textIndex] == node {
                result.append(node)
                textIndex += 1
            } else if byClass(Int(node)) {
                result.append(node)
            }
        }
        if let candidates {
            for node in candidates { visit(node) }
        } else {
            for node in 0..<Int32(snapshot.count) { visit(node) }
        }
        result.append(contentsOf: byText[textIndex...])
        return result
    }

    private static func segment(of node: Int, in table: PathTable) -> String {
        table.name(of: node) + "[" + table.segmentIndex(of: node).text + "]"
    }
}
