import LassoCore

/// Which views a search query finds: class names, texts, identifiers, labels and paths, ignoring case.
public enum SearchIndex {
    public static func matches(of query: String, in table: PathTable) -> [Int32] {
        let snapshot = table.snapshot
        let wanted = query.lowercased()
        let searchesPaths = query.contains("/") || query.contains("[")
        // Class names are few: decide once per name whether it matches.
        var classMatches: [String: Bool] = [:]
        var result: [Int32] = []
        for node in snapshot.indices {
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
            if byClass || texts(of: node, in: snapshot).contains(where: { $0.lowercased().contains(wanted) })
                || (searchesPaths
                    && (segment(of: node, in: table).lowercased().contains(wanted)
                        || table.pathText(of: node).lowercased().contains(wanted)))
            {
                result.append(Int32(node))
            }
        }
        return result
    }

    private static func texts(of node: Int, in snapshot: Snapshot) -> [String] {
        [
            snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityIdentifier(of: node),
            snapshot.accessibilityLabel(of: node),
        ].compactMap { $0 }
    }

    private static func segment(of node: Int, in table: PathTable) -> String {
        table.name(of: node) + "[" + table.segmentIndex(of: node).text + "]"
    }
}

/// The keys a key path can go on with at some point: what Tab offers.
public enum KeyCompletion {
    public static func keys(after base: String, on node: Int, in snapshot: Snapshot) -> [String] {
        let standard = [
            "superview", "subviews", "text", "title", "accessibilityIdentifier", "accessibilityLabel", "imageName",
            "indexPath", "frame", "hidden", "alpha", "state",
        ]
        let operators = KeyPathEvaluator.operators.sorted()
        if base.isEmpty { return viewKeys(node, snapshot) + standard.filter { !viewKeys(node, snapshot).contains($0) } }
        // Walk the base by hand to know whether it ends on a view, an object or an array.
        var views: [Int] = [node]
        var value: JSONValue?
        for key in base.split(separator: ".").map(String.init) {
            if !views.isEmpty {
                if key == "superview" {
                    views = views.compactMap { snapshot.parent(of: $0) }
                    continue
                }
                if key == "subviews" {
                    views = views.flatMap { snapshot.children(of: $0) }
                    continue
                }
                value = KeyPathEvaluator(snapshot).evaluate(key, on: views[0]).value
                views = []
            } else if let current = value {
                value = first(current)?[key] ?? current[key]
            }
        }
        if let view = views.first { return viewKeys(view, snapshot) + standard + (views.count > 1 ? operators : []) }
        guard let value else { return [] }
        if case .array(let items) = value {
            return (items.compactMap(\.objectValue).first?.keys ?? []) + operators
        }
        return value.objectValue?.keys ?? []
    }

    private static func viewKeys(_ node: Int, _ snapshot: Snapshot) -> [String] {
        (snapshot.properties(of: node)?.objectValue?.keys ?? []) + (snapshot.state(of: node)?.keys ?? [])
    }

    private static func first(_ value: JSONValue) -> JSONValue? {
        if case .array(let items) = value { return items.first { $0.objectValue != nil } }
        return nil
    }
}
