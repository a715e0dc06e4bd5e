import Foundation
import Synchronization

/// The searchable texts of every view (text, title, accessibilityIdentifier, accessibilityLabel) in one lowercased
/// byte buffer, so that a query over a million views is one fast substring scan instead of a million Strings, with
/// each view's class id beside it in one dense array.
///
/// Letters are lowercased as `String.lowercased()` does: ASCII bytes directly, other texts through `String` only when
/// they hold letters with case (Latin, Greek, Cyrillic); CJK texts, which have none, are copied as they are.
public struct TextIndex: Sendable {
    /// The texts, each followed by a 0 byte, view after view.
    private let buffer: [UInt8]
    /// Per view: where its texts end in `buffer` (they start where the previous view's end).
    private let ends: [UInt32]
    /// How often each byte value occurs in `buffer`: a scan looks for the query's rarest byte first.
    private let frequency: [Int]
    /// Per view: its class id (an index into the snapshot's class names), 4 bytes a view where the view's whole
    /// record is over 150: a search that decides class names once reads this, not a million records.
    let classIDs: [Int32]

    public init(_ snapshot: Snapshot) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(snapshot.count * 16)
        var ends: [UInt32] = []
        ends.reserveCapacity(snapshot.count)
        var classIDs: [Int32] = []
        classIDs.reserveCapacity(snapshot.count)
        snapshot.bytes.withUnsafeBufferPointer { bytes in
            for record in snapshot.records {
                classIDs.append(record.classID)
                for ref in [record.text, record.title, record.accessibilityIdentifier, record.accessibilityLabel]
                where !ref.isAbsent {
                    let slice = UnsafeBufferPointer(rebasing: bytes[ref.range])
                    if ref.escaped || Self.hasCasedNonASCII(slice) {
                        let text = ref.escaped ? ByteScanner.unescape(slice) : String(decoding: slice, as: UTF8.self)
                        buffer.append(contentsOf: text.lowercased().utf8)
                    } else {
                        for byte in slice {
                            buffer.append(
                                byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | UInt8(ascii: " ") : byte
                            )
                        }
                    }
                    buffer.append(0)
                }
                ends.append(UInt32(truncatingIfNeeded: min(buffer.count, Int(UInt32.max))))
            }
        }
        var frequency = [Int](repeating: 0, count: 256)
        for byte in buffer { frequency[Int(byte)] += 1 }
        self.buffer = buffer
        self.ends = ends
        self.frequency = frequency
        self.classIDs = classIDs
    }

    /// The views (in pre-order) one of whose texts contains `query` (already lowercased), looking only at
    /// `candidates` when given. A big scan is cut into one part per core, each scanned on its own thread: the
    /// first keys of a search, which match most views, cost one visit per match, and those visits are the work.
    public func views(containing query: String, among candidates: [Int32]? = nil) -> [Int32] {
        let needle = Array(query.utf8)
        guard !needle.isEmpty, !buffer.isEmpty else { return [] }
        let size = candidates?.count ?? ends.count
        let parts = size >= Self.partSize * 2 ? min(Self.cores, size / Self.partSize) : 1
        @Sendable func part(_ index: Int) -> [Int32] {
            let range = (size * index / parts)..<(size * (index + 1) / parts)
            if let candidates { return scan(for: needle, among: candidates[range]) }
            return scan(for: needle, views: range)
        }
        guard parts > 1 else { return part(0) }
        let found = Mutex([[Int32]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { index in
            let views = part(index)
            found.withLock { $0[index] = views }
        }
        return found.withLock { Array($0.joined()) }
    }

    /// The first view of `range` one of whose texts contains `query` (already lowercased): a scan that stops at the
    /// first hit, as long as the way to it.
    public func firstView(containing query: String, in range: Range<Int>) -> Int? {
        let needle = Array(query.utf8)
        guard !needle.isEmpty, !range.isEmpty, !buffer.isEmpty else { return nil }
        var first: Int?
        withFinder(for: needle) { find in
            if let hit = find(start(of: range.lowerBound), Int(ends[range.upperBound - 1])) { first = view(at: hit) }
        }
        return first
    }

    /// Views or candidates below this many are scanned on one thread: starting threads costs more than they save.
    static let partSize = 65_536
    /// The cores a scan is cut for.
    static let cores = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

    /// The views of `range` (in order) whose texts hold `needle`: one pass over their part of the buffer.
    private func scan(for needle: [UInt8], views range: Range<Int>) -> [Int32] {
        guard !range.isEmpty else { return [] }
        var result: [Int32] = []
        withFinder(for: needle) { find in
            // Hits come in order: the view holding each is found by walking on from the last one, not by a
            // binary search per hit (a common character hits most views).
            let end = Int(ends[range.upperBound - 1])
            var position = start(of: range.lowerBound)
            var node = range.lowerBound
            while let hit = find(position, end) {
                if hit - position > 4096 {
                    node = view(at: hit)
                } else {
                    while Int(ends[node]) <= hit { node += 1 }
                }
                result.append(Int32(node))
                position = Int(ends[node])
                node += 1
            }
        }
        return result
    }

    /// The candidates (in order) whose texts hold `needle`.
    private func scan(for needle: [UInt8], among candidates: ArraySlice<Int32>) -> [Int32] {
        var result: [Int32] = []
        withFinder(for: needle) { find in
            for node in candidates where find(start(of: Int(node)), Int(ends[Int(node)])) != nil {
                result.append(node)
            }
        }
        return result
    }

    /// Calls `body` with a finder of `needle` in the buffer: given a start and an end offset, where the first
    /// occurrence between them begins, or nil. The needle's rarest byte is the one memchr looks for; each place it
    /// occurs is then compared whole.
    private func withFinder(for needle: [UInt8], _ body: ((Int, Int) -> Int?) -> Void) {
        let pivot = needle.indices.min { frequency[Int(needle[$0])] < frequency[Int(needle[$1])] }!
        buffer.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { wanted in
                let base = haystack.baseAddress!
                body { start, end in
                    var position = start + pivot
                    let last = end - (wanted.count - pivot)
                    while position <= last {
                        guard let hit = memchr(base + position, Int32(wanted[pivot]), last - position + 1) else {
                            return nil
                        }
                        let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                        if memcmp(base + found - pivot, wanted.baseAddress!, wanted.count) == 0 { return found - pivot }
                        position = found + 1
                    }
                    return nil
                }
            }
        }
    }

    private func start(of node: Int) -> Int { node == 0 ? 0 : Int(ends[node - 1]) }

    /// The view whose texts hold the byte at `offset`: the first whose end lies after it.
    private func view(at offset: Int) -> Int {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// True when the bytes hold a letter that `lowercased()` would change outside ASCII: UTF-8 lead bytes
    /// 0xC3–0xD4 (Latin-1 to Armenian) or 0xE1 (Latin Extended Additional, Greek Extended).
    private static func hasCasedNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { ($0 >= 0xC3 && $0 <= 0xD4) || $0 == 0xE1 }
    }
}
