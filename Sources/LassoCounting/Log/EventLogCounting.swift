import Foundation
import LassoSnapshot
import Synchronization

/// Counts event definitions over event log files (plain or gzip): the API `lasso event count` and
/// `lasso open --log` share (docs/event-records.md).
///
/// `count(files:plan:)` gives each file's `EventTally`: how many records each definition counts and, when the
/// plan asks, the records per viewPath and viewId, and the malformed lines skipped (line numbers within the file).
/// The files are read one after another in blocks of whole lines (`blockSize`); the blocks are counted on every
/// core at once. Memory stays near `blockSize` × (threads × 2 + 2) whatever the logs' size; a line longer than
/// `blockSize` bytes (its line feed not counted) is counted as malformed and skipped without being held.
public enum EventLogCounting {
    /// The bytes of records in one block: also the longest line that is read, its line feed not counted (a block
    /// holds up to one byte more, for that line feed).
    public static let blockSize = 4 << 20
    /// What a block is read up to: the longest line and its line feed.
    static let blockCapacity = blockSize + 1

    /// One file's result.
    public struct FileCount: Sendable {
        public var path: String
        public var tally: EventTally
    }

    /// Counts `plan`'s definitions over `files`, in order; `progress` is told the stored bytes read and their
    /// total after each piece read. Fails on the first file that is missing or not readable (truncated gzip
    /// included), saying which.
    public static func count(
        files: [String], plan: EventCountPlan, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: ((_ done: Int64, _ total: Int64) -> Void)? = nil
    ) throws(LassoError) -> [FileCount] {
        var inputs: [LogInput] = []
        for file in files { inputs.append(try LogInput(path: file)) }
        let total = inputs.reduce(Int64(0)) { $0 + $1.size }
        let workers = max(1, threads)
        let queue = BlockQueue(capacity: workers * 2)
        let results = BlockResults()
        let pool = BlockPool()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                var counter = EventCounter(plan: plan)
                while var block = queue.take() {
                    if block.overlong {
                        var tally = EventTally(definitions: plan.definitions.count)
                        tally.lines = 1
                        tally.malformed = 1
                        tally.malformedSamples = [
                            EventTally.MalformedLine(
                                line: 1,
                                reason:
                                    "a line longer than \(blockSize >> 20) MiB (\(blockSize) bytes), skipped unread")
                        ]
                        results.put(block.sequence, file: block.file, tally)
                    } else {
                        block.bytes.withUnsafeBufferPointer {
                            counter.count(lines: UnsafeBufferPointer(rebasing: $0[..<block.length]))
                        }
                        results.put(block.sequence, file: block.file, counter.takeTally())
                        let bytes = block.bytes
                        block.bytes = []
                        pool.giveBack(bytes)
                    }
                }
                finished.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        var failure: LassoError? = nil
        var sequence = 0
        var doneBefore: Int64 = 0
        do throws(LassoError) {
            for (fileIndex, input) in inputs.enumerated() {
                // `buffer` holds a block's worth of room, its first `filled` bytes read: reading goes straight into
                // the room, which is never cleared first.
                var buffer = pool.take()
                var filled = 0
                var skipping = false
                func send(_ bytes: [UInt8], length: Int, overlong: Bool = false) {
                    queue.put(
                        Block(sequence: sequence, file: fileIndex, bytes: bytes, length: length, overlong: overlong))
                    sequence += 1
                }
                while true {
                    let got = try buffer.withUnsafeMutableBufferPointer { room throws(LassoError) in
                        try input.read(into: UnsafeMutableBufferPointer(rebasing: room[filled...]))
                    }
                    filled += got
                    progress?(doneBefore + input.consumed, total)
                    if skipping {
                        // The rest of an overlong line: dropped up to its newline.
                        guard let newline = buffer[..<filled].firstIndex(of: UInt8(ascii: "\n")) else {
                            filled = 0
                            if got == 0 { break }
                            continue
                        }
                        filled -= newline + 1
                        buffer.withUnsafeMutableBufferPointer { room in
                            _ = memmove(room.baseAddress!, room.baseAddress! + newline + 1, filled)
                        }
                        skipping = false
                    }
                    if got == 0 {
                        if filled > 0 { send(buffer, length: filled) }
                        break
                    }
                    guard filled == blockCapacity else { continue }
                    if let newline = buffer.lastIndex(of: UInt8(ascii: "\n")) {
                        // The block goes as it is; the start of its last, unfinished line begins the next buffer.
                        var next = pool.take()
                        let carried = filled - (newline + 1)
                        next.withUnsafeMutableBufferPointer { room in
                            buffer.withUnsafeBufferPointer { block in
                                room.baseAddress!.update(from: block.baseAddress! + newline + 1, count: carried)
                            }
                        }
                        send(buffer, length: newline + 1)
                        buffer = next
                        filled = carried
                    } else {
                        send([], length: 0, overlong: true)
                        filled = 0
                        skipping = true
                    }
                }
                doneBefore += input.size
            }
        } catch {
            failure = error
        }
        queue.close()
        for _ in 0..<workers { finished.wait() }
        if let failure { throw failure }
        var counts = files.map { FileCount(path: $0, tally: EventTally(definitions: plan.definitions.count)) }
        for (file, tally) in results.inOrder() { counts[file].tally.append(tally) }
        return counts
    }
}

/// A piece of one log of whole lines, numbered in reading order.
struct Block: Sendable {
    var sequence: Int
    var file: Int
    /// A block buffer, of which the first `length` bytes are the lines.
    var bytes: [UInt8]
    var length: Int
    /// Stands for one line longer than a block, not held.
    var overlong: Bool
}

/// The blocks waiting to be counted, bounded so that reading waits when counting is behind.
final class BlockQueue: Sendable {
    private let state = Mutex<(blocks: [Block], closed: Bool)>(([], false))
    private let ready = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    init(capacity: Int) { room = DispatchSemaphore(value: capacity) }

    func put(_ block: Block) {
        room.wait()
        state.withLock { $0.blocks.append(block) }
        ready.signal()
    }

    /// No more blocks: every waiting thread is woken.
    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// The next block, or nil once the queue is closed and empty.
    func take() -> Block? {
        while true {
            ready.wait()
            let (block, closed) = state.withLock { state -> (Block?, Bool) in
                state.blocks.isEmpty ? (nil, state.closed) : (state.blocks.removeFirst(), false)
            }
            if let block {
                room.signal()
                return block
            }
            if closed {
                // Wake the next thread waiting, so that every one sees the end.
                ready.signal()
                return nil
            }
        }
    }
}

/// Block buffers counted and given back, taken again for reading: a log is read into the same few blocks of memory,
/// which spares allocating, clearing, faulting in and freeing 4 MiB for every block.
final class BlockPool: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])

    /// A buffer of `blockCapacity` bytes, whatever they hold: one given back, or a new one.
    func take() -> [UInt8] {
        if let buffer = buffers.withLock({ $0.popLast() }) { return buffer }
        // Not cleared: only the bytes a read writes are ever looked at (a block's first `length`), and clearing 4 MiB
        // costs as much as reading them.
        return [UInt8](unsafeUninitializedCapacity: EventLogCounting.blockCapacity) { _, initialized in
            initialized = EventLogCounting.blockCapacity
        }
    }

    func giveBack(_ buffer: [UInt8]) {
        guard buffer.count == EventLogCounting.blockCapacity else { return }
        buffers.withLock { $0.append(buffer) }
    }
}

/// The tallies of counted blocks, gathered from every thread.
final class BlockResults: Sendable {
    private let tallies = Mutex<[Int: (file: Int, tally: EventTally)]>([:])

    func put(_ sequence: Int, file: Int, _ tally: EventTally) {
        tallies.withLock { $0[sequence] = (file, tally) }
    }

    /// Every tally, in reading order.
    func inOrder() -> [(file: Int, tally: EventTally)] {
        tallies.withLock { tallies in tallies.keys.sorted().map { tallies[$0]! } }
    }
}
