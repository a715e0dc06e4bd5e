/// Evaluates a KVC key path on a view of a snapshot, as `valueForKeyPath:` would on the device (docs/config-format.md, "Key paths").
///
/// Keys are looked up in the view's `properties` first, then in its standard fields; `superview` and
/// `subviews` walk the tree; arrays map a key over their elements; `key[i]` takes one element of a list
/// (`subviews[1]` the second subview); the collection operators work; a missing key gives nothing, never an error
/// (as `valueForUndefinedKey:` returning nil does on the device).
public struct KeyPathEvaluator: Sendable {
    public let snapshot: Snapshot

    public init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    /// What a key path gave: its value (nil for nothing) and whether it read private text on the way.
    public struct Result: Sendable, Equatable {
        public var value: JSONValue?
        /// True when the path read the text of a text field or text view that is not a search field.
        public var readsPrivateText: Bool
    }

    /// A value met while walking a key path: JSON data, a view, or a list of either.
    indirect enum Item {
        case json(JSONValue)
        case view(Int)
        case list([Item?])
    }

    public static let operators: Set<String> = [
        "@count", "@sum", "@avg", "@min", "@max", "@distinctUnionOfObjects", "@unionOfObjects",
    ]

    public func evaluate(_ keyPath: String, on node: Int) -> Result {
        var privateText = false
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keyPath.isEmpty, !keys.contains(where: \.isEmpty) else {
            return Result(value: nil, readsPrivateText: false)
        }
        let item = walk(.view(node), keys[...], privateText: &privateText)
        return Result(value: item.flatMap(json), readsPrivateText: privateText)
    }

    /// The view whose field the key path's last key reads (`superview.subviews[0].text` → that subview), or nil when
    /// the last key reads JSON (a model's field) or the walk stops before it.
    public func sourceView(of keyPath: String, on node: Int) -> Int? {
        var keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keyPath.isEmpty, !keys.contains(where: \.isEmpty), keys.count > 0 else { return nil }
        keys.removeLast()
        var privateText = false
        guard case .view(let source)? = walk(.view(node), keys[...], privateText: &privateText) else { return nil }
        return source
    }

    /// `subviews[2]` as the key `subviews` and the position 2; nil for a key without a position.
    static func indexed(_ key: String) -> (key: String, index: Int)? {
        guard key.hasSuffix("]"), let open = key.lastIndex(of: "["), open > key.startIndex else { return nil }
        let digits = key[key.index(after: open)..<key.index(before: key.endIndex)]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), let index = Int(digits) else {
            return nil
        }
        return (String(key[..<open]), index)
    }

    /// A view inside another named by what stays from row to row: `views[#title]`, the one whose identifier (or
    /// Android resource name) is `title`; `views[UILabel:1]`, the second `UILabel` inside, in pre-order.
    enum ViewSelector: Equatable {
        case identifier(String)
        case ofClass(String, Int)
    }

    static func viewSelector(_ key: String) -> ViewSelector? {
        guard key.hasPrefix("views["), key.hasSuffix("]"), key.count > 7 else { return nil }
        let inside = key.dropFirst(6).dropLast()
        if inside.hasPrefix("#") { return .identifier(String(inside.dropFirst())) }
        guard let colon = inside.lastIndex(of: ":"), colon > inside.startIndex,
            let index = Int(inside[inside.index(after: colon)...]), index >= 0
        else { return nil }
        return .ofClass(String(inside[..<colon]), index)
    }

    /// The view inside `node` that `selector` names, or nil.
    func view(inside node: Int, _ selector: ViewSelector) -> Int? {
        var seen = 0
        for inner in (node + 1)..<snapshot.subtreeEnd(of: node) {
            switch selector {
            case .identifier(let name):
                if let id = snapshot.accessibilityIdentifier(of: inner), Self.identifier(id, names: name) {
                    return inner
                }
            case .ofClass(let name, let index):
                guard ClassName.pathName(snapshot.className(of: inner)) == name else { continue }
                if seen == index { return inner }
                seen += 1
            }
        }
        return nil
    }

    /// True when an identifier is `name`, or an Android resource id whose name is (`com.shop:id/title`).
    static func identifier(_ id: String, names name: String) -> Bool {
        id == name || id.hasSuffix(":id/" + name)
    }

    func walk(_ item: Item, _ keys: ArraySlice<String>, privateText: inout Bool) -> Item? {
        guard let key = keys.first else { return item }
        let rest = keys.dropFirst()
        if key.hasPrefix("@") { return apply(key, to: item, rest: rest, privateText: &privateText) }
        if let selector = Self.viewSelector(key) {
            switch item {
            case .view(let node):
                guard let inner = view(inside: node, selector) else { return nil }
                return walk(.view(inner), rest, privateText: &privateText)
            case .list(let elements):
                let mapped = elements.map { element in element.flatMap { walk($0, [key], privateText: &privateText) } }
                return walk(.list(mapped), rest, privateText: &privateText)
            case .json:
                return nil
            }
        }
        if let (base, index) = Self.indexed(key) {
            if case .list(let elements) = item {
                // On a list, `key[i]` is taken on each element, as any key is.
                let mapped = elements.map { element in element.flatMap { walk($0, [key], privateText: &privateText) } }
                return walk(.list(mapped), rest, privateText: &privateText)
            }
            guard let list = walk(item, [base], privateText: &privateText) else { return nil }
            let element: Item?
            switch list {
            case .list(let elements): element = elements.indices.contains(index) ? elements[index] : nil
            case .json(.array(let elements)): element = elements.indices.contains(index) ? .json(elements[index]) : nil
            default: element = nil
            }
            guard let element else { return nil }
            return walk(element, rest, privateText: &privateText)
        }
        switch item {
        case .view(let node):
            guard let next = viewValue(node, key, privateText: &privateText) else { return nil }
            return walk(next, rest, privateText: &privateText)
        case .json(.object(let object)):
            guard let next = object[key], next != .null else { return nil }
            return walk(.json(next), rest, privateText: &privateText)
        case .json(.array(let elements)):
            return walk(.list(elements.map { Item.json($0) }), keys, privateText: &privateText)
        case .list(let elements):
            // A key on an array gives the array of each element's value (NSNull where there is none).
            let mapped = elements.map { element in element.flatMap { walk($0, [key], privateText: &privateText) } }
            return walk(.list(mapped), rest, privateText: &privateText)
        case .json:
            return nil
        }
    }

    /// True when a value holds a list inside a list (`[[…], […]]`): not one value an event can carry.
    public static func nestsLists(_ value: JSONValue?) -> Bool {
        guard case .array(let elements) = value else { return false }
        return elements.contains { if case .array = $0 { return true } else { return false } }
    }

    /// The single values a key path that gives lists means: each text or number it reaches, with the key path that
    /// reads it alone (`subviews.subviews.text` → `subviews[1].subviews[0].text`), in order, at most `limit`.
    /// Empty strings are left out: nobody reports them.
    public func singleValues(of keyPath: String, on node: Int, limit: Int = 20) -> [(keyPath: String, value: JSONValue)]
    {
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keyPath.isEmpty, !keys.contains(where: { $0.isEmpty || $0.hasPrefix("@") }) else { return [] }
        var found: [(keyPath: String, value: JSONValue)] = []
        var privateText = false
        func expand(_ item: Item, _ keys: ArraySlice<String>, _ path: String) {
            guard found.count < limit else { return }
            if case .json(.array(let elements)) = item {
                for (position, element) in elements.enumerated() {
                    expand(.json(element), keys, path + "[\(position)]")
                }
                return
            }
            guard let key = keys.first else {
                if case .json(let value) = item, !KeyPathEvaluator.isContainer(value), value != .null,
                    value != .string("")
                {
                    found.append((path, value))
                }
                return
            }
            let rest = keys.dropFirst()
            let join = path.isEmpty ? "" : path + "."
            switch item {
            case .view(let view) where key == "subviews":
                for (position, child) in snapshot.children(of: view).enumerated() {
                    expand(.view(child), rest, join + "subviews[\(position)]")
                }
            default:
                if let next = walk(item, [key], privateText: &privateText) {
                    if case .list = next { return }
                    expand(next, rest, join + key)
                }
            }
        }
        expand(.view(node), keys[...], "")
        return found
    }

    package static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    /// A collection operator on the list `item`, with `rest` as its right-hand key path.
    func apply(_ op: String, to item: Item, rest: ArraySlice<String>, privateText: inout Bool) -> Item? {
        let elements: [Item?]
        switch item {
        case .list(let list): elements = list
        case .json(.array(let array)): elements = array.map { Item.json($0) }
        default: return nil
        }
        if op == "@count" { return .json(.int(elements.count)) }
        let values: [JSONValue] = elements.compactMap { element in
            guard let element else { return nil }
            let value = rest.isEmpty ? element : walk(element, rest, privateText: &privateText)
            return value.flatMap(json).flatMap { $0 == .null ? nil : $0 }
        }
        switch op {
        case "@sum":
            return .json(.double(values.compactMap(\.doubleValue).reduce(0, +)))
        case "@avg":
            let numbers = values.compactMap(\.doubleValue)
            return numbers.isEmpty ? nil : .json(.double(numbers.reduce(0, +) / Double(numbers.count)))
        case "@min", "@max":
            return extreme(values, max: op == "@max").map { .json($0) }
        case "@unionOfObjects":
            return .json(.array(values))
        case "@distinctUnionOfObjects":
            var seen: Set<JSONValue> = []
            return .json(.array(values.filter { seen.insert($0).inserted }))
        default:
            return nil
        }
    }

    private func extreme(_ values: [JSONValue], max: Bool) -> JSONValue? {
        let numbers = values.compactMap { value -> (Double, JSONValue)? in
            if case .number = value, let number = value.doubleValue { return (number, value) }
            return nil
        }
        if !numbers.isEmpty {
            return (max ? numbers.max { $0.0 < $1.0 } : numbers.min { $0.0 < $1.0 })?.1
        }
        let strings = values.compactMap(\.stringValue)
        guard !strings.isEmpty else { return nil }
        return .string(max ? strings.max()! : strings.min()!)
    }

    /// The value of `key` on view `node`: properties first, then the standard fields and the tree keys.
    func viewValue(_ node: Int, _ key: String, privateText: inout Bool) -> Item? {
        if (key == "text" || key == "attributedText") && holdsPrivateText(node) { privateText = true }
        if let properties = snapshot.properties(of: node)?.objectValue, let value = properties[key] {
            return value == .null ? nil : .json(value)
        }
        switch key {
        case "superview": return snapshot.parent(of: node).map { .view($0) }
        case "subviews": return .list(snapshot.children(of: node).map { .view($0) })
        case "text": return snapshot.text(of: node).map { .json(.string($0)) }
        case "title": return snapshot.title(of: node).map { .json(.string($0)) }
        case "accessibilityIdentifier": return snapshot.accessibilityIdentifier(of: node).map { .json(.string($0)) }
        case "accessibilityLabel": return snapshot.accessibilityLabel(of: node).map { .json(.string($0)) }
        case "imageName": return snapshot.imageName(of: node).map { .json(.string($0)) }
        case "indexPath":
            return snapshot.indexPath(of: node).map {
                .json(.object(JSONObject(["section": .int($0.section), "row": .int($0.row), "item": .int($0.row)])))
            }
        case "frame":
            return snapshot.frame(of: node).map {
                .json(.array([.double($0.x), .double($0.y), .double($0.width), .double($0.height)]))
            }
        case "hidden": return .json(.bool(snapshot.isHidden(of: node)))
        case "alpha": return .json(.double(snapshot.alpha(of: node) ?? 1))
        case "state": return snapshot.state(of: node).map { .json(.object($0)) }
        default:
            if let value = snapshot.state(of: node)?[key], value != .null { return .json(value) }
            return nil
        }
    }

    /// A text field or text view whose text may be a password or a private message (a search field is not).
    public func holdsPrivateText(_ node: Int) -> Bool {
        // An Android view by its own chain and flags: its UIKit stand-in (a search field's is a UITextField) says less.
        if snapshot.isAndroid { return snapshot.androidHoldsPrivateText(node) }
        let chain = snapshot.classChain(of: node)
        guard chain.contains("UITextField") || chain.contains("UITextView") else { return false }
        return !chain.contains("UISearchBarTextField")
            && !(snapshot.parent(of: node).map { snapshot.isKind($0, of: "UISearchBar") } ?? false)
    }

    func json(_ item: Item) -> JSONValue? {
        switch item {
        case .json(let value): return value == .null ? nil : value
        case .view(let node): return .string("<\(ClassName.pathName(snapshot.className(of: node))) view #\(node)>")
        case .list(let elements): return .array(elements.map { $0.flatMap(json) ?? .null })
        }
    }
}
