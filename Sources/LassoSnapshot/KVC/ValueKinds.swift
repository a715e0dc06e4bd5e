/// What kind of value a key path gives on each view a path matches, and from which view of each, to tell one field on
/// every row from a key path that reaches different things on different rows.
public enum ValueKinds {
    /// The kind of one value in a person's words: `a text`, `an empty text`, `a number`, `nothing`.
    public static func kind(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "nothing"
        case .string(let text)?: return text.isEmpty ? "an empty text" : "a text"
        case .number?: return "a number"
        case .bool?: return "true or false"
        case .array?: return "a list"
        case .object?: return "an object"
        }
    }

    /// When the values are of more than one kind: the kinds with their counts, most first (`3 × a text, 1 × nothing`);
    /// nil when they are all of one kind.
    public static func mixed(_ values: [JSONValue?]) -> String? {
        counted(values.map { kind(of: $0) })
    }

    /// When `keyPath` gives values of more than one kind on `matched`, or reads them off views of different identity
    /// (the title on one row, the read count on the next, both texts): the kinds or the views, with their counts; nil
    /// when it reads one field on every row that gives a value.
    public static func mixed(_ keyPath: String, on matched: [Int], evaluator: KeyPathEvaluator) -> String? {
        reading(keyPath, on: matched, evaluator: evaluator).mixed
    }

    /// How `keyPath` reads on `matched`. A view is known by its identifier (an Android resource name) when it has one,
    /// else by its class and place in the row, so a key path by identity reads one field wherever the rows put it. A
    /// row that gives nothing is absent when its view is missing or is the one the other rows read; it is mixed when
    /// the key path reaches another view there (`subviews[0]` an image on one row, the title on the next).
    public static func reading(_ keyPath: String, on matched: [Int], evaluator: KeyPathEvaluator) -> RowReading {
        let values = matched.map { evaluator.evaluate(keyPath, on: $0).value }
        let given = values.map { value -> Bool in
            if case .null? = value { return false }
            return value != nil
        }
        let kinds = zip(values, given).filter(\.1).map { kind(of: $0.0) }
        if let mixedKinds = counted(kinds) {
            return RowReading(mixed: mixedKinds, absent: given.filter { !$0 }.count, rows: matched.count)
        }
        let sources = matched.map { node in
            evaluator.sourceView(of: keyPath, on: node).flatMap { identity(of: $0, from: node, in: evaluator.snapshot) }
        }
        let read = zip(sources, given).filter(\.1).map(\.0)
        // A model's field (no view to tell) or a walk that stops before its view: the rows cannot be told apart.
        guard !read.contains(nil) else {
            return RowReading(mixed: nil, absent: given.filter { !$0 }.count, rows: matched.count)
        }
        let readViews = Set(read.compactMap { $0 })
        var words = read.compactMap { $0 }
        var absent = 0
        for (source, gave) in zip(sources, given) where !gave {
            if let source, !readViews.isEmpty, !readViews.contains(source) {
                words.append(source)
            } else {
                absent += 1
            }
        }
        let field = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        return RowReading(mixed: counted(words).map { "the \(field) of " + $0 }, absent: absent, rows: matched.count)
    }

    /// A view in words that stay from row to row: its identifier when it has one (`the TextView #topic_title`), else
    /// its place seen from the matched view `node`.
    static func identity(of source: Int, from node: Int, in snapshot: Snapshot) -> String? {
        if let id = snapshot.accessibilityIdentifier(of: source), !id.isEmpty {
            let name = id.firstRange(of: ":id/").map { String(id[$0.upperBound...]) } ?? id
            return "the \(ClassName.pathName(snapshot.className(of: source))) #\(name)"
        }
        return place(of: source, from: node, in: snapshot)
    }

    /// Where `source` sits seen from the matched view `node`, in words that stay from row to row: its class and its
    /// place among the views of that class under the nearest view that holds both (`the 1st TextView in the row`).
    static func place(of source: Int, from node: Int, in snapshot: Snapshot) -> String? {
        var common = node
        while !(common <= source && source < snapshot.subtreeEnd(of: common)) {
            guard let parent = snapshot.parent(of: common) else { return nil }
            common = parent
        }
        let name = ClassName.pathName(snapshot.className(of: source))
        guard source != node else { return "the view's own \(name)" }
        let levels = generationsUp(from: node, to: common, in: snapshot)
        // A view above the matched one (`superview.text`).
        guard source != common else { return "the \(name) \(levels) up" }
        var ordinal = 0
        for inner in (common + 1)..<source where ClassName.pathName(snapshot.className(of: inner)) == name {
            ordinal += 1
        }
        let holder = levels == 0 ? "in the view" : "in the row"
        return "the \(ordinal + 1)\(ordinalSuffix(ordinal + 1)) \(name) \(holder)"
            + (levels > 1 ? " (\(levels) up)" : "")
    }

    static func generationsUp(from node: Int, to ancestor: Int, in snapshot: Snapshot) -> Int {
        var count = 0
        var current = node
        while current != ancestor, let parent = snapshot.parent(of: current) {
            current = parent
            count += 1
        }
        return count
    }

    static func ordinalSuffix(_ number: Int) -> String {
        switch (number % 10, number % 100) {
        case (1, let hundred) where hundred != 11: return "st"
        case (2, let hundred) where hundred != 12: return "nd"
        case (3, let hundred) where hundred != 13: return "rd"
        default: return "th"
        }
    }

    /// The distinct words with their counts, most first; nil when there is one.
    static func counted(_ words: [String]) -> String? {
        var counts: [String: Int] = [:]
        for word in words { counts[word, default: 0] += 1 }
        guard counts.count > 1 else { return nil }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
    }
}
