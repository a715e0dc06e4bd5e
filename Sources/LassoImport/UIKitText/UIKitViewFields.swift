import LassoSnapshot

/// The members of one `recursiveDescription` view sorted into what they become in a lasso snapshot: the mapped fields
/// (frame, text, hidden, alpha, image, gestures, scroll offset, a slider's value) and the rest, kept as `properties`.
///
/// Both the writer of the snapshot's JSON and the builder of its table read a view through this one type, so that the
/// two say the same of every view; the values that are JSON (`properties`, `state`) are written by it too.
struct UIKitViewFields {
    /// Members that become fields (or are dropped) rather than properties, in the order `mapped` numbers them.
    static let mappedMembers: [StaticString] = [
        "frame", "text", "hidden", "alpha", "baseClass", "layer", "gestureRecognizers", "contentOffset", "image",
    ]

    var frame: Range<Int>?
    var text: Range<Int>?
    var hidden: Range<Int>?
    var alpha: Range<Int>?
    var image: Range<Int>?
    var gestures = false
    var offset: Range<Int>?
    var value: Range<Int>?
    /// The other members, a repeated key keeping its first place and its last value.
    private(set) var properties: [DebugLine.Member] = []
    /// The properties' keys by content, once a view has more than `scannedKeys` of them.
    private var keys: SpanInterner?
    /// The hash of the key `place(of:in:)` last looked up in `keys`, for inserting it.
    private var lastHash: UInt64 = 0
    /// How many properties are looked through one by one before a table of their keys is made.
    private static let scannedKeys = 16

    init() { properties.reserveCapacity(32) }

    /// Sorts `members` (of a view in `source`), forgetting the previous view's.
    mutating func sort(_ members: some RandomAccessCollection<DebugLine.Member>, in source: UnsafeBufferPointer<UInt8>)
    {
        self.frame = nil
        self.text = nil
        self.hidden = nil
        self.alpha = nil
        self.image = nil
        self.gestures = false
        self.offset = nil
        self.value = nil
        properties.removeAll(keepingCapacity: true)
        for member in members {
            let key = member.key
            if let mapped = Self.mapped(source, key) {
                switch mapped {
                case 0: if frame == nil { frame = member.value }
                case 1: if text == nil { text = member.value }
                case 2: if hidden == nil { hidden = member.value }
                case 3: if alpha == nil { alpha = member.value }
                case 6: gestures = true
                case 7: if offset == nil { offset = member.value }
                case 8: if image == nil { image = member.value }
                default: break
                }
                continue
            }
            if value == nil, ByteText.equals(source, key, "value") { value = member.value }
            if let same = place(of: key, in: source) {
                properties[same].value = member.value
            } else {
                properties.append(member)
                keys?.insert(key.lowerBound, key.upperBound, hash: lastHash, id: Int32(properties.count - 1))
            }
        }
        keys = nil
    }

    /// Where `key` already is among `properties`: by looking through them while there are few, then through a table of
    /// their keys, so that a description with thousands of members (a hostile dump) costs no more than their number.
    private mutating func place(of key: Range<Int>, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        if keys == nil {
            guard properties.count >= Self.scannedKeys else {
                return properties.firstIndex { ByteText.same(source, $0.key, key) }
            }
            var table = SpanInterner()
            for (index, member) in properties.enumerated() {
                let (_, hash) = table.lookup(member.key.lowerBound, member.key.upperBound, in: source)
                table.insert(member.key.lowerBound, member.key.upperBound, hash: hash, id: Int32(index))
            }
            keys = table
        }
        let (found, hash) = keys!.lookup(key.lowerBound, key.upperBound, in: source)
        lastHash = hash
        return found.map(Int.init)
    }

    /// Whether the view is hidden (`hidden = YES`).
    func isHidden(in source: UnsafeBufferPointer<UInt8>) -> Bool {
        hidden.map { ByteText.equals(source, $0, "YES") } ?? false
    }

    /// The view's alpha, brought into 0…1, when it is a number.
    func alphaValue(in source: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let alpha, let number = ByteText.double(source, ByteText.trimmed(source, alpha)), number.isFinite else {
            return nil
        }
        return min(1, max(0, number))
    }

    /// Where the view's text is, unless it is `(null)`.
    func shownText(in source: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let text, !ByteText.equals(source, text, "(null)") else { return nil }
        return text
    }

    /// The name of the view's image, when its description names one.
    func imageName(in source: UnsafeBufferPointer<UInt8>) -> String? {
        image.flatMap { UIKitTextValues.imageName(ByteText.string(source, $0)) }
    }

    /// How many bytes the `state` and `properties` objects may take at most.
    func bound() -> Int {
        var total = 96
        for member in properties { total += 6 * member.key.count + 6 * member.value.count + 32 }
        return total
    }

    /// What a view's `state` object holds: a scroll view's `contentOffset`, or a slider's `value`.
    enum State {
        case offset(Double, Double)
        case value(Double)

        /// Writes the object.
        func write(into out: inout JSONMemoryWriter) {
            switch self {
            case .offset(let x, let y):
                out.raw("{\"contentOffset\":[")
                out.number(x)
                out.byte(UInt8(ascii: ","))
                out.number(y)
                out.raw("]}")
            case .value(let number):
                out.raw("{\"value\":")
                out.number(number)
                out.byte(UInt8(ascii: "}"))
            }
        }
    }

    /// The view's `state`, when it has one.
    func state(isSlider: Bool, in source: UnsafeBufferPointer<UInt8>) -> State? {
        if let offset, let pair = ByteText.pair(source, offset) { return .offset(pair.0, pair.1) }
        if let value, isSlider, let number = ByteText.double(source, ByteText.trimmed(source, value)), number.isFinite {
            return .value(number)
        }
        return nil
    }

    /// Writes the `properties` object (`{}` when there are none).
    func writeProperties(in source: UnsafeBufferPointer<UInt8>, into out: inout JSONMemoryWriter) {
        out.byte(UInt8(ascii: "{"))
        for (position, member) in properties.enumerated() {
            if position > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(source, member.key)
            out.byte(UInt8(ascii: ":"))
            Self.writeValue(member.value, in: source, into: &out)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// A property's value: `YES`/`NO` as booleans, numbers as numbers, `{a, b}` as a pair, anything else as text.
    private static func writeValue(
        _ range: Range<Int>, in source: UnsafeBufferPointer<UInt8>, into out: inout JSONMemoryWriter
    ) {
        if ByteText.equals(source, range, "YES") {
            out.raw("true")
        } else if ByteText.equals(source, range, "NO") {
            out.raw("false")
        } else if let number = ByteText.double(source, range), number.isFinite {
            out.number(number)
        } else if let pair = ByteText.pair(source, range) {
            out.byte(UInt8(ascii: "["))
            out.number(pair.0)
            out.byte(UInt8(ascii: ","))
            out.number(pair.1)
            out.byte(UInt8(ascii: "]"))
        } else {
            out.string(source, range)
        }
    }

    /// The position of `key` in `mappedMembers`, or nil; told apart by length first, as most keys are none of them.
    static func mapped(_ source: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Int? {
        switch key.count {
        case 4: if ByteText.equals(source, key, "text") { return 1 }
        case 5:
            if ByteText.equals(source, key, "frame") { return 0 }
            if ByteText.equals(source, key, "alpha") { return 3 }
            if ByteText.equals(source, key, "layer") { return 5 }
            if ByteText.equals(source, key, "image") { return 8 }
        case 6: if ByteText.equals(source, key, "hidden") { return 2 }
        case 9: if ByteText.equals(source, key, "baseClass") { return 4 }
        case 13: if ByteText.equals(source, key, "contentOffset") { return 7 }
        case 18: if ByteText.equals(source, key, "gestureRecognizers") { return 6 }
        default: break
        }
        return nil
    }
}
