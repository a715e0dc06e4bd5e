/// The DFA states a `RegexMatcher` has met: each state's NFA instructions in one flat array, found again through an
/// open-addressing hash table over them, so that meeting a state allocates nothing once the arrays have grown (a
/// dictionary of arrays made and freed an array per state, most of a thrashing match's time).
struct RegexStateTable {
    /// Every state's instructions, one state after another.
    private(set) var members: [Int32] = []
    /// Where each state's instructions begin in `members`, and one past the last state's end.
    private var starts: [Int32] = [0]
    private var hashes: [Int] = []
    /// State numbers by hash, -1 where empty; at least twice as many slots as states are ever held.
    private var slots: [Int32]
    private let mask: Int

    /// - Parameter capacity: the most states held before `removeAll`.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// How many states are held.
    var count: Int { hashes.count }

    /// The positions of `state`'s instructions in `members`.
    func range(of state: Int32) -> Range<Int> {
        Int(starts[Int(state)])..<Int(starts[Int(state) + 1])
    }

    /// A hash of a state's instructions, computed in a plain loop.
    static func hash(_ candidate: [Int32]) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for member in candidate { hash = (hash ^ UInt64(UInt32(bitPattern: member))) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// The state whose instructions are `candidate` (hashed as `hash`), if it is held and findable.
    func find(_ candidate: [Int32], hash: Int) -> Int32? {
        var slot = hash & mask
        while true {
            let state = slots[slot]
            if state < 0 { return nil }
            if hashes[Int(state)] == hash && holds(candidate, at: range(of: state)) { return state }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a state and returns its number; a state that is not `findable` (the start of a value, where `^`
    /// holds) is never returned by `find`.
    mutating func append(_ candidate: [Int32], hash: Int, findable: Bool) -> Int32 {
        let state = Int32(hashes.count)
        members.append(contentsOf: candidate)
        starts.append(Int32(members.count))
        hashes.append(hash)
        if findable {
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = state
        }
        return state
    }

    /// Drops every state, keeping the arrays' room.
    mutating func removeAll() {
        members.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        hashes.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = -1 }
    }

    private func holds(_ candidate: [Int32], at range: Range<Int>) -> Bool {
        guard range.count == candidate.count else { return false }
        return members.withUnsafeBufferPointer { stored in
            candidate.withUnsafeBufferPointer { wanted in
                var offset = 0
                while offset < wanted.count {
                    if stored[range.lowerBound + offset] != wanted[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
