/// The keys a key path can go on with on a view: what completing a key path offers.
public enum KeyCompletion {
    /// The keys that can follow `base` (a key path, "" for the start) on `node`: the view's own keys and the standard
    /// ones while `base` ends on a view, an object's keys, or an array element's keys and the collection operators.
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
