import Foundation

/// A regular file mapped into memory read-only: its pages are read from disk as they are touched, so recognizing a
/// file's format from its start costs a few pages whatever its size, and the mapping goes when the object does.
public final class MappedFile {
    public let path: String
    /// The mapping's start, nil for an empty file (which cannot be mapped).
    private let base: UnsafeMutableRawPointer?
    public let count: Int

    init(path: String, base: UnsafeMutableRawPointer?, count: Int) {
        self.path = path
        self.base = base
        self.count = count
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// Runs `body` on the file's bytes; the buffer is valid only inside `body`.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let base else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// The first `limit` bytes (or all of a smaller file), copied.
    public func head(_ limit: Int) -> [UInt8] {
        withBytes { Array($0.prefix(limit)) }
    }

    /// The whole file as an array, copied a few megabytes at a time, each part's pages given back once copied, so that
    /// the copy costs the file's size in memory rather than twice it.
    public func copyBytes() -> [UInt8] {
        guard let base, count > 0 else { return [] }
        let step = 8 << 20
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let length = min(step, count - done)
                (buffer.baseAddress! + done).update(
                    from: (base + done).assumingMemoryBound(to: UInt8.self), count: length)
                // The mapping starts on a page boundary and `step` is a multiple of the page size.
                _ = madvise(base + done, length, MADV_DONTNEED)
                done += length
            }
            initialized = count
        }
    }
}
