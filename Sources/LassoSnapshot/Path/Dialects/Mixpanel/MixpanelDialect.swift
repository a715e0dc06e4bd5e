/// The `mixpanel` profile: Mixpanel iOS codeless selectors (`MPObjectSelector`), written for a view from the key
/// window's root controller and evaluated against the tree of controllers and views the SDK walks.
public struct MixpanelDialect: PathDialect {
    public let tree: MixpanelTree
    public var profile: SDKProfile { .mixpanel }
    public var snapshot: Snapshot { tree.snapshot }

    public init(_ snapshot: Snapshot) { tree = MixpanelTree(snapshot) }

    public func location(of node: Int) -> DialectLocation? {
        steps(to: node).map { DialectLocation(path: Self.write($0)) }
    }

    /// The same selector with the index of the innermost cell's step left out, so that it selects every row.
    public func anyRowLocation(of node: Int) -> DialectLocation? {
        guard var steps = steps(to: node),
            let cell = steps.lastIndex(where: { snapshot.isCell($0.object.node) && $0.object.isView && $0.index != nil }
            )
        else { return nil }
        steps[cell].index = nil
        return DialectLocation(path: Self.write(steps))
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a selector as the SDK does, or says what it cannot read.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        let selector = try MixpanelSelector.parse(text)
        return DialectPattern(text: text, parsed: .segments(selector.segments))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        guard let root = tree.defaultRoot else { return [] }
        return Self.nodes(select(pattern, from: root))
    }

    /// The objects `pattern` selects from `root`, in the SDK's order.
    public func select(_ pattern: DialectPattern, from root: MixpanelObject) -> [MixpanelObject] {
        guard case .segments(let segments) = pattern.parsed,
            let selector = MixpanelSelector(text: pattern.text, segments: segments)
        else { return [] }
        return selector.select(from: root, in: tree)
    }

    /// The snapshot nodes of selected objects, each once, in order (a controller by its root view).
    public static func nodes(_ objects: [MixpanelObject]) -> [Int] {
        var seen = Set<Int>()
        return objects.map(\.node).filter { seen.insert($0).inserted }
    }

    /// One step of a written selector: the object it reaches, the class it names and its index.
    struct WrittenStep {
        var object: MixpanelObject
        var name: String
        var index: Int?
    }

    /// The steps from the key window's root controller down to `node`, through controllers wherever the SDK's walk
    /// goes through them; nil when that walk never reaches the view (another window, no root controller).
    func steps(to node: Int) -> [WrittenStep]? {
        guard let root = tree.defaultRoot else { return nil }
        var chain: [MixpanelObject] = []
        var current: MixpanelObject? = .view(node)
        while let object = current, object != root {
            chain.append(object)
            current = tree.walkParent(of: object)
        }
        guard current == root else { return nil }
        var parent = root
        var steps: [WrittenStep] = []
        for object in chain.reversed() {
            guard let name = name(of: object) else { return nil }
            var index: Int?
            if parent.isView { index = tree.children(of: parent, ofType: name).firstIndex(of: object) }
            steps.append(WrittenStep(object: object, name: name, index: index))
            parent = object
        }
        return steps
    }

    /// The nearest class of the object's chain that a selector can spell (letters, digits, `_` and `.`).
    private func name(of object: MixpanelObject) -> String? {
        tree.classChain(of: object).first { name in
            !name.isEmpty && !name.hasPrefix("_Tt")
                && name.allSatisfy { MixpanelSelector.nameCharacters.contains($0) && $0 != "*" }
        }
    }

    static func write(_ steps: [WrittenStep]) -> String {
        steps.map { "/" + $0.name + ($0.index.map { "[\($0)]" } ?? "") }.joined()
    }
}
