/// The `sensors-android` profile: the Sensors Analytics Android SDK's `$element_path` (docs/sdk-sensors-android.md),
/// from the window's decor view down to the view, Java canonical class names, list items `[-]`, with
/// `$element_position` (the innermost list position) and `$screen_name` (the activity) beside it.
///
/// `location(of:)` is the SDK's original path (`opx`, every list position written); `anyRowLocation(of:)` is the
/// `$element_path` it sends (`px`), the innermost list's item `[-]`.
public struct SensorsAndroidDialect: PathDialect {
    public let snapshot: Snapshot
    public var profile: SDKProfile { .sensorsAndroid }

    public init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    /// The two paths and the list position `getViewPathAndPosition` (ViewUtil.java) builds for a view.
    public struct Built: Sendable, Hashable {
        public var original: String
        public var similar: String
        public var position: String?
    }

    public func location(of node: Int) -> DialectLocation? {
        guard let built = build(node) else { return nil }
        return DialectLocation(path: built.original, fields: fields(node, built))
    }

    /// The similar path (`anyRowLocation(of:)`), the row in `$element_position`: what the SDK sends as
    /// `$element_path` (docs/sdk-sensors-android.md, "What the SDK sends").
    public func sentLocation(of node: Int) -> DialectLocation? { anyRowLocation(of: node) ?? location(of: node) }

    public func anyRowLocation(of node: Int) -> DialectLocation? {
        guard let built = build(node), built.similar != built.original else { return nil }
        return DialectLocation(path: built.similar, fields: fields(node, built))
    }

    private func fields(_ node: Int, _ built: Built) -> [DialectField] {
        var fields: [DialectField] = []
        if let screen = screenName(of: node) { fields.append(DialectField(name: "$screen_name", value: screen)) }
        if let position = built.position { fields.append(DialectField(name: "$element_position", value: position)) }
        return fields
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads `Name[i]` segments joined by `/` (no leading `/`), an index a number or `-`.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        func failure(_ reason: String) -> PathSyntaxError { PathSyntaxError(path: text, reason: reason) }
        guard !text.isEmpty else {
            throw failure(
                "the path is empty; expected segments such as android.widget.LinearLayout[0]/android.widget.Button[0]")
        }
        if text.hasPrefix("/") {
            throw failure("a Sensors Android path has no leading /; it starts below the window's decor view")
        }
        var segments: [DialectSegment] = []
        for (number, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            let place = "segment \(number + 1) (\"\(part)\")"
            guard let open = part.firstIndex(of: "["), part.hasSuffix("]"), open != part.startIndex else {
                throw failure("\(place): expected a class name and [index], as android.widget.Button[0]")
            }
            let inside = part[part.index(after: open)..<part.index(before: part.endIndex)]
            let index: Int?
            if inside == "-" {
                index = nil
            } else if let value = Int(inside), value >= -1 {
                index = value
            } else {
                throw failure("\(place): [\(inside)] is not an index; expected a number, or - for any item of a list")
            }
            segments.append(DialectSegment(name: String(part[..<open]), indices: [index]))
        }
        return DialectPattern(text: text, parsed: .segments(segments))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        guard case .segments(let segments) = pattern.parsed, let last = segments.last else { return [] }
        return snapshot.indices.filter { node in
            guard canonicalName(of: node) == last.name || last.name.hasPrefix("ELV"), let built = build(node) else {
                return false
            }
            return built.original == pattern.text || built.similar == pattern.text
        }
    }

    // MARK: The SDK's rules

    /// `getViewPathAndPosition` over the chain from the window's root (its decor view) down to `node`.
    public func build(_ node: Int) -> Built? {
        var chain: [Int] = []
        var current: Int? = node
        while let view = current, !isDocument(view) {
            chain.append(view)
            current = snapshot.parent(of: view)
        }
        chain.reverse()
        guard chain.count >= 2 else { return nil }
        var original = ""
        var similar = ""
        var listPosition: String?
        var inherited: String?
        for (offset, child) in chain.enumerated().dropFirst() {
            let parent = chain[offset - 1]
            let name = canonicalName(of: child)
            var itemOriginal: String
            var itemSimilar: String
            var listPos = inherited
            if isList(parent) {
                let position = String(adapterPosition(of: child, in: parent))
                listPos = position
                itemSimilar = "/\(name)[-]"
                itemOriginal = "/\(name)[\(position)]"
            } else if isKind(parent, "SwipeRefreshLayout") {
                itemOriginal = "/\(name)[0]"
                itemSimilar = itemOriginal
            } else {
                itemOriginal = "/\(name)[\(childIndex(of: child, in: parent))]"
                itemSimilar = itemOriginal
            }
            if offset == 1 {
                // Below the decor view the first segment has no leading "/".
                itemOriginal.removeFirst()
                itemSimilar.removeFirst()
            }
            // Only the innermost list keeps "-": an outer one gets the position its items passed down.
            if itemSimilar.contains("-"), let outer = listPosition, let dash = similar.firstIndex(of: "-") {
                similar.replaceSubrange(dash...dash, with: outer)
            }
            original += itemOriginal
            similar += itemSimilar
            listPosition = listPos
            inherited = listPos
        }
        return Built(original: original, similar: similar, position: listPosition)
    }

    /// The `hierarchy` element of a uiautomator dump: no view, no segment.
    private func isDocument(_ node: Int) -> Bool {
        node == 0 && snapshot.className(of: 0) == "hierarchy"
    }

    /// `Class.getCanonicalName()`: the qualified Java name a dump keeps (`properties.class`), else the class.
    public func canonicalName(of node: Int) -> String {
        if let qualified = snapshot.properties(of: node)?["class"]?.stringValue, qualified.contains(".") {
            return qualified
        }
        return snapshot.className(of: node)
    }

    /// The simple name of a canonical one (`android.widget.Button` → `Button`).
    private func simpleName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// `instanceof` by the view's class chain, compared by simple name.
    private func isKind(_ node: Int, _ name: String) -> Bool {
        simpleName(canonicalName(of: node)) == name
            || snapshot.superclasses(of: node).contains { simpleName($0) == name }
    }

    /// `ViewUtil.isListView`: an `AdapterView` (ListView, GridView, Spinner…), a `RecyclerView`, a `ViewPager`.
    private func isList(_ node: Int) -> Bool {
        ["AdapterView", "AbsListView", "ListView", "GridView", "RecyclerView", "ViewPager", "ViewPager2"].contains {
            isKind(node, $0)
        }
    }

    /// A list item's adapter position: the snapshot's index path row where an importer set one, else its place
    /// among the list's children.
    private func adapterPosition(of child: Int, in list: Int) -> Int {
        if let row = snapshot.indexPath(of: child)?.row { return row }
        return snapshot.children(of: list).firstIndex(of: child) ?? 0
    }

    /// `SAViewUtils.getChildIndex`: the place among the parent's children that are of the child's class or a
    /// subclass of it (`Pathfinder.hasClassName` walks each brother's superclasses).
    private func childIndex(of child: Int, in parent: Int) -> Int {
        let name = simpleName(canonicalName(of: child))
        var index = 0
        for brother in snapshot.children(of: parent) {
            guard isKind(brother, name) else { continue }
            if brother == child { return index }
            index += 1
        }
        return -1
    }

    /// `$screen_name`: the activity's name where the snapshot has it (a root view's `viewController`).
    private func screenName(of node: Int) -> String? {
        for view in snapshot.ancestry(of: node) where snapshot.isPageRoot(view) {
            guard let controller = snapshot.controller(of: view) else { continue }
            return snapshot.properties(of: controller)?["activity"]?.stringValue ?? controller.className
        }
        return nil
    }
}
