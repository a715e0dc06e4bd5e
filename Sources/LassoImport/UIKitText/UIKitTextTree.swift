import LassoSnapshot

/// The shape of a `recursiveDescription` dump, found in one pass over its views: each view's superview (from the
/// nesting levels), class chain, place in the text and address, plus what a view's JSON needs from other views (a
/// cell's row among its list's cells, a button's title from its `UIButtonLabel`, a controller from `_printHierarchy`).
///
/// It keeps 32 bytes a view; the views' members stay in the text, to be read again when the document is written.
struct UIKitTextTree {
    /// One view: where its description is, the line it starts on, its superview (-1 for a top-level view), its chain in
    /// the class table, and its address (0 when the dump has none).
    struct Entry {
        var start: Int32
        var end: Int32
        var line: Int32
        var parent: Int32
        var chain: Int32
        var address: UInt64
    }

    let text: UnsafeBufferPointer<UInt8>
    let file: String
    private(set) var classes = UIKitClassTable()
    private(set) var entries: [Entry] = []
    private var open: [(level: Int, index: Int32)] = []
    private(set) var roots = 0
    private var cells: [(parent: Int32, noFrame: Bool, y: Double, x: Double, index: Int32)] = []
    /// Per view, its row among its list's cells (-1 when it is not a cell that has one).
    private(set) var cellRows: [Int32] = []
    private(set) var cellCount = 0
    /// A button's title: the text of its first `UIButtonLabel`, by the button's index.
    private(set) var titles: [Int32: Range<Int>] = [:]
    private var labelled: Set<Int32> = []
    private(set) var gestureViews = 0
    private(set) var rootSize: (width: Double, height: Double)?
    private(set) var addressless = 0
    /// The first frame that is not one, to be told once the whole listing has been read.
    private(set) var badFrame: InputError?
    /// The controller whose root view a view is, by the view's index.
    private(set) var controllers: [Int32: AttachedController] = [:]

    init(text: UnsafeBufferPointer<UInt8>, file: String, expectedViews: Int) {
        self.text = text
        self.file = file
        entries.reserveCapacity(expectedViews)
    }

    var multipleRoots: Bool { roots > 1 }

    /// Adds the next view (in the order of the text), under the nearest earlier view of a lower level; returns its
    /// frame, when it has one lasso can use.
    @discardableResult
    mutating func add(_ found: UIKitTextListing.Found, members: [DebugLine.Member]) -> Rect? {
        while let top = open.last, top.level >= found.level { open.removeLast() }
        let parent = open.last?.index ?? -1
        if parent < 0 { roots += 1 }
        let index = Int32(entries.count)
        open.append((found.level, index))

        var frame: Range<Int>?
        var base: Range<Int>?
        var textValue: Range<Int>?
        var gestures = false
        for member in members {
            let key = member.key
            switch key.count {
            case 4 where textValue == nil && ByteText.equals(text, key, "text"): textValue = member.value
            case 5 where frame == nil && ByteText.equals(text, key, "frame"): frame = member.value
            case 9 where base == nil && ByteText.equals(text, key, "baseClass"): base = member.value
            case 18 where ByteText.equals(text, key, "gestureRecognizers"): gestures = true
            default: break
            }
        }
        let parentList = parent >= 0 ? classes.chains[Int(entries[Int(parent)].chain)].list : nil
        let chainID = classes.chain(text, className: found.view.className, base: base, parentList: parentList)
        let chain = classes.chains[Int(chainID)]
        if gestures { gestureViews += 1 }

        var rect: Rect?
        if let frame {
            switch UIKitFrame.read(text, frame) {
            case .frame(let read): rect = read
            case .unusable: break
            case .malformed(let expected):
                if badFrame == nil {
                    badFrame = InputError(
                        file: file, line: found.line, column: 1,
                        jsonPath: Self.describe(found.view, in: text) + " frame",
                        expected: expected,
                        found: "frame = \(DisplayText.escaped(String(ByteText.string(text, frame).prefix(60))))")
                }
            }
        }
        if parent < 0, rootSize == nil, let rect { rootSize = (rect.width, rect.height) }
        if chain.isCell {
            cells.append((parent, rect == nil, rect?.y ?? 0, rect?.x ?? 0, index))
        }
        if chain.isButtonLabel, parent >= 0, classes.chains[Int(entries[Int(parent)].chain)].isButton,
            labelled.insert(parent).inserted, let textValue, !ByteText.equals(text, textValue, "(null)")
        {
            titles[parent] = textValue
        }
        var address: UInt64 = 0
        if let range = found.view.address {
            address = Self.address(text, range)
        } else {
            addressless += 1
        }
        entries.append(
            Entry(
                start: Int32(found.range.lowerBound), end: Int32(found.range.upperBound), line: Int32(found.line),
                parent: parent, chain: chainID, address: address))
        return rect
    }

    /// `<UILabel: 0x7f…>`, or `<UILabel>` without an address, for messages.
    static func describe(_ view: DebugLine.View, in text: UnsafeBufferPointer<UInt8>) -> String {
        let name = ByteText.string(text, view.className)
        guard let address = view.address else { return "<\(name)>" }
        return "<\(name): \(ByteText.string(text, address))>"
    }

    /// The value of `0x…`, or 0 when it is longer than 64 bits.
    static func address(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var value: UInt64 = 0
        for index in (range.lowerBound + 2)..<range.upperBound {
            guard value >> 60 == 0 else { return 0 }
            let byte = text[index]
            let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// Gives cells their rows: by position in their list (top to bottom, then left to right, then in the text's
    /// order); top-level cells get one only when several top-level views share the `UIApplication` root.
    mutating func giveCellsRows() {
        cellRows = [Int32](repeating: -1, count: entries.count)
        var ranked = cells.filter { $0.parent >= 0 || multipleRoots }
        cells = []
        ranked.sort { left, right in
            (left.parent, left.noFrame ? 1 : 0, left.y, left.x, left.index)
                < (right.parent, right.noFrame ? 1 : 0, right.y, right.x, right.index)
        }
        var rank: Int32 = 0
        for (position, cell) in ranked.enumerated() {
            rank = position > 0 && ranked[position - 1].parent == cell.parent ? rank + 1 : 0
            cellRows[Int(cell.index)] = rank
        }
        cellCount = ranked.count
    }

    /// Attaches each controller to the view whose address its `view:` names; returns how many were not found.
    mutating func attach(_ found: [(controller: DebugLine.Controller, presented: Bool)]) -> Int {
        var wanted: [UInt64: Int32] = [:]
        for (controller, _) in found {
            guard let address = controller.viewAddress else { continue }
            let value = Self.address(address)
            if value != 0 { wanted[value] = -1 }
        }
        if !wanted.isEmpty {
            for (index, entry) in entries.enumerated() where entry.address != 0 {
                if wanted[entry.address] == -1 { wanted[entry.address] = Int32(index) }
            }
        }
        var unmatched = 0
        for (controller, presented) in found {
            guard let address = controller.viewAddress else { continue }
            guard let row = wanted[Self.address(address)], row >= 0 else {
                unmatched += 1
                continue
            }
            guard controllers[row] == nil else { continue }
            controllers[row] = AttachedController(
                className: controller.className,
                superclasses: UIKitChains.controllerSuperclasses(of: controller.className),
                address: controller.address, state: controller.state, presented: presented)
        }
        return unmatched
    }

    /// The value of an address written as text (`0x7fb1…`), or 0.
    private static func address(_ text: String) -> UInt64 {
        guard text.hasPrefix("0x"), text.count > 2, text.count <= 18 else { return 0 }
        return UInt64(text.dropFirst(2), radix: 16) ?? 0
    }
}

/// A `_printHierarchy` view controller attached to its root view: what that view's `viewController` object says.
struct AttachedController {
    var className: String
    var superclasses: [String]
    var address: String?
    var state: String?
    /// Whether it was presented (a `+` line), not pushed or contained.
    var presented: Bool

    /// The members lasso does not know, in the order they are written: `address`, `state`, `presented`.
    var extras: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let address { members.append(("address", .string(address))) }
        if let state { members.append(("state", .string(state))) }
        if presented { members.append(("presented", .bool(true))) }
        return members
    }

    /// The `viewController` object as JSON.
    var json: [UInt8] {
        var info = JSONObject()
        info["class"] = .string(className)
        if !superclasses.isEmpty { info["superclasses"] = .array(superclasses.map { .string($0) }) }
        for member in extras { info[member.key] = member.value }
        return Array(JSONWriter.compact(.object(info)).utf8)
    }
}
