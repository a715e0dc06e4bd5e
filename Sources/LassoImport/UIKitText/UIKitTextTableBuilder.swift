import LassoSnapshot

/// Builds a snapshot's view table straight from a `recursiveDescription` dump, in the same pass that finds the dump's
/// tree, so that opening a dump writes no JSON document to parse again.
///
/// What it builds is what loading the document `UIKitTextDocument` writes gives, view for view (the tests and the
/// `uikit` fuzz target compare the two). Its bytes hold only what the table points at: texts as plain UTF-8, and the
/// values that are JSON (`properties`, `state`, unknown members) as JSON.
struct UIKitTextTableBuilder {
    /// What the builder has made so far, which another thread can hand back.
    struct Parts: Sendable {
        var records: [ViewRecord] = []
        var extras: [ExtraField] = []
        /// The bytes the records point into.
        var store: [UInt8] = []
    }

    let text: UnsafeBufferPointer<UInt8>
    private(set) var parts = Parts()
    private var fields = UIKitViewFields()
    private var scratch: [UInt8] = []
    /// Views that have gesture recognizers, until the lists are numbered.
    private static let hasGestures: Int32 = -2

    init(text: UnsafeBufferPointer<UInt8>, expectedViews: Int) {
        self.text = text
        parts.records.reserveCapacity(expectedViews)
        // Texts, properties and addresses take about a third of a dump's bytes: room for half is reserved, which costs
        // nothing until written and spares copying the bytes while they grow.
        parts.store.reserveCapacity(text.count / 2 + 4096)
    }

    /// Goes on with what another builder of the same text made.
    init(text: UnsafeBufferPointer<UInt8>, parts: Parts) {
        self.text = text
        self.parts = parts
    }

    /// Adds the view the tree has just taken: its own fields (from its address, members and usable frame); its links
    /// and names come in `finish`.
    mutating func add(
        address: Range<Int>?, members: some RandomAccessCollection<DebugLine.Member>, frame: Rect?, isSlider: Bool,
        chainID: Int32
    ) {
        fields.sort(members, in: text)
        var record = ViewRecord()
        record.classID = chainID
        record.hidden = fields.isHidden(in: text)
        if let alpha = fields.alphaValue(in: text) { record.alpha = Float(Self.asRead(alpha)) }
        if let shown = fields.shownText(in: text) { record.text = appendText(shown) }
        if let name = fields.imageName(in: text) { record.imageName = append(name) }
        if fields.gestures { record.gesturesID = Self.hasGestures }
        if let state = fields.state(isSlider: isSlider, in: text) {
            record.state = appendJSON(bound: 96) { state.write(into: &$0) }
        }
        if !fields.properties.isEmpty {
            let (fields, text) = (fields, text)
            record.properties = appendJSON(bound: fields.bound()) { fields.writeProperties(in: text, into: &$0) }
        }
        record.extrasStart = Int32(parts.extras.count)
        if let address {
            let value = appendJSON(bound: 2 * address.count + 8) { [text] in $0.string(text, address) }
            parts.extras.append(ExtraField(key: "address", value: value))
            record.extrasCount = 1
        }
        if let frame {
            record.frame = (
                Self.asRead(frame.x), Self.asRead(frame.y), Self.asRead(frame.width), Self.asRead(frame.height)
            )
            record.hasFrame = true
        }
        parts.records.append(record)
    }

    /// The snapshot: the tree's links, the class names and lists numbered in the order the views use them, the
    /// controllers, rows and titles the whole dump was needed for, and the top-level members of `head` (the document's
    /// start up to `"root": `).
    mutating func finish(tree: UIKitTextTree, head: [UInt8], file: String) throws(InputError) -> Snapshot {
        let shift = tree.multipleRoots ? 1 : 0
        if tree.multipleRoots {
            var application = ViewRecord()
            application.classID = -1
            parts.records.insert(application, at: 0)
        }
        link(tree.entries, shift: shift)
        var names = NameNumbers()
        var table = ViewTable()
        var chainClass = [Int32](repeating: -1, count: tree.classes.chains.count)
        var chainList = [Int32](repeating: -1, count: tree.classes.chains.count)
        var gestures: Int32 = -1
        for row in parts.records.indices {
            let chainID = parts.records[row].classID
            if chainID < 0 {
                parts.records[row].classID = names.className("UIApplication")
                parts.records[row].superclassesID = names.list(UIKitChains.responder)
                continue
            }
            let chain = tree.classes.chains[Int(chainID)]
            if chainClass[Int(chainID)] < 0 {
                chainClass[Int(chainID)] = names.className(chain.className)
                if !chain.superclasses.isEmpty { chainList[Int(chainID)] = names.list(chain.superclasses) }
            }
            parts.records[row].classID = chainClass[Int(chainID)]
            parts.records[row].superclassesID = chainList[Int(chainID)]
            if parts.records[row].gesturesID == Self.hasGestures {
                if gestures < 0 { gestures = names.list(["UIGestureRecognizer"]) }
                parts.records[row].gesturesID = gestures
            }
            let entry = Int32(row - shift)
            if let controller = tree.controllers[entry] {
                parts.records[row].controller = Int32(table.controllers.count)
                table.controllers.append(info(of: controller, names: &names))
            }
            let cellRow = tree.cellRows[Int(entry)]
            if cellRow >= 0 {
                parts.records[row].section = 0
                parts.records[row].row = cellRow
            }
            if let title = tree.titles[entry] { parts.records[row].title = appendText(title) }
        }
        // The top-level members come from the document's head, read as the loader reads it, after the other bytes.
        let top = try TopLevelFields.appending(documentHead: head, to: &parts.store, file: file)
        table.records = parts.records
        table.strings = names.strings
        table.lists = names.lists
        table.extras = parts.extras
        return Snapshot(file: file, bytes: parts.store, views: table, top: top)
    }

    /// Sets each record's superview, depth, place among its siblings, next sibling and subtree's end.
    private mutating func link(_ entries: [UIKitTextTree.Entry], shift: Int) {
        var lastChild = [Int32](repeating: -1, count: parts.records.count)
        for row in parts.records.indices {
            var parent: Int32 = -1
            if row >= shift {
                let entryParent = entries[row - shift].parent
                parent = entryParent >= 0 ? entryParent + Int32(shift) : (shift > 0 ? 0 : -1)
            }
            parts.records[row].subtreeEnd = Int32(row + 1)
            guard parent >= 0 else { continue }
            let up = Int(parent)
            parts.records[row].parent = parent
            parts.records[row].depth = parts.records[up].depth + 1
            parts.records[row].ordinal = parts.records[up].childCount
            parts.records[up].childCount += 1
            if lastChild[up] >= 0 { parts.records[Int(lastChild[up])].nextSibling = Int32(row) }
            lastChild[up] = Int32(row)
        }
        for row in parts.records.indices.reversed() where parts.records[row].parent >= 0 {
            let up = Int(parts.records[row].parent)
            parts.records[up].subtreeEnd = max(parts.records[up].subtreeEnd, parts.records[row].subtreeEnd)
        }
    }

    /// The controller as the loader reads its `viewController` object.
    private mutating func info(of controller: AttachedController, names: inout NameNumbers) -> ViewControllerInfo {
        if !controller.superclasses.isEmpty {
            _ = names.list(controller.superclasses)
        }
        let extras = controller.extras.map { member in
            let start = UInt32(parts.store.count)
            JSONArrayWriter.write(member.value, into: &parts.store)
            return ExtraField(
                key: member.key, value: ByteRef(start: start, end: UInt32(parts.store.count), escaped: false))
        }
        return ViewControllerInfo(
            className: controller.className, superclasses: controller.superclasses, title: nil, alias: nil,
            properties: .absent, extras: extras)
    }

    /// Keeps the bytes of `range` of `source` as they are, and says where.
    private mutating func append(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ByteRef {
        let start = UInt32(truncatingIfNeeded: parts.store.count)
        parts.store.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
        return ByteRef(start: start, end: UInt32(truncatingIfNeeded: parts.store.count), escaped: false)
    }

    /// Keeps a text of the dump with its escapes decoded (`UIKitTextEscapes`), and says where.
    private mutating func appendText(_ range: Range<Int>) -> ByteRef {
        guard let decoded = UIKitTextEscapes.decoded(text, range) else { return append(text, range) }
        let start = UInt32(truncatingIfNeeded: parts.store.count)
        parts.store.append(contentsOf: decoded)
        return ByteRef(start: start, end: UInt32(truncatingIfNeeded: parts.store.count), escaped: false)
    }

    private mutating func append(_ string: String) -> ByteRef {
        let start = UInt32(truncatingIfNeeded: parts.store.count)
        parts.store.append(contentsOf: string.utf8)
        return ByteRef(start: start, end: UInt32(truncatingIfNeeded: parts.store.count), escaped: false)
    }

    /// Writes a JSON value of at most `bound` bytes after the others, and says where.
    private mutating func appendJSON(bound: Int, _ write: (inout JSONMemoryWriter) -> Void) -> ByteRef {
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count, 4096)) }
        let written = scratch.withUnsafeMutableBufferPointer { buffer in
            var out = JSONMemoryWriter(base: buffer.baseAddress!, capacity: buffer.count)
            write(&out)
            return out.count
        }
        let start = UInt32(truncatingIfNeeded: parts.store.count)
        parts.store.append(contentsOf: scratch[0..<written])
        return ByteRef(start: start, end: UInt32(truncatingIfNeeded: parts.store.count), escaped: false)
    }

    /// A number as loading the JSON that `JSONMemoryWriter.number` writes of it gives it back: a whole number below
    /// 1e15 is written without a fraction, so minus zero comes back as zero.
    static func asRead(_ value: Double) -> Double {
        value == value.rounded() && abs(value) < 1e15 ? Double(Int64(value)) : value
    }
}
