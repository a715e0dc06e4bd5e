import LassoSnapshot

/// Turns Maestro's `maestro hierarchy` output (`{"attributes": {…}, "children": […], "clickable": …}`, possibly after
/// a `Running on <device>` line) into a lasso snapshot.
///
/// Maestro maps uiautomator (Android) and XCTest (iOS) nodes to one shape: `text`, `accessibilityText` (content-desc
/// or label), `resource-id` (or identifier), `hintText`, `bounds` as `[x1,y1][x2,y2]` (Android pixels, iOS points) and,
/// on Android, `class`. Nodes without a class or bounds (the wrappers around Android's windows) are looked through,
/// except the root, which is `hierarchy` as in a uiautomator dump.
enum MaestroImporter {
    static func importDump(_ bytes: [UInt8], file: String, options: ImportOptions) throws(InputError)
        -> ImportedSnapshot
    {
        try importDump(bytes, file: file, options: options, readingInPlace: true).snapshot
    }

    /// `importDump`, and whether the dump was read in place (`MaestroNodeScan`) rather than parsed as a value; with
    /// `readingInPlace` false it is always parsed.
    static func importDump(
        _ bytes: [UInt8], file: String, options: ImportOptions, readingInPlace: Bool
    ) throws(InputError) -> (snapshot: ImportedSnapshot, readInPlace: Bool) {
        // Lines before the JSON (`Running on emulator-5554`) are passed over, and places in messages still count them.
        var prefixLines = 0
        var start = 0
        if let brace = bytes.firstIndex(of: UInt8(ascii: "{")), brace > 0 {
            start = brace
            prefixLines = bytes[..<brace].lazy.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if readingInPlace {
            var scan = MaestroNodeScan()
            if let nodes = bytes.withUnsafeBufferPointer({ scan.read($0, from: start) }) {
                let snapshot = BackgroundRelease.using(nodes) { nodes in
                    importNodes(nodes, classes: scan.classes, file: file, prefixLines: prefixLines, options: options)
                }
                return (snapshot, true)
            }
        }
        let snapshot = try BackgroundRelease.using(try JSONParser.parse(bytes, file: file, from: start)) {
            document throws(InputError) in
            guard document.objectValue != nil else {
                throw InputError(
                    file: file, jsonPath: "$",
                    expected: "a Maestro hierarchy node {\"attributes\": …, \"children\": …}",
                    found: document.kindDescription)
            }
            var classes = MaestroClassNames()
            let nodes = try parsedNodes(document, file: file, classes: &classes)
            return importNodes(nodes, classes: classes, file: file, prefixLines: prefixLines, options: options)
        }
        return (snapshot, false)
    }

    /// The nodes of a parsed hierarchy in pre-order; fails at the first node (in that order) that is not an object,
    /// whose attributes are not an object, whose bounds are no rectangle or whose children are not an array.
    private static func parsedNodes(
        _ root: JSONValue, file: String, classes: inout MaestroClassNames
    ) throws(InputError) -> [MaestroNode] {
        var places = NodePlaces(member: "children")
        var nodes: [MaestroNode] = []
        var stack: [(value: JSONValue, parent: Int, place: Int)] = [(root, -1, NodePlaces.root)]
        while let (value, parent, place) = stack.popLast() {
            guard case .object(let members) = value else {
                throw InputError(
                    file: file, jsonPath: places.path(place), expected: "a hierarchy node (an object)",
                    found: value.kindDescription)
            }
            let attributes = try self.attributes(members, file: file, path: { places.path(place) })
            let node = MaestroNode(parsed: members, attributes: attributes, parent: parent, classes: &classes)
            if node.hasBounds, node.frame == nil, let bounds = attributes["bounds"] {
                throw InputError(
                    file: file, jsonPath: places.path(place) + ".attributes.bounds",
                    expected: "bounds such as [0,210][1080,420]",
                    found: "\"\(DisplayText.escaped(String(bounds.prefix(60))))\"")
            }
            nodes.append(node)
            guard let children = members["children"], !children.isNull else { continue }
            guard let items = children.arrayValue else {
                throw InputError(
                    file: file, jsonPath: places.path(place) + ".children", expected: "an array of nodes",
                    found: children.kindDescription)
            }
            for (offset, child) in items.enumerated().reversed() {
                stack.append((child, nodes.count - 1, places.child(offset, of: place)))
            }
        }
        return nodes
    }

    /// A parsed node's attributes, each non-null one as text.
    private static func attributes(
        _ members: JSONObject, file: String, path: () -> String
    ) throws(InputError) -> AttributeList {
        guard let value = members["attributes"], !value.isNull else { return AttributeList() }
        guard let object = value.objectValue else {
            throw InputError(
                file: file, jsonPath: path() + ".attributes", expected: "an object of strings",
                found: value.kindDescription)
        }
        var attributes = AttributeList()
        attributes.reserveCapacity(object.count)
        for member in object.members where !member.value.isNull { attributes[member.key] = member.value.plainText }
        return attributes
    }

    private static func importNodes(
        _ nodes: [MaestroNode], classes: MaestroClassNames, file: String, prefixLines: Int, options: ImportOptions
    ) -> ImportedSnapshot {
        var builder = Builder(platform: detectPlatform(nodes), classes: classes, tree: options.newTree())
        builder.build(nodes)
        var notes = [
            "Maestro's hierarchy has no \(builder.platform == "android" ? "activities or fragments" : "view controllers"): the window is the page",
            builder.platform == "android"
                ? "bounds are in screen pixels (the hierarchy has no density): frames and the screen size are in pixels"
                : "the iOS hierarchy has no element types: views are named by what they hold (UIButton when clickable, UILabel when a leaf has a label or text, else UIView)",
        ]
        if builder.lookedThrough > 0 {
            notes.append(
                "\(builder.lookedThrough) node\(builder.lookedThrough == 1 ? "" : "s") without class or bounds (wrappers) \(builder.lookedThrough == 1 ? "was" : "were") looked through"
            )
        }
        if builder.cells > 0 {
            notes.append(
                "list items got indexPath [0, place among the list's items on screen]: the adapter position is not in the hierarchy"
            )
        }
        if prefixLines > 0 {
            notes.append("\(prefixLines) line\(prefixLines == 1 ? "" : "s") before the JSON (Running on …) ignored")
        }
        var top = JSONObject()
        top["app"] = .object(options.app(platform: builder.platform))
        if builder.extent.width > 0, builder.extent.height > 0 {
            top["screen"] = .object(
                JSONObject(["width": .double(builder.extent.width), "height": .double(builder.extent.height)]))
        }
        top["importedFrom"] = ImportOptions.source(.maestro, file: file, notes: notes)
        return ImportedSnapshot(
            tree: builder.tree, topLevel: top, notes: notes, format: .maestro,
            viewCount: builder.tree.count)
    }

    /// `android` when any of the first 5,000 nodes met (from the root, the last child first) has an Android class or
    /// resource id, else `ios`.
    static func detectPlatform(_ nodes: [MaestroNode]) -> String {
        var children = [[Int]](repeating: [], count: nodes.count)
        for (index, node) in nodes.enumerated() where node.parent >= 0 { children[node.parent].append(index) }
        var stack = nodes.isEmpty ? [] : [0]
        var seen = 0
        while let index = stack.popLast(), seen < 5_000 {
            seen += 1
            if nodes[index].looksAndroid { return "android" }
            stack += children[index]
        }
        return "ios"
    }

    /// Makes the views of the nodes, in pre-order.
    private struct Builder {
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
}
