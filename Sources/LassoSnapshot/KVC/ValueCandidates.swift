/// The values a view can report, each with the key path that reads it: what a person picks from instead of
/// typing a key path.
///
/// They come in the order a person looks for them: first the business values of the view's row (the models an app
/// snapshot records on the view and its row: `superview.superview.model.productId`), then the texts a person sees in
/// the view (its own, then each
/// text and content description inside it, each one value on its own, reached by `subviews[i]`), then the texts
/// beside it (the labels of the same row; the titles of the tabs beside a tab, as one list), then its own fields,
/// properties and state and its ancestors' up to the page (models), and last, grouped, what a foreign dump recorded
/// of the view (bounds, index, class, resource ids).
public enum ValueCandidates {
    /// Where a candidate stands in the list.
    public enum Group: Int, Sendable, Comparable {
        /// The models of the view and of its row: what the business reports (an app's snapshot only).
        case model
        /// The texts a person sees in the view.
        case seen
        /// The texts beside it.
        case beside
        /// Its own fields, properties and state, and its ancestors' (models).
        case fields
        /// What the dump recorded of the view: its raw attributes.
        case dump

        public static func < (lhs: Group, rhs: Group) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One value a view can report: the key path that reads it, the value on this view, and where it comes from.
    public struct Candidate: Sendable, Equatable {
        public var keyPath: String
        public var value: JSONValue
        /// Where the value lives, in words: "this button", "the text in it", "the labels beside it".
        public var source: String
        public var group: Group = .fields
        /// The key name to report it under, when the key path's last key is no good name (`text` of a label inside).
        public var keyName: String?

        public init(keyPath: String, value: JSONValue, source: String, group: Group = .fields, keyName: String? = nil) {
            self.keyPath = keyPath
            self.value = value
            self.source = source
            self.group = group
            self.keyName = keyName
        }

        /// The key name the value would be reported under: the last key that is not an operator.
        public var suggestedKeyName: String {
            if let keyName { return keyName }
            let keys = keyPath.split(separator: ".").map { key in
                KeyPathEvaluator.indexed(String(key))?.key ?? String(key)
            }
            let named = keys.last { !$0.hasPrefix("@") && $0 != "superview" && $0 != "subviews" } ?? "value"
            return keys.last == "@count" ? named + "Count" : named
        }
    }

    /// Standard fields the SDK reads off any view, in the order a person most likely wants them.
    static let standardFields = ["text", "title", "accessibilityIdentifier", "accessibilityLabel", "imageName"]
    /// The fields that hold what a person sees on a view, in the order the SDK's value should prefer them.
    static let visibleFields = ["text", "title", "accessibilityLabel"]

    /// The candidates for `node`, in the order of `Group`, each path giving a value here (at most `limit`); with
    /// `accepts`, only the key paths it takes (an SDK that reads some values only), each text offered by the first
    /// of them.
    public static func list(
        for node: Int, in table: PathTable, limit: Int = 200, accepts: ((String) -> Bool)? = nil
    ) -> [Candidate] {
        let snapshot = table.snapshot
        let evaluator = KeyPathEvaluator(snapshot)
        // A foreign dump's `properties` are what its tool recorded (bounds, index, class), not the app's models.
        let imported = snapshot.unknownTopLevelFields["importedFrom"] != nil
        var result: [Candidate] = []
        var seen: Set<String> = []
        var shownTexts: Set<String> = []
        func offer(_ keyPath: String, _ source: String, _ group: Group, keyName: String? = nil, text: Bool = false) {
            guard result.count < limit, !seen.contains(keyPath), accepts?(keyPath) ?? true else { return }
            let found = evaluator.evaluate(keyPath, on: node)
            // An empty text is nothing a person sees or would report (a dump's `text=""`).
            guard let value = found.value, value != .null, value != .string(""), !found.readsPrivateText else {
                return
            }
            if text {
                // A text is offered once, where it is nearest, and an empty one is no text a person sees.
                guard let string = value.stringValue, !string.isEmpty, shownTexts.insert(string).inserted else {
                    return
                }
            }
            seen.insert(keyPath)
            result.append(Candidate(keyPath: keyPath, value: value, source: source, group: group, keyName: keyName))
        }

        // 0. The business values: in a row, the models (properties) of the view and of the views up to the row,
        //    nearest first. A foreign dump's properties are its tool's attributes, not models.
        if !imported, let row = row(around: node, in: snapshot) {
            var view = node
            var prefix = ""
            while true {
                if let properties = snapshot.properties(of: view)?.objectValue {
                    let source = view == node ? "this " + describe(view, table) : "the " + describe(view, table)
                    for path in flatten(properties, depth: 3) { offer(prefix + path, source, .model) }
                }
                guard view != row, let parent = snapshot.parent(of: view) else { break }
                view = parent
                prefix += "superview."
            }
        }

        // 1. What a person sees in it: its own text, then each text inside it, one value each.
        for field in visibleFields { offer(field, "this \(describe(node, table))", .seen, text: true) }
        for (path, inner) in textViews(below: node, in: snapshot, limit: 40) {
            for field in visibleFields {
                offer(
                    path + "." + field, "the \(describe(inner, table)) in it", .seen,
                    keyName: keyName(for: inner, in: snapshot), text: true)
            }
        }

        // 2. What is beside it: the texts of the same row (or container), each alone; the titles of its like
        //    siblings (the other tabs of a tab bar) as one list. Nothing for a row itself.
        // A row's neighbours are the other rows: their texts are no value of this one.
        if let parent = snapshot.parent(of: node), !snapshot.isPageRoot(node), !snapshot.isCell(node) {
            // A view inside a row (up to three levels down): the row is where its neighbours' texts are.
            var container = parent
            var up = "superview"
            var above: Int? = parent
            for distance in 1...3 {
                guard let view = above, !snapshot.isPageRoot(view) || snapshot.isCell(view) else { break }
                if snapshot.isCell(view) && view != node {
                    container = view
                    up = Array(repeating: "superview", count: distance).joined(separator: ".")
                    break
                }
                above = snapshot.parent(of: view)
            }
            let mine = node..<snapshot.subtreeEnd(of: node)
            for (path, inner) in textViews(below: container, in: snapshot, limit: 40, skipping: mine) {
                for field in visibleFields {
                    offer(
                        up + "." + path + "." + field, "the \(describe(inner, table)) beside it", .beside,
                        keyName: keyName(for: inner, in: snapshot), text: true)
                }
            }
            let like = snapshot.children(of: parent).filter {
                snapshot.className(of: $0) == snapshot.className(of: node)
            }
            if like.count > 1, let own = ownTextPath(of: node, in: snapshot) {
                let path = "superview.subviews.@unionOfObjects." + own
                if let list = evaluator.evaluate(path, on: node).value?.arrayValue, list.count > 1 {
                    offer(
                        path, "the texts of the \(like.count) \(table.name(of: node)) beside it, as a list", .beside,
                        keyName: table.name(of: node).prefix(1).lowercased() + table.name(of: node).dropFirst()
                            + "Texts")
                }
            }
        }

        // 3. Its own fields, properties and state, then each ancestor's up to (and including) its page's root view.
        var current: Int? = node
        var prefix = ""
        var steps = 0
        let page = table.page(of: node)
        var raw: [(String, String)] = []
        while let view = current, result.count < limit {
            let source =
                steps == 0 ? "this " + describe(view, table) : "the \(describe(view, table)) \(steps) up"
            for field in standardFields where !(steps > 0 && imported) { offer(prefix + field, source, .fields) }
            if let properties = snapshot.properties(of: view)?.objectValue {
                // An SDK snapshot's `id` is the number it gave the object in its listing ("$5"), and an Android
                // object's `hashCode` its identity in this run of the app: neither is a value of the app's, never
                // offered.
                let listingID = snapshot.nodeID(of: view)
                for path in flatten(properties, depth: 3) {
                    if path == "id", let listingID, properties["id"]?.plainText == listingID { continue }
                    if path == "hashCode" && imported { continue }
                    if imported {
                        // Raw attributes: the view's own, and its row's, after everything else.
                        if steps == 0 || snapshot.isCell(view) { raw.append((prefix + path, source)) }
                    } else {
                        offer(prefix + path, source, .fields)
                    }
                }
            }
            if let state = snapshot.state(of: view), steps == 0 || !imported {
                for key in state.keys { offer(prefix + key, source, .fields) }
            }
            if view == page || steps >= 12 { break }
            current = snapshot.parent(of: view)
            prefix += "superview."
            steps += 1
        }
        if snapshot.isCell(node) { offer("indexPath.row", "this row's place in its list", .fields, keyName: "row") }

        // 4. What the dump recorded, grouped at the end.
        for (path, source) in raw { offer(path, source + " (as the dump recorded it)", .dump) }
        return result
    }

    /// The row (a table or collection cell) the view is, or sits in up to three levels down; nil outside a row.
    static func row(around node: Int, in snapshot: Snapshot) -> Int? {
        var view: Int? = node
        for _ in 0...3 {
            guard let current = view else { return nil }
            if snapshot.isCell(current) { return current }
            if snapshot.isPageRoot(current) { return nil }
            view = snapshot.parent(of: current)
        }
        return nil
    }

    /// The views inside `node` that show a text, each with the key path from `node` to it, in pre-order, hidden
    /// views and those in `skipping` left out. A view is named by what stays from row to row: its identifier (an
    /// Android resource name) when it is the only one inside `node` with it (`views[#title]`), else its class and its
    /// place among the views of that class inside `node` (`views[UILabel:1]`); by position (`subviews[1]`) only
    /// where neither can be written in a key path.
    static func textViews(below node: Int, in snapshot: Snapshot, limit: Int, skipping: Range<Int> = 0..<0)
        -> [(path: String, node: Int)]
    {
        let end = snapshot.subtreeEnd(of: node)
        // Identifiers are counted once over the subtree (a big one is named by class alone).
        var identifiers: [String: Int] = [:]
        if end - node <= 5000 {
            for inner in (node + 1)..<end {
                if let name = snapshot.accessibilityIdentifier(of: inner).flatMap(keyIdentifier) {
                    identifiers[name, default: 0] += 1
                }
            }
        }
        var found: [(path: String, node: Int)] = []
        var ofClass: [String: Int] = [:]
        // Pre-order, every view counted for its class's places, as the key path's `views[…]` counts them; a hidden
        // view's subtree and `skipping` are counted but not offered.
        var stack: [(node: Int, path: String, offered: Bool)] = snapshot.children(of: node).enumerated().reversed()
            .map { ($0.element, "subviews[\($0.offset)]", true) }
        while let (view, path, inherited) = stack.popLast(), found.count < limit {
            let name = ClassName.pathName(snapshot.className(of: view))
            let place = ofClass[name, default: 0]
            ofClass[name] = place + 1
            let offered = inherited && !skipping.contains(view) && !snapshot.isHidden(of: view)
            if offered && visibleFields.contains(where: { !(text(of: view, $0, in: snapshot) ?? "").isEmpty }) {
                let identifier = snapshot.accessibilityIdentifier(of: view).flatMap(keyIdentifier)
                if let identifier, identifiers[identifier] == 1 {
                    found.append(("views[#\(identifier)]", view))
                } else if keyWritable(name) {
                    found.append(("views[\(name):\(place)]", view))
                } else {
                    found.append((path, view))
                }
            }
            for (position, child) in snapshot.children(of: view).enumerated().reversed() {
                stack.append((child, path + ".subviews[\(position)]", offered))
            }
        }
        return found
    }

    /// An identifier as a key path names it: an Android resource id by its name (`com.shop:id/title` is `title`);
    /// nil when it cannot stand in a key path (a `.` splits keys).
    static func keyIdentifier(_ id: String) -> String? {
        var name = Substring(id)
        if let slash = id.lastIndex(of: "/"), id[..<slash].hasSuffix(":id") { name = id[id.index(after: slash)...] }
        let nameText = String(name)
        return keyWritable(nameText) ? nameText : nil
    }

    /// True when a name can stand inside `views[…]` of a key path.
    static func keyWritable(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0 == "." || $0 == "[" || $0 == "]" || $0 == "#" || $0.isWhitespace }
    }

    static func text(of view: Int, _ field: String, in snapshot: Snapshot) -> String? {
        switch field {
        case "text": return snapshot.text(of: view)
        case "title": return snapshot.title(of: view)
        default: return snapshot.accessibilityLabel(of: view)
        }
    }

    /// The key path from a view to the text a person sees on it: its own field, else its first text inside.
    static func ownTextPath(of node: Int, in snapshot: Snapshot) -> String? {
        if let field = visibleFields.first(where: { !(text(of: node, $0, in: snapshot) ?? "").isEmpty }) {
            return field
        }
        guard let (path, inner) = textViews(below: node, in: snapshot, limit: 1).first,
            let field = visibleFields.first(where: { !(text(of: inner, $0, in: snapshot) ?? "").isEmpty })
        else { return nil }
        return path + "." + field
    }

    /// A key name for a text inside a view: its identifier's last word when it reads as one (`title` of
    /// `com.shop:id/title`, `productName`), else nil (the key path's last key, `text`).
    static func keyName(for view: Int, in snapshot: Snapshot) -> String? {
        guard let identifier = snapshot.accessibilityIdentifier(of: view) else { return nil }
        let tail = identifier.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "." }).last.map(String.init) ?? ""
        let letters = tail.filter(\.isLetter)
        let vowels = letters.filter { "aeiouAEIOU".contains($0) }
        guard tail.count >= 4, tail.count <= 40, letters.count * 2 >= tail.count, !vowels.isEmpty,
            tail.first?.isLetter == true, tail.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return tail
    }

    /// `button`, `cell ProductCell`, `view HomeViewController`: how a person would name the view.
    static func describe(_ node: Int, _ table: PathTable) -> String {
        let snapshot = table.snapshot
        let name = table.name(of: node)
        if let controller = snapshot.controller(of: node) { return "page " + ClassName.pathName(controller.className) }
        if snapshot.isCell(node) { return "row " + name }
        if snapshot.isAndroid, let word = snapshot.androidKindWord(of: node), word != "label" {
            return word + " " + name
        }
        if snapshot.isKind(node, ofAny: ["UIButton", "Button"]) { return "button " + name }
        if snapshot.isKind(node, ofAny: ["UILabel", "TextView"]) {
            let shown = snapshot.text(of: node).map { " “" + String($0.prefix(24)) + "”" } ?? ""
            return "label " + name + shown
        }
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
