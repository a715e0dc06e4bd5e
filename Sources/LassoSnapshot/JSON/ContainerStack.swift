/// The open containers of a value being skipped (true: an object), as bits: the first 64 levels cost no allocation,
/// which a scanner made per record line (the event counter's) would otherwise pay for on every line.
struct ContainerStack {
    private var bits: UInt64 = 0
    /// The levels past the first 64.
    private var deeper: [Bool] = []
    private(set) var count = 0

    mutating func removeAll() {
        bits = 0
        deeper.removeAll(keepingCapacity: true)
        count = 0
    }

    mutating func append(_ isObject: Bool) {
        if count < 64 {
            if isObject { bits |= 1 << UInt64(count) } else { bits &= ~(1 << UInt64(count)) }
        } else {
            deeper.append(isObject)
        }
        count += 1
    }

    /// Whether the innermost open container is an object; nil when none is open.
    var last: Bool? {
        guard count > 0 else { return nil }
        return count <= 64 ? bits & (1 << UInt64(count - 1)) != 0 : deeper.last
    }

    mutating func removeLast() {
        if count > 64 { deeper.removeLast() }
        count -= 1
    }
}
