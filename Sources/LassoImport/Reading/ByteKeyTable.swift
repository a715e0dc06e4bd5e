import Foundation
import LassoSnapshot

/// Gives each distinct byte string (a class name) a small number, without making a `String` of every occurrence.
struct ByteKeyTable {
    private var keys: [[UInt8]] = []
    private var slots = [Int32](repeating: -1, count: 64)

    mutating func id(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32 {
        let hash = SpanInterner.hash(range.lowerBound, range.upperBound, text)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            let same = keys[Int(id)].withUnsafeBufferPointer { key in
                key.count == range.count
                    && (range.isEmpty
                        || memcmp(key.baseAddress!, text.baseAddress! + range.lowerBound, range.count) == 0)
            }
            if same { return id }
            slot = (slot + 1) & mask
        }
        let id = Int32(keys.count)
        keys.append(Array(text[range]))
        slots[slot] = id
        if keys.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, key) in keys.enumerated() {
            let hash = key.withUnsafeBufferPointer { SpanInterner.hash(0, $0.count, $0) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }
}
