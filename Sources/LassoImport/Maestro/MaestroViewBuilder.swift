import LassoSnapshot

/// Makes the views of a Maestro hierarchy's nodes, in pre-order: one per node but the wrappers it looks through, with
/// the screen's extent and the list items met.
struct MaestroViewBuilder {
    /// What a view's class gives its fields, worked out once per class.
    struct Kind {
        var simple: JSONValue
        var superclasses: JSONValue
        var isTextField: Bool
        var isButton: Bool
        var isSwitch: Bool
        var isList: Bool

        init(_ simple: String, chain: [String], superclasses: JSONValue) {
            self.simple = .string(simple)
            self.superclasses = superclasses
            isTextField = chain.contains("UITextField")
            isButton = chain.contains("UIButton")
            isSwitch = chain.contains("UISwitch")
            isList = AndroidWidgets.isList(chain, simple: simple)
        }
    }

    let platform: String
    let classes: MaestroClassNames
    var tree: ImportedTree
    var extent: (width: Double, height: Double) = (0, 0)
    var lookedThrough = 0
    var cells = 0
    /// Kinds by simple class name, and by the number of a class.
    private var named: [String: Kind] = [:]
    private var numbered: [Kind?] = []
    private static let hierarchy = Kind("hierarchy", chain: [], superclasses: .array([]))
    private static let view = Kind(
        "View", chain: UIKitChains.view, superclasses: .array(UIKitChains.view.map { .string($0) }))
    private static let tap = JSONValue.array([.string("UITapGestureRecognizer")])

    init(platform: String, classes: MaestroClassNames, tree: ImportedTree) {
        self.platform = platform
        self.classes = classes
        self.tree = tree
        numbered = Array(repeating: nil, count: classes.names.count)
    }

    mutating func build(_ nodes: [MaestroNode]) {
        // Per node, the row its children hang under (a wrapper's is its parent's: wrappers are looked through),
        // and whether it or a node above has a frame with an area: the first framed nodes on each branch are the
        // windows, whose union is the screen (a scroll view's content below the screen is not).
        var rowOf = [Int](repeating: 0, count: nodes.count)
        var framedOf = [Bool](repeating: false, count: nodes.count)
        var isList: [Bool] = []
        var positions: [Int] = []
        for (index, node) in nodes.enumerated() {
            let parent: Int? = node.parent < 0 ? nil : rowOf[node.parent]
            let framedAbove = node.parent < 0 ? false : framedOf[node.parent]
            var row = parent ?? 0
            var framed = framedAbove
            if parent == nil || node.hasClass || node.hasBounds {
                var (fields, written, list) = self.fields(node, root: parent == nil)
                if let parent, isList[parent] {
                    fields["indexPath"] = .array([.int(0), .int(positions[parent])])
                    positions[parent] += 1
                    cells += 1
                }
                if let frame = node.frame, frame.width > 0, frame.height > 0, !framedAbove {
                    extent = (max(extent.width, frame.x + frame.width), max(extent.height, frame.y + frame.height))
                    framed = true
                }
                row = tree.add(fields, parent: parent, windowFrame: node.frame, written: written)
                isList.append(list)
                positions.append(0)
            } else {
                lookedThrough += 1
            }
            rowOf[index] = row
            framedOf[index] = framed
        }
        if !tree.hasFrame(0), extent.width > 0 {
            tree.setFrame(0, Rect(x: 0, y: 0, width: extent.width, height: extent.height))
        }
    }

    /// The kind of a class named `simple`, its chain made for the platform.
    private mutating func kind(named simple: String) -> Kind {
        if let kind = named[simple] { return kind }
        let chain =
            platform == "android" ? AndroidWidgets.superclasses(of: simple) : UIKitChains.superclasses(of: simple)
        let kind = Kind(simple, chain: chain, superclasses: .array(chain.map { .string($0) }))
        named[simple] = kind
        return kind
    }

    private mutating func kind(_ node: MaestroNode, text: String?, root: Bool) -> Kind {
        if let number = node.className {
            if let kind = numbered[number] { return kind }
            let kind = kind(named: AndroidWidgets.simpleName(classes.names[number]))
            numbered[number] = kind
            return kind
        }
        if root && !node.hasBounds { return Self.hierarchy }
        guard platform == "ios" else { return Self.view }
        // A label is a leaf: an element with text that holds others (the app, a text's container) is a view.
        return kind(
            named: node.clickable == true ? "UIButton" : text != nil && node.isLeaf ? "UILabel" : "UIView")
    }

    /// A view's fields (and its `properties` when they are written already) and whether its children are list
    /// items.
    private mutating func fields(
        _ node: MaestroNode, root: Bool
    ) -> (JSONObject, ImportedTree.WrittenMember?, Bool) {
        // On iOS, Maestro's `accessibilityText` is the element's label, what a label shows; `text` is its value.
        let text = platform == "ios" ? node.label ?? node.text : node.text
        let kind = kind(node, text: text, root: root)
        var fields = JSONObject()
        fields.reserveCapacity(16)
        fields["class"] = kind.simple
        fields["superclasses"] = kind.superclasses
        if let text, text != node.hint || !kind.isTextField {
            fields["text"] = .string(text)
            if kind.isButton { fields["title"] = .string(text) }
        }
        if let id = node.identifier { fields["accessibilityIdentifier"] = .string(id) }
        if let label = node.label { fields["accessibilityLabel"] = .string(label) }
        if node.clickable == true { fields["gestures"] = Self.tap }
        var state = JSONObject()
        if kind.isSwitch, let checked = node.checked { state["isOn"] = .bool(checked) }
        if node.selected == true { state["selected"] = .bool(true) }
        if node.enabled == false { state["enabled"] = .bool(false) }
        if !state.isEmpty { fields["state"] = .object(state) }
        switch node.properties {
        case .object(let properties):
            fields["properties"] = .object(properties)
            return (fields, nil, kind.isList)
        case .written(let json):
            let written = ImportedTree.WrittenMember(key: "properties", json: json, position: fields.count)
            return (fields, written, kind.isList)
        }
    }
}
