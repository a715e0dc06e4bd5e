import LassoSnapshot

/// Builds the snapshot that loading an imported tree's document would give, straight from the tree's fields, so that
/// opening a dump writes no JSON document to parse again.
///
/// It takes the fields in the shapes the loader accepts; a field in any other shape (which the loader would refuse or
/// read the slow way: `actions` as objects, a `class` that is not a name) stops it, and the caller loads the document
/// instead, so that such a dump is refused or read exactly as before. Texts are kept as plain UTF-8 and JSON values
/// (`properties`, `state`, unknown members) as compact JSON, after one another in the bytes the table points into.
struct ImportedTreeTable {
    private var records: [ViewRecord] = []
    private var store: [UInt8] = []
    private var names = NameNumbers()
    private var controllers: [ViewControllerInfo] = []
    private var extras: [ExtraField] = []
    /// The list number of each array already read, by where its elements are: an importer shares one `superclasses`
    /// value among the views of a class (`ChainCache`), and the tree holds every value while the table is built, so
    /// an address stands for one array throughout.
    private var listsByStorage: [Int: Int32] = [:]

    /// The last child added of each view so far, to link its next sibling to.
    private var lastChild: [Int32] = []

    init(expectedViews: Int = 0) {
        records.reserveCapacity(expectedViews)
        lastChild.reserveCapacity(expectedViews)
        store.reserveCapacity(expectedViews * 64)
    }

    /// The snapshot of `tree` under the top-level members of `head` (the document's start up to `"root": `), or nil when
    /// a field is one to leave to the loader.
    static func snapshot(of tree: ImportedTree, head: [UInt8], file: String) throws(InputError) -> Snapshot? {
        guard !tree.isEmpty else { return nil }
        var table = ImportedTreeTable(expectedViews: tree.count)
        for row in 0..<tree.count {
            let view = tree[row]
            guard table.add(view.fields, written: view.written, frame: view.frame, parent: view.parent) else {
                return nil
            }
        }
        return try table.snapshot(head: head, file: file)
    }

    /// Adds the next view in pre-order, under the view at row `parent` (-1 for the root); false when a field is one to
    /// leave to the loader.
    mutating func add(
        _ fields: JSONObject, written: ImportedTree.WrittenMember? = nil, frame: Rect?, parent: Int
    ) -> Bool {
        let row = records.count
        var record = ViewRecord()
        record.subtreeEnd = Int32(row + 1)
        lastChild.append(-1)
        if parent >= 0 {
            record.parent = Int32(parent)
            record.depth = records[parent].depth + 1
            record.ordinal = records[parent].childCount
            records[parent].childCount += 1
            if lastChild[parent] >= 0 { records[Int(lastChild[parent])].nextSibling = Int32(row) }
            lastChild[parent] = Int32(row)
        }
        record.extrasStart = Int32(extras.count)
        guard read(fields, into: &record), record.classID >= 0 else { return false }
        if let written {
            guard read(written, into: &record) else { return false }
        }
        if let frame {
            guard setFrame(frame, of: &record) else { return false }
        }
        records.append(record)
        return true
    }

    /// Gives the view at `row` the frame an importer set after adding it (written as the view's last member); false
    /// when it is one to leave to the loader.
    mutating func setFrame(_ frame: Rect, row: Int) -> Bool {
        setFrame(frame, of: &records[row])
    }

    private func setFrame(_ frame: Rect, of record: inout ViewRecord) -> Bool {
        guard let numbers = Self.written(frame) else { return false }
        record.frame = numbers
        record.hasFrame = true
        return true
    }

    /// The snapshot of the views added (at least one), under the top-level members of `head`.
    consuming func snapshot(head: [UInt8], file: String) throws(InputError) -> Snapshot {
        for row in records.indices.reversed() where records[row].parent >= 0 {
            let up = Int(records[row].parent)
            records[up].subtreeEnd = max(records[up].subtreeEnd, records[row].subtreeEnd)
        }
        let top = try TopLevelFields.appending(documentHead: head, to: &store, file: file)
        let views = ViewTable(
            records: records, strings: names.strings, lists: names.lists, controllers: controllers, extras: extras)
        return Snapshot(file: file, bytes: store, views: views, top: top)
    }

    /// Reads a view's fields into `record` as the loader reads them; false at the first one to leave to the loader.
    private mutating func read(_ fields: JSONObject, into record: inout ViewRecord) -> Bool {
        for member in fields.members {
            let value = member.value
            switch member.key {
            case "children": continue
            case "class":
                guard case .string(let name) = value, !name.isEmpty else { return false }
                record.classID = names.className(name)
            case "superclasses":
                guard let id = list(value) else { return false }
                record.superclassesID = id
            case "gestures":
                guard let id = list(value) else { return false }
                record.gesturesID = id
            case "actions":
                guard let id = list(value) else { return false }
                record.actionsID = id
            case "text":
                guard let text = text(value) else { return false }
                record.text = text
            case "title":
                guard let text = text(value) else { return false }
                record.title = text
            case "accessibilityIdentifier":
                guard let text = text(value) else { return false }
                record.accessibilityIdentifier = text
            case "accessibilityLabel":
                guard let text = text(value) else { return false }
                record.accessibilityLabel = text
            case "imageName":
                guard let text = text(value) else { return false }
                record.imageName = text
            case "viewPath":
                guard let text = text(value) else { return false }
                record.sdkViewPath = text
            case "hidden":
                switch value {
                case .bool(let flag): record.hidden = flag
                case .null: record.hidden = false
                default: return false
                }
            case "alpha":
                if value.isNull { continue }
                guard let alpha = Self.number(value), alpha >= 0, alpha <= 1 else { return false }
                record.alpha = Float(alpha)
            case "frame":
                if value.isNull { continue }
                guard let numbers = Self.numbers(value, count: 4) else { return false }
                record.frame = (numbers[0], numbers[1], numbers[2], numbers[3])
                record.hasFrame = true
            case "indexPath":
                if value.isNull { continue }
                guard let pair = Self.numbers(value, count: 2),
                    pair.allSatisfy({ $0 >= 0 && $0 == $0.rounded() && $0 < 2_147_483_647 })
                else { return false }
                record.section = Int32(pair[0])
                record.row = Int32(pair[1])
            case "state":
                guard let json = object(value) else { return false }
                record.state = json
            case "properties":
                guard let json = object(value) else { return false }
                record.properties = json
            case "viewController":
                if value.isNull { continue }
                guard let controller = controller(value) else { return false }
                record.controller = Int32(controllers.count)
                controllers.append(controller)
            default:
                guard Self.isAccepted(member.key, value) else { return false }
                extras.append(ExtraField(key: member.key, value: json(value)))
                record.extrasCount += 1
            }
        }
        return true
    }

    /// Reads a member an importer wrote as compact JSON: `properties` or `state` (an object: the importer wrote it), kept
    /// as its bytes; false for any other, which is left to the loader.
    private mutating func read(_ member: ImportedTree.WrittenMember, into record: inout ViewRecord) -> Bool {
        guard member.key == "properties" || member.key == "state" else { return false }
        let start = UInt32(truncatingIfNeeded: store.count)
        store.append(contentsOf: member.json)
        let bytes = ByteRef(start: start, end: UInt32(truncatingIfNeeded: store.count), escaped: false)
        if member.key == "properties" {
            record.properties = bytes
        } else {
            record.state = bytes
        }
        return true
    }

    /// A `viewController` object as the loader reads it, or nil to leave it to the loader.
    private mutating func controller(_ value: JSONValue) -> ViewControllerInfo? {
        guard case .object(let members) = value else { return nil }
        var info = ViewControllerInfo(
            className: "", superclasses: [], title: nil, alias: nil, properties: .absent, extras: [])
        var sawClass = false
        for member in members.members {
            let value = member.value
            switch member.key {
            case "class":
                guard case .string(let name) = value, !name.isEmpty else { return nil }
                info.className = name
                sawClass = true
            case "superclasses":
                guard let id = list(value) else { return nil }
                if id >= 0 { info.superclasses = names.lists[Int(id)] }
            case "title":
                guard let title = Self.optionalString(value) else { return nil }
                info.title = title
            case "alias":
                guard let alias = Self.optionalString(value) else { return nil }
                info.alias = alias
            case "properties":
                guard let json = object(value) else { return nil }
                info.properties = json
            default:
                guard Self.isAccepted(member.key, value) else { return nil }
                info.extras.append(ExtraField(key: member.key, value: json(value)))
            }
        }
        return sawClass ? info : nil
    }

    // MARK: Values

    /// A list of names as the loader numbers it (-1 for null), or nil when it is not an array of strings.
    private mutating func list(_ value: JSONValue) -> Int32? {
        switch value {
        case .null: return -1
        case .array(let items):
            let storage = items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            if storage != 0, let known = listsByStorage[storage] { return known }
            guard let id = newList(items) else { return nil }
            if storage != 0 { listsByStorage[storage] = id }
            return id
        default: return nil
        }
    }

    /// The list number of an array not read before, or nil when it is not an array of strings.
    private mutating func newList(_ items: [JSONValue]) -> Int32? {
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard case .string(let name) = item else { return nil }
            strings.append(name)
        }
        return names.list(strings)
    }

    /// A string kept as plain UTF-8 (absent for null), or nil when it is not a string.
    private mutating func text(_ value: JSONValue) -> ByteRef? {
        switch value {
        case .null: return .absent
        case .string(let text):
            let start = UInt32(truncatingIfNeeded: store.count)
            store.append(contentsOf: text.utf8)
            return ByteRef(start: start, end: UInt32(truncatingIfNeeded: store.count), escaped: false)
        default: return nil
        }
    }

    /// An object kept as compact JSON (absent for null), or nil when it is not an object.
    private mutating func object(_ value: JSONValue) -> ByteRef? {
        switch value {
        case .null: return .absent
        case .object: return json(value)
        default: return nil
        }
    }

    /// Any value kept as compact JSON.
    private mutating func json(_ value: JSONValue) -> ByteRef {
        let start = UInt32(truncatingIfNeeded: store.count)
        JSONArrayWriter.write(value, into: &store)
        return ByteRef(start: start, end: UInt32(truncatingIfNeeded: store.count), escaped: false)
    }

    /// A string or null (`.some(nil)`), or nil for anything else.
    private static func optionalString(_ value: JSONValue) -> String?? {
        switch value {
        case .null: return .some(nil)
        case .string(let text): return .some(text)
        default: return nil
        }
    }

    /// A number as the loader reads its text, or nil when it is not a number a double can hold.
    static func number(_ value: JSONValue) -> Double? {
        guard case .number(var text) = value else { return nil }
        return text.withUTF8 { bytes -> Double? in
            var scanner = ByteScanner(bytes)
            guard let range = try? scanner.scanNumber(), scanner.atEnd else { return nil }
            let number = scanner.double(range)
            return number.isFinite ? number : nil
        }
    }

    /// A frame's numbers as the loader reads them from the document they are written into (a whole number as an
    /// integer, so minus zero is zero), or nil when one is not finite (written as null, which the loader refuses).
    private static func written(_ frame: Rect) -> (Double, Double, Double, Double)? {
        func number(_ value: Double) -> Double? {
            guard value.isFinite else { return nil }
            return value == value.rounded() && abs(value) < 1e15 ? Double(Int64(value)) : value
        }
        guard let x = number(frame.x), let y = number(frame.y), let width = number(frame.width),
            let height = number(frame.height)
        else { return nil }
        return (x, y, width, height)
    }

    /// An array of exactly `count` numbers, or nil.
    private static func numbers(_ value: JSONValue, count: Int) -> [Double]? {
        guard case .array(let items) = value, items.count == count else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for item in items {
            guard let number = number(item) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Whether an unknown member is in a shape the loader keeps: the SDK members it checks (`checkedSDKField`) in
    /// theirs, any other member whatever its value.
    private static func isAccepted(_ key: String, _ value: JSONValue) -> Bool {
        switch key {
        case "childIndex", "section":
            if value.isNull { return true }
            guard let number = number(value) else { return false }
            return number >= 0 && number == number.rounded() && number < 2_147_483_647
        case "presented":
            if case .bool = value { return true }
            return value.isNull
        case "role":
            if value.isNull { return true }
            return value == .string("sectionHeader") || value == .string("sectionFooter")
        case "id", "ivar", "rootViewController", "presentedViewController":
            if case .string = value { return true }
            return value.isNull
        default:
            return true
        }
    }
}
