import LassoSnapshot

/// Builds the view tree of an iOS codeless snapshot: `serialized_objects` of `{id, class, properties}` objects.
///
/// Mixpanel wraps each property as `{"values": [{"value": …}]}` and gives `frame` relative to the superview, children
/// in `subviews`, windows under the `UIApplication`'s `windows`, and each controller's `view`; Sensors Analytics
/// writes values bare, children (views and controllers) in `subelements`, and `frame` in window coordinates, clipped
/// to what is visible. Controllers are not views: a controller whose `view` (or only child) is in the tree makes that
/// view a page; one that lists several children is looked through.
struct CodelessIOSTree {
    /// Properties that are the tree's structure or become fields rather than properties.
    static let structural: Set<String> = [
        "subviews", "subelements", "superview", "window", "windows", "keyWindow", "layer", "frame",
        "rootViewController",
        "childViewControllers", "parentViewController", "presentedViewController", "presentingViewController", "view",
        "constraints", "gestureRecognizers", "text", "hidden", "alpha", "accessibilityIdentifier",
        "accessibilityLabel", "titleForState",
    ]

    let file: String
    let path: String
    var vendor: SnapshotSourceFormat
    var tree: ImportedTree
    var screen: (width: Double, height: Double)?
    private var looseControllers = 0
    private var missing = 0
    /// Ids that more than one object has, with how many have each, in the order first seen.
    private var sharedIDs: [(id: String, count: Int)] = []
    /// Views listed as a child of themselves or of a view below them, and objects listed under a second parent.
    private var cycles = 0
    private var listedAgain = 0
    private var cells = 0
    private var pages = 0
    /// What the objects say of controllers beyond the tree: root, children, presentation.
    private var links = CodelessControllerLinks()
    /// The `superclasses` value of each class list read in place (`superclassesOfList`).
    private var superclassesByList: [Int: JSONValue] = [:]

    init(file: String, path: String, format: SnapshotSourceFormat, tree: ImportedTree) {
        self.file = file
        self.tree = tree
        self.path = path
        vendor = format
    }

    var notes: [String] {
        var notes: [String] = []
        if pages == 0 {
            notes.append("no view controller's view is in the snapshot: the window is the page")
        }
        if vendor == .sensors {
            notes.append(
                "Sensors Analytics gives frames in window coordinates, clipped to what is visible: a view partly scrolled away has the frame of its visible part, and scroll offsets are kept under properties only"
            )
        }
        if cells > 0 {
            notes.append(
                "the snapshot has no index paths: a cell's row is its place among its list's cells, in section 0")
        }
        if looseControllers > 0 {
            notes.append(
                "\(looseControllers) container view controller\(looseControllers == 1 ? " lists" : "s list") its children without its own view: looked through (no page)"
            )
        }
        if missing > 0 {
            notes.append(
                "\(missing) child id\(missing == 1 ? " is" : "s are") not among the objects: left out")
        }
        if let first = sharedIDs.first {
            let others = sharedIDs.count - 1
            notes.append(
                "\(first.count) objects have the id \(DisplayText.quoted(first.id, limit: 40))\(others > 0 ? " (and \(others) other id\(others == 1 ? " is" : "s are") shared too)" : ""): an id names one object, so the first of them is taken and the others are left out"
            )
        }
        if cycles > 0 {
            notes.append(
                "\(cycles) view\(cycles == 1 ? " lists" : "s list") itself or a view above it as a child (a cycle): each view is kept once, where it first came"
            )
        }
        if listedAgain > 0 {
            notes.append(
                "\(listedAgain) object\(listedAgain == 1 ? " is" : "s are") listed as the child of more than one object: kept under the first"
            )
        }
        return notes
    }

    /// A property's value: Mixpanel's `{"values": [{"value": v}]}` unwrapped to `v` (the first, the normal state's,
    /// for per-state properties), Sensors' bare value as it is.
    static func value(_ property: JSONValue?) -> JSONValue? {
        guard let property else { return nil }
        if case .object(let object) = property, object.count <= 2, let values = object["values"]?.arrayValue {
            return values.first?["value"] ?? .null
        }
        return property
    }

    /// Builds the tree of `serialized`, whose objects `reader` read (plain views in place, the rest as parsed values).
    mutating func build(_ serialized: JSONValue, objects reader: IOSObjectsReader) throws(InputError) {
        guard let read = reader.objects(serialized["objects"]) else {
            throw InputError(
                file: file, jsonPath: path + ".objects", expected: "an array of objects",
                found: serialized["objects"]?.kindDescription ?? "none")
        }
        // The objects parsed as values (controllers, the application; null for a view read in place).
        var objects: [JSONValue] = []
        objects.reserveCapacity(read.count)
        var byID: [String: Int] = [:]
        byID.reserveCapacity(read.count)
        // The ids more than one object has, with how many have each.
        var idCounts: [String: Int] = [:]
        var ids: [String] = []
        ids.reserveCapacity(read.count)
        var chains: [[String]] = []
        chains.reserveCapacity(read.count)
        for index in read.indices {
            let text: String
            switch read[index] {
            case .parsed(let object):
                guard let id = object["id"], case .object(let members) = object else {
                    throw InputError(
                        file: file, jsonPath: "\(path).objects[\(index)]",
                        expected: "an object with id, class and properties",
                        found: object.objectValue.map { "an object with \(CodelessImporter.describeKeys($0))" }
                            ?? object.kindDescription)
                }
                text = id.plainText
                chains.append((members["class"]?.arrayValue ?? []).compactMap(\.stringValue))
                if let properties = members["properties"]?.objectValue,
                    properties["subelements"] != nil || properties["element_level"] != nil
                        || members["element_level"] != nil
                {
                    vendor = .sensors
                }
                objects.append(object)
            case .read(let view):
                text = view.id.plainText
                chains.append(reader.classLists[view.classList].qualified)
                if view.sensors { vendor = .sensors }
                objects.append(.null)
            }
            ids.append(text)
            if byID[text] == nil {
                byID[text] = index
            } else {
                // Taken already: the first object keeps it, and the id is counted as shared.
                idCounts[text, default: 1] += 1
            }
        }
        guard !objects.isEmpty else {
            throw InputError(file: file, jsonPath: path + ".objects", expected: "at least one object", found: "none")
        }
        if !idCounts.isEmpty {
            for index in objects.indices {
                let id = ids[index]
                if let count = idCounts[id], byID[id] == index { sharedIDs.append((id, count)) }
            }
        }
        // Each controller's view (Mixpanel's `view` property).
        var controllerOfView: [String: Int] = [:]
        for index in objects.indices where chains[index].contains("UIViewController") {
            if let view = property(objects[index], "view")?.stringValue { controllerOfView[view] = index }
        }
        let controllersWithViews = Set(controllerOfView.values)
        links = CodelessControllerLinks(objects: objects, chains: chains, byID: byID, value: Self.property)
        let rootID = serialized["rootObject"]?.plainText ?? ids[0]
        var used = [Bool](repeating: false, count: objects.count)
        // Ids to visit with their parent row and the controller whose view each is; the last is visited next.
        var stack: [(id: String, parent: Int?, controller: Int?)] = [(rootID, nil, nil)]
        var cellPositions: [Int: Int] = [:]
        // The row each view object became, to tell a cycle from a second parent.
        var rowOfObject = [Int](repeating: -1, count: objects.count)
        while let (id, parent, pendingController) = stack.popLast() {
            guard let index = byID[id] else {
                missing += 1
                continue
            }
            guard !used[index] else {
                let row = rowOfObject[index]
                if let parent, row >= 0, tree.isSelfOrAncestor(row, of: parent) {
                    cycles += 1
                } else {
                    listedAgain += 1
                }
                continue
            }
            used[index] = true
            let chain = chains[index]
            var written: ImportedTree.WrittenMember?
            let properties: CodelessIOSProperties
            switch read[index] {
            case .parsed(let object): properties = CodelessIOSProperties(object)
            case .read(let view):
                properties = view.properties
                written = ImportedTree.WrittenMember(key: "properties", json: view.json, position: 0)
            }
            let children = childIDs(properties, chain: chain)
            let isView = chain.contains("UIView")
            if !isView {
                // A controller or the application: looked through, except an application with several windows.
                if chain.contains("UIApplication") && children.count > 1 && parent == nil {
                    let row = tree.add(JSONObject(["class": .string("UIApplication")]), parent: nil, frame: nil)
                    for child in children.reversed() { stack.append((child, row, nil)) }
                    continue
                }
                let isController = chain.contains("UIViewController")
                if isController && children.count != 1 && !controllersWithViews.contains(index) {
                    looseControllers += 1
                }
                let controller = isController && children.count == 1 ? index : nil
                for child in children.reversed() { stack.append((child, parent, controller ?? pendingController)) }
                continue
            }
            var superclasses: JSONValue?
            if case .read(let view) = read[index] { superclasses = superclassesOfList(view.classList, chain: chain) }
            var fields = viewFields(
                id: read[index].id, properties, chain: chain, superclasses: superclasses,
                propertiesWritten: written != nil)
            // `properties`, already written, comes after the fields made so far.
            written?.position = fields.count
            if let controllerIndex = controllerOfView[id] ?? pendingController {
                fields["viewController"] = controllerFields(
                    objects[controllerIndex], chain: chains[controllerIndex], index: controllerIndex)
                pages += 1
            }
            if chain.contains("UITableViewCell") || chain.contains("UICollectionViewCell"), let parent {
                let position = cellPositions[parent, default: 0]
                cellPositions[parent] = position + 1
                fields["indexPath"] = .array([.int(0), .int(position)])
                cells += 1
            }
            var frame = properties.frameRead
            if frame == nil { frame = try rect(Self.value(properties.frame), index: index) }
            let row: Int
            if vendor == .sensors {
                row = tree.add(fields, parent: parent, windowFrame: frame, written: written)
            } else {
                row = tree.add(fields, parent: parent, frame: frame, written: written)
            }
            rowOfObject[index] = row
            if parent == nil || (screen == nil && tree[0].fields["class"] == .string("UIApplication")) {
                if let frame { screen = (frame.width, frame.height) }
            }
            for child in children.reversed() { stack.append((child, row, nil)) }
        }
        if tree.isEmpty {
            throw InputError(
                file: file, jsonPath: path + ".rootObject", expected: "a root object with views under it",
                found: "no UIView among the objects reached from it")
        }
    }

    private func property(_ object: JSONValue, _ name: String) -> JSONValue? {
        Self.property(object, name)
    }

    static func property(_ object: JSONValue, _ name: String) -> JSONValue? {
        value(object["properties"]?[name])
    }

    /// The ids of an object's children: `subelements`, else an application's windows, else a view's subviews.
    private func childIDs(_ properties: CodelessIOSProperties, chain: [String]) -> [String] {
        func ids(_ value: JSONValue?) -> [String]? {
            guard let value = Self.value(value), !value.isNull else { return nil }
            if let items = value.arrayValue { return items.filter { !$0.isNull }.map(\.plainText) }
            return [value.plainText]
        }
        if let elements = ids(properties.subelements) { return elements }
        if chain.contains("UIApplication") {
            return ids(properties.windows) ?? ids(properties.keyWindow) ?? []
        }
        if chain.contains("UIView") { return properties.subviewIDs ?? ids(properties.subviews) ?? [] }
        if chain.contains("UIViewController") { return ids(properties.view) ?? [] }
        return []
    }

    /// The `superclasses` of the views of a class list read in place, made once per list: one value shared by its
    /// views, which the snapshot table then reads once.
    private mutating func superclassesOfList(_ list: Int, chain: [String]) -> JSONValue {
        if let made = superclassesByList[list] { return made }
        let made = JSONValue.array(chain.dropFirst().map { .string($0) })
        superclassesByList[list] = made
        return made
    }

    /// A view's fields (`superclasses` given, or made from the chain); `properties` among them unless it is written
    /// already.
    private func viewFields(
        id: JSONValue?, _ read: CodelessIOSProperties, chain: [String], superclasses: JSONValue?,
        propertiesWritten: Bool
    ) -> JSONObject {
        var fields = JSONObject()
        fields.reserveCapacity(16)
        fields["class"] = .string(chain.first ?? "UIView")
        fields["superclasses"] = superclasses ?? .array(chain.dropFirst().map { .string($0) })
        if let id { fields["id"] = .string(id.plainText) }
        if chain.contains("UIWindow"), let root = Self.value(read.rootViewController)?.plainText,
            let view = links.viewID(ofController: root)
        {
            fields["rootViewController"] = .string(view)
        }
        if Self.value(read.hidden) == .bool(true) { fields["hidden"] = .bool(true) }
        if let alpha = Self.value(read.alpha)?.doubleValue, alpha.isFinite {
            fields["alpha"] = .double(min(1, max(0, alpha)))
        }
        let isButton = chain.contains("UIButton")
        let content = Self.value(read.elementContent)?.stringValue
        if let text = Self.value(read.text)?.stringValue ?? (isButton ? nil : content), !text.isEmpty {
            fields["text"] = .string(text)
        }
        if let title = Self.value(read.titleForState)?.stringValue ?? (isButton ? content : nil), !title.isEmpty {
            fields["title"] = .string(title)
        }
        if let text = Self.value(read.accessibilityIdentifier)?.stringValue, !text.isEmpty {
            fields["accessibilityIdentifier"] = .string(text)
        }
        if let text = Self.value(read.accessibilityLabel)?.stringValue, !text.isEmpty {
            fields["accessibilityLabel"] = .string(text)
        }
        if vendor != .sensors, let offset = point(Self.value(read.contentOffset)), offset != (0, 0) {
            fields["state"] = .object(JSONObject(["contentOffset": .array([.double(offset.x), .double(offset.y)])]))
        }
        if !propertiesWritten { fields["properties"] = .object(read.properties(id: id)) }
        return fields
    }

    private func controllerFields(_ object: JSONValue, chain: [String], index: Int) -> JSONValue {
        var controller = JSONObject()
        controller["class"] = .string(chain.first ?? "UIViewController")
        controller["superclasses"] = .array(chain.dropFirst().map { .string($0) })
        let title = property(object, "title")?.stringValue ?? property(object, "screen_name")?.stringValue
        if let title, !title.isEmpty { controller["title"] = .string(title) }
        if let position = links.childIndex[index] { controller["childIndex"] = .int(position) }
        if let children = links.childClasses[index] {
            controller["properties"] = .object(
                JSONObject(["childViewControllers": .array(children.map { JSONValue.string($0) })]))
        }
        if let presented = links.presentedView[index] { controller["presentedViewController"] = .string(presented) }
        if links.isPresented.contains(index) { controller["presented"] = .bool(true) }
        return .object(controller)
    }

    /// A `{X, Y, Width, Height}` rectangle (CoreGraphics' dictionary form); a missing or null one is no frame. A
    /// member that is missing, not a number, or beyond ±1e9 points is refused by its path, with the value found.
    private func rect(_ value: JSONValue?, index: Int) throws(InputError) -> Rect? {
        guard let value, !value.isNull else { return nil }
        // Spelled out only for a message: a snapshot has a frame per view.
        var place: String { "\(path).objects[\(index)].properties.frame" }
        guard case .object(let members) = value else {
            throw InputError(
                file: file, jsonPath: place,
                expected: "a rectangle {\"X\": …, \"Y\": …, \"Width\": …, \"Height\": …}", found: value.kindDescription)
        }
        func number(_ key: String) throws(InputError) -> Double {
            let member = members[key]
            guard let member, let number = member.doubleValue, number.isFinite, abs(number) <= 1e9 else {
                throw InputError(
                    file: file, jsonPath: place + "." + key, expected: "a number of points within ±1e9",
                    found: member.map { $0.doubleValue != nil ? JSONWriter.compact($0) : $0.kindDescription }
                        ?? "none (the rectangle has \(CodelessImporter.describeKeys(members)))")
            }
            return number
        }
        let (x, y, width, height) = (try number("X"), try number("Y"), try number("Width"), try number("Height"))
        return Rect(x: x, y: y, width: max(0, width), height: max(0, height))
    }

    private func point(_ value: JSONValue?) -> (x: Double, y: Double)? {
        guard let x = value?["X"]?.doubleValue, let y = value?["Y"]?.doubleValue, x.isFinite, y.isFinite else {
            return nil
        }
        return (x, y)
    }
}
