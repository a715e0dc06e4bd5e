/// Which views a search query finds: class names, texts, identifiers, labels and paths, ignoring case.
public enum SearchIndex {
    /// The views, in pre-order, whose class name (runtime or as paths write it), text, title, accessibilityIdentifier
    /// or accessibilityLabel contains `query`, ignoring case; a query with `/` or `[` also searches each view's path
    /// and its last segment. Given `candidates` (in pre-order), only those are looked at: a query that contains the
    /// last one needs to look only at the last one's matches.
    public static func matches(of query: String, in table: PathTable, among candidates: [Int32]? = nil) -> [Int32] {
        let snapshot = table.snapshot
        let wanted = query.lowercased()
        let searchesPaths = query.contains("/") || query.contains("[")
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

    private static func segment(of node: Int, in table: PathTable) -> String {
        table.name(of: node) + "[" + table.segmentIndex(of: node).text + "]"
    }
}
