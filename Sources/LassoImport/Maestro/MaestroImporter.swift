import LassoSnapshot

/// Turns Maestro's `maestro hierarchy` output (`{"attributes": {…}, "children": […], "clickable": …}`, possibly after
/// a `Running on <device>` line) into a lasso snapshot.
///
/// Maestro maps uiautomator (Android) and XCTest (iOS) nodes to one shape: `text`, `accessibilityText` (content-desc
/// or label), `resource-id` (or identifier), `hintText`, `bounds` as `[x1,y1][x2,y2]` (Android pixels, iOS points) and,
/// on Android, `class`. Nodes without a class or bounds (the wrappers around Android's windows) are looked through,
/// except the root, which is `hierarchy` as in a uiautomator dump.
enum MaestroImporter {
    /// Attributes that become fields rather than only properties.
    static let order = [
        "class", "text", "resource-id", "accessibilityText", "hintText", "title", "value", "bounds", "clickable",
        "enabled", "focused", "checked", "selected",
    ]

    static func importDump(_ bytes: [UInt8], file: String, options: ImportOptions) throws(InputError)
        -> ImportedSnapshot
    {
        // Lines before the JSON (`Running on emulator-5554`) are passed over, and places in messages still count them.
        var prefixLines = 0
        var start = 0
        if let brace = bytes.firstIndex(of: UInt8(ascii: "{")), brace > 0 {
            start = brace
            prefixLines = bytes[..<brace].lazy.filter { $0 == UInt8(ascii: "\n") }.count
        }
        return try BackgroundRelease.using(try JSONParser.parse(bytes, file: file, from: start)) {
            document throws(InputError) in
            try importDocument(document, file: file, prefixLines: prefixLines, options: options)
        }
    }

    private static func importDocument(
        _ document: JSONValue, file: String, prefixLines: Int, options: ImportOptions
    ) throws(InputError) -> ImportedSnapshot {
        guard document.objectValue != nil else {
            throw InputError(
                file: file, jsonPath: "$", expected: "a Maestro hierarchy node {\"attributes\": …, \"children\": …}",
                found: document.kindDescription)
        }
        var builder = Builder(file: file, tree: options.newTree())
        builder.platform = detectPlatform(document)
        try builder.build(document)
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

    /// `android` when any node has an Android class or resource id, else `ios`.
    static func detectPlatform(_ root: JSONValue) -> String {
        var stack = [root]
        var seen = 0
        while let node = stack.popLast(), seen < 5_000 {
            seen += 1
            let attributes = node["attributes"]
            if let name = attributes?["class"]?.stringValue, name.contains(".") { return "android" }
            if let id = attributes?["resource-id"]?.stringValue, id.contains(":id/") { return "android" }
            stack += node["children"]?.arrayValue ?? []
        }
        return "ios"
    }

    /// Walks the node tree with a stack, in pre-order.
    private struct Builder {
        let file: String
        var platform = "android"
        var tree: ImportedTree
        var extent: (width: Double, height: Double) = (0, 0)
        var lookedThrough = 0
        var cells = 0
        var chains = ChainCache()
        /// Where each node is, for messages.
        var places = NodePlaces(member: "children")

        init(file: String, tree: ImportedTree) {
            self.file = file
            self.tree = tree
        }

        mutating func build(_ root: JSONValue) throws(InputError) {
            // `framed`: whether a node above has a frame with an area; the first framed nodes on each branch are the
            // windows, whose union is the screen (a scroll view's content below the screen is not).
            var stack: [(node: JSONValue, parent: Int?, place: Int, framed: Bool)] = [
                (root, nil, NodePlaces.root, false)
            ]
            var isList: [Bool] = []
            var positions: [Int: Int] = [:]
            while let (node, parent, place, framedAbove) = stack.popLast() {
                guard case .object(let members) = node else {
                    throw InputError(
                        file: file, jsonPath: places.path(place), expected: "a hierarchy node (an object)",
                        found: node.kindDescription)
                }
                let attributes = try self.attributes(members, place: place)
                var row = parent
                var framed = framedAbove
                let isWrapper = attributes["class"] == nil && attributes["bounds"] == nil
                if parent == nil || !isWrapper {
                    let (fieldsFound, frame, list) = try self.fields(
                        members, attributes, place: place, root: parent == nil)
                    var fields = fieldsFound
                    if let parent, isList[parent] {
                        let position = positions[parent, default: 0]
                        positions[parent] = position + 1
                        fields["indexPath"] = .array([.int(0), .int(position)])
                        cells += 1
                    }
                    if let frame, frame.width > 0, frame.height > 0, !framedAbove {
                        extent = (max(extent.width, frame.x + frame.width), max(extent.height, frame.y + frame.height))
                        framed = true
                    }
                    let added = tree.add(fields, parent: parent, windowFrame: frame)
                    isList.append(list)
                    row = added
                } else {
                    lookedThrough += 1
                }
                guard let children = members["children"], !children.isNull else { continue }
                guard let items = children.arrayValue else {
                    throw InputError(
                        file: file, jsonPath: places.path(place) + ".children", expected: "an array of nodes",
                        found: children.kindDescription)
                }
                for (offset, child) in items.enumerated().reversed() {
                    stack.append((child, row, places.child(offset, of: place), framed))
                }
            }
            if !tree.hasFrame(0), extent.width > 0 {
                tree.setFrame(0, Rect(x: 0, y: 0, width: extent.width, height: extent.height))
            }
        }

        private func attributes(_ members: JSONObject, place: Int) throws(InputError) -> AttributeList {
            guard let value = members["attributes"], !value.isNull else { return AttributeList() }
            guard let object = value.objectValue else {
                throw InputError(
                    file: file, jsonPath: places.path(place) + ".attributes", expected: "an object of strings",
                    found: value.kindDescription)
            }
            var attributes = AttributeList()
            attributes.reserveCapacity(object.count)
            for member in object.members where !member.value.isNull { attributes[member.key] = member.value.plainText }
            return attributes
        }

        private mutating func fields(
            _ members: JSONObject, _ attributes: AttributeList, place: Int, root: Bool
        ) throws(InputError) -> (JSONObject, Rect?, Bool) {
            func flag(_ name: String) -> Bool? {
                if case .bool(let value) = members[name] { return value }
                return attributes[name].map { $0 == "true" }
            }
            let hint = attributes["hintText"]
            let label = attributes["accessibilityText"].flatMap { $0.isEmpty ? nil : $0 }
            // On iOS, Maestro's `accessibilityText` is the element's label, what a label shows; `text` is its value.
            let shown = attributes["text"].flatMap { $0.isEmpty ? nil : $0 }
            let text = platform == "ios" ? label ?? shown : shown
            let simple: String
            let chain: [String]
            let superclasses: JSONValue
            if let qualified = attributes["class"], !qualified.isEmpty {
                simple = AndroidWidgets.simpleName(qualified)
                let make = { [platform] (simple: String) in
                    platform == "android"
                        ? AndroidWidgets.superclasses(of: simple) : UIKitChains.superclasses(of: simple)
                }
                (chain, superclasses) = (chains.chain(of: simple, make), chains.value(of: simple, make))
            } else if root && attributes["bounds"] == nil {
                (simple, chain, superclasses) = ("hierarchy", [], .array([]))
            } else if platform == "ios" {
                // A label is a leaf: an element with text that holds others (the app, a text's container) is a view.
                let isLeaf = members["children"]?.arrayValue?.isEmpty ?? true
                simple = flag("clickable") == true ? "UIButton" : text != nil && isLeaf ? "UILabel" : "UIView"
                let make = { (simple: String) in UIKitChains.superclasses(of: simple) }
                (chain, superclasses) = (chains.chain(of: simple, make), chains.value(of: simple, make))
            } else {
                (simple, chain) = ("View", UIKitChains.view)
                superclasses = .array(chain.map { .string($0) })
            }
            var fields = JSONObject()
            fields.reserveCapacity(16)
            fields["class"] = .string(simple)
            fields["superclasses"] = superclasses
            if let text, text != hint || !chain.contains("UITextField") {
                fields["text"] = .string(text)
                if chain.contains("UIButton") { fields["title"] = .string(text) }
            }
            if let id = attributes["resource-id"], !id.isEmpty { fields["accessibilityIdentifier"] = .string(id) }
            if let label { fields["accessibilityLabel"] = .string(label) }
            if flag("clickable") == true { fields["gestures"] = .array([.string("UITapGestureRecognizer")]) }
            var state = JSONObject()
            if chain.contains("UISwitch"), let checked = flag("checked") { state["isOn"] = .bool(checked) }
            if flag("selected") == true { state["selected"] = .bool(true) }
            if flag("enabled") == false { state["enabled"] = .bool(false) }
            if !state.isEmpty { fields["state"] = .object(state) }
            var properties = ImportValues.properties(attributes, order: MaestroImporter.order)
            for name in ["clickable", "enabled", "focused", "checked", "selected"] {
                if case .bool(let value) = members[name] { properties[name] = .bool(value) }
            }
            fields["properties"] = .object(properties)
            var frame: Rect?
            if let bounds = attributes["bounds"] {
                guard let parsed = AndroidImporter.bounds(bounds) else {
                    throw InputError(
                        file: file, jsonPath: places.path(place) + ".attributes.bounds",
                        expected: "bounds such as [0,210][1080,420]",
                        found: "\"\(DisplayText.escaped(String(bounds.prefix(60))))\"")
                }
                frame = parsed
            }
            return (fields, frame, AndroidWidgets.isList(chain, simple: simple))
        }
    }
}
