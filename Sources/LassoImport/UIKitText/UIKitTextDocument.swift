import LassoSnapshot

/// Writes the `lasso.snapshot/1` document of a `recursiveDescription` dump straight into bytes, reading each view's
/// description a second time: the nesting from the tree's superview links, one view a line, fields in a fixed order.
struct UIKitTextDocument {
    let tree: UIKitTextTree
    private var members: [DebugLine.Member] = []
    /// The members of the view being written, sorted into fields and properties.
    private var fields = UIKitViewFields()

    init(tree: UIKitTextTree) {
        self.tree = tree
        members.reserveCapacity(32)
    }

    /// The document: `head` (the top-level members, up to `"root": `), the tree, and the closing brace.
    ///
    /// It is written into an array of `capacity` bytes, which costs nothing until written; in the rare case that the
    /// document needs more, it is written again into twice the room.
    mutating func write(head: [UInt8], capacity: Int) -> [UInt8] {
        var capacity = max(capacity, head.count + 4096)
        while true {
            var complete = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var out = JSONMemoryWriter(base: buffer.baseAddress!, capacity: buffer.count)
                complete = writeAll(head: head, into: &out)
                initialized = complete ? out.count : 0
            }
            if complete { return bytes }
            capacity *= 2
        }
    }

    /// Writes the whole document; false when it does not fit.
    private mutating func writeAll(head: [UInt8], into out: inout JSONMemoryWriter) -> Bool {
        out.raw(head)
        let entries = tree.entries
        let shift = tree.multipleRoots ? 1 : 0
        // Open views whose children are being written, innermost last (-1 for the UIApplication root).
        var open: [Int32] = []
        if tree.multipleRoots {
            out.raw("{\"class\":\"UIApplication\",\"superclasses\":[\"UIResponder\",\"NSObject\"],\"children\":[")
            open.append(-1)
        }
        for index in entries.indices {
            let entry = entries[index]
            var closing = 0
            while closing < open.count, open[open.count - 1 - closing] != entry.parent { closing += 1 }
            // What this view can take: its description's bytes at most 8 times over, its own fields' names and
            // indentation, the closing brackets before it, its controller and its title.
            var bound = 8 * Int(entry.end - entry.start) + 2 * closing + 1024
            if let controller = tree.controllers[Int32(index)] { bound += controller.json.count + 20 }
            if let title = tree.titles[Int32(index)] { bound += 6 * title.count + 12 }
            guard out.fits(bound) else { return false }
            for _ in 0..<closing {
                out.raw("]}")
                open.removeLast()
            }
            if index > 0 || shift > 0 {
                let previousParent = index > 0 ? entries[index - 1].parent : -2
                if closing > 0 || previousParent == entry.parent { out.byte(UInt8(ascii: ",")) }
                out.byte(UInt8(ascii: "\n"))
                for _ in 0..<(1 + min(open.count, 40)) { out.raw("  ") }
            }
            out.byte(UInt8(ascii: "{"))
            writeFields(of: Int32(index), entry, into: &out)
            if index + 1 < entries.count, entries[index + 1].parent == Int32(index) {
                out.raw(",\"children\":[")
                open.append(Int32(index))
            } else {
                out.byte(UInt8(ascii: "}"))
            }
        }
        guard out.fits(2 * open.count + 3) else { return false }
        for _ in open { out.raw("]}") }
        out.raw("\n}\n")
        return true
    }

    private mutating func writeFields(of index: Int32, _ entry: UIKitTextTree.Entry, into out: inout JSONMemoryWriter) {
        let text = tree.text
        guard case .view(let view) = DebugLine.parse(text, Int(entry.start)..<Int(entry.end), members: &members) else {
            return
        }
        let chain = tree.classes.chains[Int(entry.chain)]
        out.key("class")
        out.string(text, view.className)
        if !chain.superclassesJSON.isEmpty {
            out.raw(",\"superclasses\":")
            out.raw(chain.superclassesJSON)
        }
        fields.sort(members, in: text)
        if fields.isHidden(in: text) { out.raw(",\"hidden\":true") }
        if let alpha = fields.alphaValue(in: text) {
            out.raw(",\"alpha\":")
            out.number(alpha)
        }
        if let shown = fields.shownText(in: text) {
            out.raw(",\"text\":")
            Self.writeText(text, shown, into: &out)
        }
        if let name = fields.imageName(in: text) {
            out.raw(",\"imageName\":")
            out.string(name)
        }
        if fields.gestures { out.raw(",\"gestures\":[\"UIGestureRecognizer\"]") }
        if let state = fields.state(isSlider: chain.isSlider, in: text) {
            out.raw(",\"state\":")
            state.write(into: &out)
        }
        if !fields.properties.isEmpty {
            out.raw(",\"properties\":")
            fields.writeProperties(in: text, into: &out)
        }
        if let address = view.address {
            out.raw(",\"address\":")
            out.string(text, address)
        }
        if let frame = fields.frame, case .frame(let rect) = UIKitFrame.read(text, frame) {
            out.raw(",\"frame\":[")
            out.number(rect.x)
            out.byte(UInt8(ascii: ","))
            out.number(rect.y)
            out.byte(UInt8(ascii: ","))
            out.number(rect.width)
            out.byte(UInt8(ascii: ","))
            out.number(rect.height)
            out.byte(UInt8(ascii: "]"))
        }
        if let controller = tree.controllers[index] {
            out.raw(",\"viewController\":")
            out.raw(controller.json)
        }
        let row = tree.cellRows[Int(index)]
        if row >= 0 {
            out.raw(",\"indexPath\":[0,")
            out.integer(Int64(row))
            out.byte(UInt8(ascii: "]"))
        }
        if let title = tree.titles[index] {
            out.raw(",\"title\":")
            Self.writeText(text, title, into: &out)
        }
    }

    /// A text of the dump as a JSON string, its escapes decoded (`UIKitTextEscapes`).
    private static func writeText(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout JSONMemoryWriter
    ) {
        guard let decoded = UIKitTextEscapes.decoded(text, range) else { return out.string(text, range) }
        decoded.withUnsafeBufferPointer { out.string($0, 0..<$0.count) }
    }
}
