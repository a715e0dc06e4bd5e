import Dispatch
import Synchronization

/// Writes the `lasso.snapshot/1` document of a `recursiveDescription` dump straight into bytes, reading each view's
/// description a second time: the nesting from the tree's superview links, one view a line, fields in a fixed order.
struct UIKitTextDocument {
    /// Members that become fields (or are dropped) rather than properties.
    static let mappedMembers: [StaticString] = [
        "frame", "text", "hidden", "alpha", "baseClass", "layer", "gestureRecognizers", "contentOffset", "image",
    ]

    /// What writing needs of the tree (`UIKitTextTree.layout`), without the text it points into: the threads that
    /// write the two halves of a document share it.
    struct Layout: Sendable {
        let entries: [UIKitTextTree.Entry]
        let chains: [UIKitClassTable.Chain]
        let controllers: [Int32: [UInt8]]
        let titles: [Int32: Range<Int>]
        let cellRows: [Int32]
        let multipleRoots: Bool
    }

    /// Below this many views a document is written by one thread: starting a second costs more than it saves.
    static let viewsForTwoThreads = 50_000

    let layout: Layout
    let text: UnsafeBufferPointer<UInt8>
    private var members: [DebugLine.Member] = []
    /// The properties of the view being written: where each key and value is (a repeated key keeps its first place).
    private var properties: [DebugLine.Member] = []

    init(layout: Layout, text: UnsafeBufferPointer<UInt8>) {
        self.layout = layout
        self.text = text
        members.reserveCapacity(32)
        properties.reserveCapacity(32)
    }

    /// The document of the dump in `text` from `start` on: `head` (the top-level members, up to `"root": `), the tree,
    /// and the closing brace.
    ///
    /// A large dump is written in two halves at once, one a core, each into its own array, and the second is appended
    /// to the first: writing is about half of an import's time. The text is shared as an array (which may be read
    /// from several threads); each thread reads it through its own pointer.
    static func write(_ layout: Layout, text: [UInt8], from start: Int, head: [UInt8]) -> [UInt8] {
        let count = layout.entries.count
        let textCount = text.count - start
        guard count >= viewsForTwoThreads else {
            return text.withUnsafeBufferPointer { buffer in
                var document = UIKitTextDocument(layout: layout, text: UnsafeBufferPointer(rebasing: buffer[start...]))
                // The JSON is a little larger than the text: room for twice it is reserved, free until written.
                return document.write(0..<count, head: head, capacity: textCount * 2 + 65_536, isLast: true)
            }
        }
        let middle = count / 2
        let secondText = textCount - Int(layout.entries[middle].start)
        let halves = Mutex<[[UInt8]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let written = text.withUnsafeBufferPointer { buffer in
                var document = UIKitTextDocument(layout: layout, text: UnsafeBufferPointer(rebasing: buffer[start...]))
                // The first half's array has room for the whole document, so that the second is appended in place.
                return half == 0
                    ? document.write(0..<middle, head: head, capacity: textCount * 2 + 65_536, isLast: false)
                    : document.write(middle..<count, head: [], capacity: secondText * 2 + 65_536, isLast: true)
            }
            halves.withLock { $0[half] = written }
        }
        return halves.withLock { halves in
            var document = halves[0]
            halves[0] = []
            document.append(contentsOf: halves[1])
            halves[1] = []
            return document
        }
    }

    /// The views of `range` (with `head` first, and the closing brackets when it `isLast`), written into an array of
    /// `capacity` bytes, which costs nothing until written; in the rare case that they need more, they are written
    /// again into twice the room.
    private mutating func write(_ range: Range<Int>, head: [UInt8], capacity: Int, isLast: Bool) -> [UInt8] {
        var capacity = max(capacity, head.count + 4096)
        while true {
            var complete = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var out = JSONByteWriter(base: buffer.baseAddress!, capacity: buffer.count)
                complete = writeAll(range, head: head, isLast: isLast, into: &out)
                initialized = complete ? out.count : 0
            }
            if complete { return bytes }
            capacity *= 2
        }
    }

    /// The views whose children are being written just before view `index` is, outermost first: every ancestor of the
    /// view before it, and that view too when `index` is its first child (-1 for the `UIApplication` of several roots).
    private func openViews(before index: Int) -> [Int32] {
        var open: [Int32] = []
        if index > 0 {
            let entries = layout.entries
            if entries[index].parent == Int32(index - 1) { open.append(Int32(index - 1)) }
            var ancestor = entries[index - 1].parent
            while ancestor >= 0 {
                open.append(ancestor)
                ancestor = entries[Int(ancestor)].parent
            }
            open.reverse()
        }
        if layout.multipleRoots { open.insert(-1, at: 0) }
        return open
    }

    /// Writes the views of `range`; false when they do not fit.
    private mutating func writeAll(_ range: Range<Int>, head: [UInt8], isLast: Bool, into out: inout JSONByteWriter)
        -> Bool
    {
        out.raw(head)
        let entries = layout.entries
        let shift = layout.multipleRoots ? 1 : 0
        // Open views whose children are being written, innermost last (-1 for the UIApplication root).
        var open = openViews(before: range.lowerBound)
        if layout.multipleRoots && range.lowerBound == 0 {
            out.raw("{\"class\":\"UIApplication\",\"superclasses\":[\"UIResponder\",\"NSObject\"],\"children\":[")
        }
        for index in range {
            let entry = entries[index]
            var closing = 0
            while closing < open.count, open[open.count - 1 - closing] != entry.parent { closing += 1 }
            // What this view can take: its description's bytes at most 8 times over, its own fields' names and
            // indentation, the closing brackets before it, its controller and its title.
            var bound = 8 * Int(entry.end - entry.start) + 2 * closing + 1024
            if let controller = layout.controllers[Int32(index)] { bound += controller.count + 20 }
            if let title = layout.titles[Int32(index)] { bound += 6 * title.count + 12 }
            guard out.fits(bound) else { return false }
            for _ in 0..<closing {
                out.raw("]}")
                open.removeLast()
            }
            if index > 0 || shift > 0 {
                let previousParent = index > 0 ? entries[index - 1].parent : -2
                if closing > 0 || previousParent == entry.parent { out.byte(0x2C) }
                out.byte(0x0A)
                for _ in 0..<(1 + min(open.count, 40)) { out.raw("  ") }
            }
            out.byte(0x7B)
            writeFields(of: Int32(index), entry, into: &out)
            if index + 1 < entries.count, entries[index + 1].parent == Int32(index) {
                out.raw(",\"children\":[")
                open.append(Int32(index))
            } else {
                out.byte(0x7D)
            }
        }
        guard isLast else { return true }
        guard out.fits(2 * open.count + 3) else { return false }
        for _ in open { out.raw("]}") }
        out.raw("\n}\n")
        return true
    }

    private mutating func writeFields(of index: Int32, _ entry: UIKitTextTree.Entry, into out: inout JSONByteWriter) {
        guard case .view(let view) = DebugLine.parse(text, Int(entry.start)..<Int(entry.end), members: &members) else {
            return
        }
        let chain = layout.chains[Int(entry.chain)]
        out.key("class")
        out.string(text, view.className)
        if !chain.superclassesJSON.isEmpty {
            out.raw(",\"superclasses\":")
            out.raw(chain.superclassesJSON)
        }
        var frame: Range<Int>?
        var textValue: Range<Int>?
        var hidden: Range<Int>?
        var alpha: Range<Int>?
        var image: Range<Int>?
        var gestures = false
        var offset: Range<Int>?
        var value: Range<Int>?
        properties.removeAll(keepingCapacity: true)
        for member in members {
            let key = member.key
            if let mapped = Self.mapped(text, key) {
                switch mapped {
                case 0: if frame == nil { frame = member.value }
                case 1: if textValue == nil { textValue = member.value }
                case 2: if hidden == nil { hidden = member.value }
                case 3: if alpha == nil { alpha = member.value }
                case 6: gestures = true
                case 7: if offset == nil { offset = member.value }
                case 8: if image == nil { image = member.value }
                default: break
                }
                continue
            }
            if value == nil, ByteText.equals(text, key, "value") { value = member.value }
            if let same = properties.firstIndex(where: { ByteText.same(text, $0.key, key) }) {
                properties[same].value = member.value
            } else {
                properties.append(member)
            }
        }
        if let hidden, ByteText.equals(text, hidden, "YES") { out.raw(",\"hidden\":true") }
        if let alpha, let number = ByteText.double(text, ByteText.trimmed(text, alpha)), number.isFinite {
            out.raw(",\"alpha\":")
            out.number(min(1, max(0, number)))
        }
        if let textValue, !ByteText.equals(text, textValue, "(null)") {
            out.raw(",\"text\":")
            out.string(text, textValue)
        }
        if let image, let name = UIKitTextValues.imageName(ByteText.string(text, image)) {
            out.raw(",\"imageName\":")
            out.string(name)
        }
        if gestures { out.raw(",\"gestures\":[\"UIGestureRecognizer\"]") }
        if let offset, let pair = ByteText.pair(text, offset) {
            out.raw(",\"state\":{\"contentOffset\":[")
            out.number(pair.0)
            out.byte(0x2C)
            out.number(pair.1)
            out.raw("]}")
        } else if let value, chain.isSlider, let number = ByteText.double(text, ByteText.trimmed(text, value)),
            number.isFinite
        {
            out.raw(",\"state\":{\"value\":")
            out.number(number)
            out.byte(0x7D)
        }
        if !properties.isEmpty {
            out.raw(",\"properties\":{")
            for (position, member) in properties.enumerated() {
                if position > 0 { out.byte(0x2C) }
                out.string(text, member.key)
                out.byte(0x3A)
                writeValue(member.value, into: &out)
            }
            out.byte(0x7D)
        }
        if let address = view.address {
            out.raw(",\"address\":")
            out.string(text, address)
        }
        if let frame, case .frame(let rect) = UIKitFrame.read(text, frame) {
            out.raw(",\"frame\":[")
            out.number(rect.x)
            out.byte(0x2C)
            out.number(rect.y)
            out.byte(0x2C)
            out.number(rect.width)
            out.byte(0x2C)
            out.number(rect.height)
            out.byte(0x5D)
        }
        if let controller = layout.controllers[index] {
            out.raw(",\"viewController\":")
            out.raw(controller)
        }
        let row = layout.cellRows[Int(index)]
        if row >= 0 {
            out.raw(",\"indexPath\":[0,")
            out.integer(Int64(row))
            out.byte(0x5D)
        }
        if let title = layout.titles[index] {
            out.raw(",\"title\":")
            out.string(text, title)
        }
    }

    /// A property's value: `YES`/`NO` as booleans, numbers as numbers, `{a, b}` as a pair, anything else as text.
    private func writeValue(_ range: Range<Int>, into out: inout JSONByteWriter) {
        if ByteText.equals(text, range, "YES") {
            out.raw("true")
        } else if ByteText.equals(text, range, "NO") {
            out.raw("false")
        } else if let number = ByteText.double(text, range), number.isFinite {
            out.number(number)
        } else if let pair = ByteText.pair(text, range) {
            out.byte(0x5B)
            out.number(pair.0)
            out.byte(0x2C)
            out.number(pair.1)
            out.byte(0x5D)
        } else {
            out.string(text, range)
        }
    }

    /// The position of `key` in `mappedMembers`, or nil.
    private static func mapped(_ text: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Int? {
        for (position, name) in mappedMembers.enumerated() where ByteText.equals(text, key, name) { return position }
        return nil
    }
}
