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
                    expected: "bounds such as [0,210][1080,420] (numbers within ±1e9)",
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
        var builder = MaestroViewBuilder(platform: detectPlatform(nodes), classes: classes, tree: options.newTree())
        builder.build(nodes)
        var notes = [
            "Maestro's hierarchy has no \(builder.platform == "android" ? "activities or fragments" : "view controllers"): the window is the page",
            builder.platform == "android"
                ? "bounds are in screen pixels (the hierarchy has no density): frames and the screen size are in pixels"
                : "the iOS hierarchy has no element types: views are named by what they hold (UIButton when clickable, UILabel when a leaf has a label or text, else UIView)",
        ]
        let inverted = nodes.count { $0.invertedBounds }
        if inverted > 0 { notes.append(AndroidImporter.invertedNote(inverted)) }
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
        // Each node's children in order, as links: its first child, and each child's next sibling.
        var firstChild = [Int](repeating: -1, count: nodes.count)
        var nextSibling = firstChild
        var lastChild = firstChild
        for (index, node) in nodes.enumerated() where node.parent >= 0 {
            if lastChild[node.parent] < 0 {
                firstChild[node.parent] = index
            } else {
                nextSibling[lastChild[node.parent]] = index
            }
            lastChild[node.parent] = index
        }
        var stack = nodes.isEmpty ? [] : [0]
        var seen = 0
        while let index = stack.popLast(), seen < 5_000 {
            seen += 1
            if nodes[index].looksAndroid { return "android" }
            var child = firstChild[index]
            while child >= 0 {
                stack.append(child)
                child = nextSibling[child]
            }
        }
        return "ios"
    }
}
