import Foundation

/// Gives equal byte spans of a buffer one small integer id, without making a String for each occurrence.
///
/// The loader meets the same class names and class chains thousands of times; this table turns each
/// repeat into a hash and a byte comparison.
package struct SpanInterner {
    private var slots: [Int32]
    private var spans: [(hash: UInt64, start: Int, end: Int, id: Int32)] = []
    private var mask: Int

    package init() {
        slots = Array(repeating: -1, count: 1024)
        mask = 1023
    }

    /// The id stored for the bytes of `start..<end`, or nil when they were not seen before.
    package func lookup(_ start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (id: Int32?, hash: UInt64) {
        let hash = SpanInterner.hash(start, end, bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = spans[Int(slots[slot])]
            if entry.hash == hash, entry.end - entry.start == end - start,
                memcmp(bytes.baseAddress! + entry.start, bytes.baseAddress! + start, end - start) == 0
            {
                return (entry.id, hash)
            }
            slot = (slot + 1) & mask
        }
        return (nil, hash)
    }

    /// Records that the bytes `start..<end` (with `hash` from `lookup`) have `id`.
    package mutating func insert(_ start: Int, _ end: Int, hash: UInt64, id: Int32) {
        if spans.count * 2 >= slots.count { grow() }
        spans.append((hash, start, end, id))
        place(Int32(spans.count - 1), hash: hash)
    }

    private mutating func place(_ entry: Int32, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for (entry, span) in spans.enumerated() { place(Int32(entry), hash: span.hash) }
    }

    /// An FNV-1a style hash taken eight bytes at a time (then byte by byte for the rest): class chains are tens of
    /// bytes, and hashing them a byte at a time was a tenth of loading a snapshot.
    package static func hash(_ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0x100_0000_01b3
                hash ^= hash >> 29
                index += 8
            }
        }
        while index < end {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        return hash
    }
}
