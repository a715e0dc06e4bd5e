import LassoSnapshot

/// Builds the view tree of one activity of an Android codeless snapshot (Mixpanel's ViewCrawler or Sensors' fork).
///
/// Objects come as a flat list, each naming its children by `hashCode` in `subviews`; the tree is walked from
/// `rootObject` with a stack. `classes` is the class chain (qualified names, nearest first); `left`/`top` (plus
/// `translationX`/`translationY`) are pixels in the parent's content, which `scrollX`/`scrollY` shift, so a scrolled
/// parent gets `state.contentOffset`; all are turned into points with the snapshot's `scale`. `visibility` 4 or 8 hides; `mp_id_name`/`sa_id_name` name the resource id.
struct CodelessAndroidTree {
    let file: String
    let path: String
    /// The snapshot's `scale` (160 / the screen's dpi): pixels times it are points (dp), the screenshot's size.
    let scale: Double
    var tree: ImportedTree
    var screen: (width: Double, height: Double)?
    var sawSensorsKeys = false
    var sawMixpanelKeys = false
    private var missing = 0
    private var unvisited = 0
    /// Hash codes that more than one object has, with how many have each, in the order first seen.
    private var sharedHashes: [(hash: String, count: Int)] = []
    /// Views listed as a child of themselves or of a view below them, and views listed under a second parent.
    private var cycles = 0
    private var listedAgain = 0
    private var anonymous = 0
    private var cells = 0
    /// Each class chain met, with what it makes of a view.
    private var chains: [ChainFields?] = []

    init(file: String, path: String, scale: Double, tree: ImportedTree) {
        self.file = file
        self.tree = tree
        self.path = path
        self.scale = scale
    }

    /// Pixels as points, to the hundredth.
    private func points(_ pixels: Double) -> Double { (pixels * scale * 100).rounded() / 100 }

    /// What the snapshot could not tell, for the import's notes.
    var notes: [String] {
        var notes: [String] = []
        if cells > 0 {
            notes.append(
                "list items (children of a RecyclerView, ListView or GridView) got indexPath [0, place among the list's items on screen]: the adapter position is not in the snapshot"
            )
        }
        if missing > 0 {
            notes.append(
                "\(missing) subview\(missing == 1 ? " is" : "s are") listed by hash code but not in the objects (the SDK leaves out views it skips): left out"
            )
        }
        if let first = sharedHashes.first {
            let others = sharedHashes.count - 1
            notes.append(
                "\(first.count) objects have the hashCode \(first.hash)\(others > 0 ? " (and \(others) other hash code\(others == 1 ? " is" : "s are") shared too)" : ""): subviews name views by hash code, so each listing of a shared one takes the next object that has it"
            )
        }
        if cycles > 0 {
            notes.append(
                "\(cycles) view\(cycles == 1 ? " lists" : "s list") itself or a view above it as a subview (a cycle): each view is kept once, where it first came"
            )
        }
        if listedAgain > 0 {
            notes.append(
                "\(listedAgain) view\(listedAgain == 1 ? " is" : "s are") listed as a subview of more than one view: kept under the first"
            )
        }
        if unvisited > 0 {
            notes.append("\(unvisited) object\(unvisited == 1 ? " is" : "s are") not under the root object: left out")
        }
        if anonymous > 0 {
            notes.append(
                "\(anonymous) view\(anonymous == 1 ? " has" : "s have") an anonymous class (no canonical name): named by the nearest named superclass"
            )
        }
        return notes
    }

    /// Builds the tree of `activity`, whose objects `reader` read (in place, or as parsed values).
    mutating func build(_ activity: JSONValue, objects reader: AndroidObjectsReader) throws(InputError) {
        guard let serialized = activity["serialized_objects"], let objects = reader.objects(serialized["objects"])
        else {
            throw InputError(
                file: file, jsonPath: path + ".serialized_objects.objects", expected: "an array of view objects",
                found: activity["serialized_objects"]?["objects"]?.kindDescription ?? "none")
        }
        for index in objects.indices {
            if let kind = objects[index].notAnObject {
                throw InputError(
                    file: file, jsonPath: "\(path).serialized_objects.objects[\(index)]", expected: "a view object",
                    found: kind)
            }
        }
        guard !objects.isEmpty else {
            throw InputError(
                file: file, jsonPath: path + ".serialized_objects.objects", expected: "at least one view",
                found: "an empty array")
        }
        // The objects of each hash code, in order: the first in `first`, each one's next in `nextSame` (-1 at the end).
        var first: [AndroidHashKey: Int32] = [:]
        first.reserveCapacity(objects.count)
        var nextSame = [Int32](repeating: -1, count: objects.count)
        for index in objects.indices.reversed() {
            guard let hash = objects[index].hash else { continue }
            if let later = first.updateValue(Int32(index), forKey: hash) { nextSame[index] = later }
        }
        for index in objects.indices {
            guard let hash = objects[index].hash, nextSame[index] >= 0, first[hash] == Int32(index) else { continue }
            var count = 0
            var node = Int32(index)
            while node >= 0 {
                count += 1
                node = nextSame[Int(node)]
            }
            sharedHashes.append((hash.text, count))
        }
        var used = [Bool](repeating: false, count: objects.count)
        // For each hash code's first object, where to look for the next one not taken (-2: at that first object).
        var cursor = [Int32](repeating: -2, count: objects.count)
        /// The next object not yet taken that has `hash`; nil when none has it, or all that have it are taken.
        func take(_ hash: AndroidHashKey) -> Int? {
            guard let head = first[hash].map(Int.init) else { return nil }
            var node = cursor[head] == -2 ? Int32(head) : cursor[head]
            while node >= 0, used[Int(node)] { node = nextSame[Int(node)] }
            cursor[head] = node >= 0 ? nextSame[Int(node)] : -1
            return node >= 0 ? Int(node) : nil
        }
        // The row each object became, to tell a cycle from a second parent.
        var rowOfObject = [Int](repeating: -1, count: objects.count)
        let rootHash = serialized["rootObject"].map { AndroidHashKey($0.plainText) }
        let root = rootHash.flatMap(take) ?? 0
        used[root] = true
        let activityName = activity["activity"]?.stringValue
        // Objects to add, with the row of their parent; the last is added next, so children go in reversed.
        var stack: [(object: Int, parent: Int?)] = [(root, nil)]
        var isList: [Bool] = []
        var listPositions: [Int: Int] = [:]
        var children: [Int] = []
        while let (object, parent) = stack.popLast() {
            let made = try fields(objects[object], at: object, lists: reader.classLists)
            var view = made.fields
            // `properties`, already written, comes after the fields made so far.
            let properties = ImportedTree.WrittenMember(
                key: "properties", json: objects[object].properties, position: view.count)
            if let parent, isList[parent] {
                let position = listPositions[parent, default: 0]
                listPositions[parent] = position + 1
                view["indexPath"] = .array([.int(0), .int(position)])
                cells += 1
            }
            if parent == nil, let activityName {
                view["viewController"] = .object(
                    JSONObject([
                        "class": .string(ActivityName.simple(activityName)),
                        "properties": .object(JSONObject(["activity": .string(activityName)])),
                    ]))
            }
            let row = tree.add(view, parent: parent, frame: made.frame, written: properties)
            rowOfObject[object] = row
            if parent == nil, let frame = made.frame { screen = (frame.width, frame.height) }
            isList.append(made.isList)
            children.removeAll(keepingCapacity: true)
            for hash in objects[object].subviews {
                if let child = take(hash) {
                    used[child] = true
                    children.append(child)
                } else if var node = first[hash] {
                    // Every object of that hash code is taken already: listed again, or a cycle. (A hash code
                    // thousands of objects share is looked at in its first few, so hostile input stays linear.)
                    var isCycle = false
                    var looked = 0
                    while node >= 0, looked < 16, !isCycle {
                        let taken = rowOfObject[Int(node)]
                        isCycle = taken >= 0 && tree.isSelfOrAncestor(taken, of: row)
                        node = nextSame[Int(node)]
                        looked += 1
                    }
                    if isCycle {
                        cycles += 1
                    } else {
                        listedAgain += 1
                    }
                } else {
                    missing += 1
                }
            }
            for child in children.reversed() { stack.append((child, row)) }
        }
        unvisited = used.lazy.filter { !$0 }.count
    }

    /// One object's fields (all but `properties`, written already), frame, and whether its children are list items.
    private mutating func fields(_ object: AndroidViewObject, at index: Int, lists: ClassListTable)
        throws(InputError)
        -> (fields: JSONObject, frame: Rect?, isList: Bool)
    {
        if object.sensorsKeys { sawSensorsKeys = true }
        if object.mixpanelKeys { sawMixpanelKeys = true }
        if lists[object.classList].anonymous { anonymous += 1 }
        let chain = chainFields(object.classList, lists: lists)
        var fields: [JSONObject.Member] = [
            JSONObject.Member(key: "class", value: chain.simple),
            JSONObject.Member(key: "superclasses", value: chain.superclasses),
        ]
        fields.reserveCapacity(12)
        if object.hidden { fields.append(JSONObject.Member(key: "hidden", value: .bool(true))) }
        if let text = object.text {
            fields.append(JSONObject.Member(key: "text", value: .string(text)))
            if chain.isButton { fields.append(JSONObject.Member(key: "title", value: .string(text))) }
        }
        if let identifier = object.identifier {
            fields.append(JSONObject.Member(key: "accessibilityIdentifier", value: .string(identifier)))
        }
        if let label = object.label {
            fields.append(JSONObject.Member(key: "accessibilityLabel", value: .string(label)))
        }
        if object.clickable {
            fields.append(JSONObject.Member(key: "gestures", value: .array([.string("UITapGestureRecognizer")])))
        }
        let scrollX = try number(object.scrollX, "scrollX", index) ?? 0
        let scrollY = try number(object.scrollY, "scrollY", index) ?? 0
        if scrollX != 0 || scrollY != 0 {
            fields.append(
                JSONObject.Member(
                    key: "state",
                    value: .object(
                        JSONObject(["contentOffset": .array([.double(points(scrollX)), .double(points(scrollY))])]))))
        }
        var frame: Rect?
        if let left = try number(object.left, "left", index), let top = try number(object.top, "top", index),
            let width = try number(object.width, "width", index),
            let height = try number(object.height, "height", index)
        {
            frame = Rect(
                x: points(left + (try number(object.translationX, "translationX", index) ?? 0)),
                y: points(top + (try number(object.translationY, "translationY", index) ?? 0)),
                width: points(max(0, width)), height: points(max(0, height)))
        }
        return (JSONObject(fields), frame, chain.isList)
    }

    /// What a class chain (qualified names, nearest first) makes of a view: its class, its `superclasses` (the rest of
    /// the Android chain and the UIKit classes it stands for), whether it is a button and whether its children are list
    /// items. Worked out once per chain: a screen has few.
    private mutating func chainFields(_ list: Int, lists: ClassListTable) -> ChainFields {
        if list < chains.count, let known = chains[list] { return known }
        let qualified = lists[list].qualified
        let chain = qualified.map { AndroidWidgets.simpleName($0) }.filter { $0 != "Object" }
        let simple = chain.first ?? "View"
        var androidChain = Array(chain.dropFirst())
        if androidChain.isEmpty { androidChain = AndroidWidgets.androidChain(of: simple) }
        let equivalent =
            ([simple] + androidChain).lazy.compactMap { AndroidWidgets.equivalents[$0] }.first ?? UIKitChains.view
        let fields = ChainFields(
            simple: .string(simple), superclasses: .array((androidChain + equivalent).map { .string($0) }),
            isButton: equivalent.contains("UIButton"), isList: AndroidWidgets.isList(androidChain, simple: simple))
        while chains.count <= list { chains.append(nil) }
        chains[list] = fields
        return fields
    }

    /// A number member, nil when missing or null; anything else that is not a finite number is refused.
    private func number(_ value: AndroidViewObject.Pixels, _ key: String, _ index: Int) throws(InputError) -> Double? {
        switch value {
        case .absent: return nil
        case .value(let number): return number
        case .refused(let found):
            throw InputError(
                file: file, jsonPath: "\(path).serialized_objects.objects[\(index)].\(key)",
                expected: "a number of pixels", found: found)
        }
    }
}

/// What a class chain makes of a view (`CodelessAndroidTree.chainFields`).
private struct ChainFields {
    var simple: JSONValue
    var superclasses: JSONValue
    var isButton: Bool
    var isList: Bool
}
