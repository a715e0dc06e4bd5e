/// The values a view can report, each with the key path that reads it: what a person picks from instead of
/// typing a key path (the view's own fields and properties, then each ancestor's up to its page, then the texts
/// of the views beside it).
public enum ValueCandidates {
    /// One value a view can report: the key path that reads it, the value on this view, and where it comes from.
    public struct Candidate: Sendable, Equatable {
        public var keyPath: String
        public var value: JSONValue
        /// Where the value lives, in words: "this button", "the cell ProductCell (2 up)", "the views beside it".
        public var source: String

        /// The key name the value would be reported under: the last key that is not an operator.
        public var suggestedKeyName: String {
            let keys = keyPath.split(separator: ".").map(String.init)
            let named = keys.last { !$0.hasPrefix("@") && $0 != "superview" && $0 != "subviews" } ?? "value"
            return keys.last == "@count" ? named + "Count" : named
        }
    }

    /// Standard fields the SDK reads off any view, in the order a person most likely wants them.
    static let standardFields = ["text", "title", "accessibilityIdentifier", "accessibilityLabel", "imageName"]

    /// The candidates for `node`, nearest first, each path giving a value here (at most `limit`).
    public static func list(for node: Int, in table: PathTable, limit: Int = 200) -> [Candidate] {
        let snapshot = table.snapshot
        let evaluator = KeyPathEvaluator(snapshot)
        var result: [Candidate] = []
        var seen: Set<String> = []
        func offer(_ keyPath: String, _ source: String) {
            guard result.count < limit, seen.insert(keyPath).inserted else { return }
            let found = evaluator.evaluate(keyPath, on: node)
            guard let value = found.value, value != .null, !found.readsPrivateText else { return }
            result.append(Candidate(keyPath: keyPath, value: value, source: source))
        }
        // The view itself, then each ancestor up to (and including) its page's root view.
        var current: Int? = node
        var prefix = ""
        var steps = 0
        let page = table.page(of: node)
        while let view = current, result.count < limit {
            let source =
                steps == 0 ? "this " + describe(view, table) : "the \(describe(view, table)) \(steps) up"
            for field in standardFields { offer(prefix + field, source) }
            if let properties = snapshot.properties(of: view)?.objectValue {
                for path in flatten(properties, depth: 3) { offer(prefix + path, source) }
            }
            if let state = snapshot.state(of: view) {
                for key in state.keys { offer(prefix + key, source) }
            }
            if view == page || steps >= 12 { break }
            current = snapshot.parent(of: view)
            prefix += "superview."
            steps += 1
        }
        // The texts of the views beside it (the labels of the same cell or container), as one list.
        if let parent = snapshot.parent(of: node) {
            offer("superview.subviews.text", "the texts beside it in \(describe(parent, table))")
            if let grandparent = snapshot.parent(of: parent) {
                offer(
                    "superview.superview.subviews.subviews.text",
                    "the texts in \(describe(grandparent, table))")
            }
        }
        return result
    }

    /// `button`, `cell ProductCell`, `view HomeViewController`: how a person would name the view.
    static func describe(_ node: Int, _ table: PathTable) -> String {
        let snapshot = table.snapshot
        let name = table.name(of: node)
        if let controller = snapshot.controller(of: node) { return "page " + ClassName.pathName(controller.className) }
        if snapshot.isCell(node) { return "cell " + name }
        if snapshot.isKind(node, ofAny: ["UIButton"]) { return "button " + name }
        if snapshot.isKind(node, ofAny: ["UILabel"]) { return "label " + name }
        return "view " + name
    }

    /// The key paths into an object, a few levels deep: `model.productId`, `model.tags.@count`.
    static func flatten(_ object: JSONObject, depth: Int) -> [String] {
        var paths: [String] = []
        for member in object.members {
            switch member.value {
            case .object(let inner) where depth > 1:
                paths += flatten(inner, depth: depth - 1).map { member.key + "." + $0 }
            case .array(let items):
                paths.append(member.key + ".@count")
                if items.allSatisfy({ $0.objectValue == nil }) { paths.append(member.key) }
            case .object:
                break
            default:
                paths.append(member.key)
            }
        }
        return paths
    }
}
