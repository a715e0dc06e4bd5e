import Foundation
import LassoSnapshot

/// The member names of the object being read, as places in its source bytes: to find a repeated name without making a
/// string of each.
struct MemberNames {
    private var names: [(start: Int, count: Int)] = []

    /// Forgets the names, for the next object.
    mutating func reset() { names.removeAll(keepingCapacity: true) }

    /// Whether the name at `key` is not one met before; it is noted.
    mutating func isNew(_ key: StringSpan, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.end - key.start
        guard let base = bytes.baseAddress else { return false }
        for name in names where name.count == count && memcmp(base + name.start, base + key.start, count) == 0 {
            return false
        }
        names.append((key.start, count))
        return true
    }
}
