import LassoSnapshot

/// One node of a Maestro hierarchy as the importer makes a view of it: what its attributes and flags say, and its
/// `properties`, read from the dump's bytes (`MaestroNodeScan`) or from its parsed value.
struct MaestroNode: Sendable {
    /// A view's `properties`: the attributes (the known ones first, then the others by name; `true`, `false` and whole
    /// numbers as such), the node's own boolean flags over the attributes of their names.
    enum Properties: Sendable {
        case object(JSONObject)
        /// Already written as compact JSON.
        case written([UInt8])
    }

    /// The pre-order number of the node holding it; -1 for the root.
    var parent: Int
    /// Whether it has a `class` attribute, even an empty one.
    var hasClass = false
    /// The number of its class among the import's class names, when the attribute is not empty.
    var className: Int?
    /// Whether it has a `bounds` attribute, and the rectangle that gives (nil when the text is no rectangle).
    var hasBounds = false
    var frame: Rect?
    /// True when the bounds have their corners the wrong way round (kept with no size).
    var invertedBounds = false
    /// `text`, `accessibilityText`, `resource-id` and `hintText`: nil when missing or empty.
    var text: String?
    var label: String?
    var identifier: String?
    var hint: String?
    /// The flags a view's fields take: the node's boolean member, else whether its attribute says `true`; nil when
    /// neither is given.
    var clickable: Bool?
    var enabled: Bool?
    var checked: Bool?
    var selected: Bool?
    /// Whether it holds no nodes.
    var isLeaf = true
    /// Whether its class is qualified (a dot) or its resource id is Android's (`:id/`).
    var looksAndroid = false
    var properties = Properties.object(JSONObject())

    init(parent: Int) {
        self.parent = parent
    }

    /// The node of a parsed object whose non-null attributes, as text, are `attributes`.
    init(parsed members: JSONObject, attributes: AttributeList, parent: Int, classes: inout MaestroClassNames) {
        self.parent = parent
        func nonEmpty(_ name: String) -> String? {
            guard let text = attributes[name], !text.isEmpty else { return nil }
            return text
        }
        func flag(_ attribute: MaestroAttribute) -> Bool? {
            if case .bool(let value) = members[attribute.name] { return value }
            return attributes[attribute.name].map { $0 == "true" }
        }
        let qualified = attributes["class"]
        hasClass = qualified != nil
        if let qualified, !qualified.isEmpty { className = classes.number(of: qualified) }
        if let bounds = attributes["bounds"] {
            hasBounds = true
            frame = AndroidImporter.bounds(bounds)
            if let frame, frame.width == 0 || frame.height == 0 { invertedBounds = AndroidImporter.isInverted(bounds) }
        }
        text = nonEmpty("text")
        label = nonEmpty("accessibilityText")
        identifier = nonEmpty("resource-id")
        hint = nonEmpty("hintText")
        clickable = flag(.clickable)
        enabled = flag(.enabled)
        checked = flag(.checked)
        selected = flag(.selected)
        isLeaf = members["children"]?.arrayValue?.isEmpty ?? true
        let given = members["attributes"]
        looksAndroid =
            (given?["class"]?.stringValue?.contains(".") ?? false)
            || (given?["resource-id"]?.stringValue?.contains(":id/") ?? false)
        var properties = ImportValues.properties(attributes, order: MaestroAttribute.names)
        for flag in MaestroAttribute.flags {
            if case .bool(let value) = members[flag.name] { properties[flag.name] = .bool(value) }
        }
        self.properties = .object(properties)
    }
}
