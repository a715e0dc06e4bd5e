import Foundation
import Synchronization

/// Reads a whole file into memory in one piece, or its first bytes, with a plain message when it cannot.
public enum FileBytes {
    /// The largest input lasso reads: 2 GiB (byte offsets are kept in 31 bits).
    public static let maxSize = Int(Int32.max) - 1

    /// What a file that is not a regular file is, in words.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "something else"
        }
    }

    /// The first `count` bytes of the regular file at `path` (all of it when shorter), refusing what `read` refuses.
    public static func head(_ path: String, count: Int) throws(LassoError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        return try read(descriptor, upTo: min(count, size), path: path)
    }

    /// Up to `wanted` bytes from `descriptor`, from its start: fewer when the file ends first (it may have shrunk
    /// since its size was read). The descriptor is left at the end of what was read.
    private static func read(_ descriptor: Int32, upTo wanted: Int, path: String) throws(LassoError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            askForLargePages(buffer)
            let parts = wanted >= splitSize ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
            let pieces = Mutex([(got: Int, failure: Int32)](repeating: (0, 0), count: parts))
            let address = Int(bitPattern: buffer.baseAddress)
            // Each piece is read on a thread of its own: copying a big file out of the page cache into fresh memory
            // is as much work as a third of parsing it, and it divides.
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let start = wanted / parts * part
                let end = part == parts - 1 ? wanted : wanted / parts * (part + 1)
                let piece = readPiece(descriptor, into: address + start, count: end - start, at: start)
                pieces.withLock { $0[part] = piece }
            }
            // What was read is the pieces up to the first that came back short (a file that shrank meanwhile).
            var done = 0
            for (part, piece) in pieces.withLock({ $0 }).enumerated() {
                let start = wanted / parts * part
                guard done == start else { break }
                done += piece.got
                if piece.failure != 0 {
                    failure = piece.failure
                    break
                }
            }
            initialized = done
            lseek(descriptor, off_t(done), SEEK_SET)
        }
        if failure != 0 {
            throw LassoError(.io, "\(path): cannot read: \(String(cString: strerror(failure)).lowercased())")
        }
        return bytes
    }

    /// From what size a file is read in pieces on two threads.
    public static let splitSize = 32 << 20

    /// Reads `count` bytes at `offset` of the file into memory at `address`: how many it got (fewer at the file's
    /// end) and the error that stopped it, 0 if none.
    private static func readPiece(_ descriptor: Int32, into address: Int, count: Int, at offset: Int) -> (
        got: Int, failure: Int32
    ) {
        guard count > 0, let base = UnsafeMutableRawPointer(bitPattern: address) else { return (0, 0) }
        var got = 0
        while got < count {
            let read = pread(descriptor, base + got, count - got, off_t(offset + got))
            if read < 0 {
                if errno == EINTR { continue }
                return (got, errno)
            }
            if read == 0 { break }
            got += read
        }
        return (got, 0)
    }

    /// Asks the system to back a large buffer about to be read into with 2 MiB pages where it can: the kernel then
    /// takes one page fault for 2 MiB rather than 512, which is most of what reading a big file into fresh memory
    /// costs. Only a hint: without transparent huge pages the buffer is read into as before.
    private static func askForLargePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        #if os(Linux)
            let large = 2 << 20
            guard buffer.count >= 2 * large, let base = buffer.baseAddress else { return }
            let start = (Int(bitPattern: base) + large - 1) & ~(large - 1)
            let end = (Int(bitPattern: base) + buffer.count) & ~(large - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    private static func openRegularFile(_ path: String) throws(LassoError) -> (descriptor: Int32, size: Int) {
        // The system reads a path up to its first NUL: "a\u{0}b.png" would open "a".
        guard !path.utf8.contains(0) else {
            throw LassoError(
                .badInput, "\(DisplayText.escaped(path)): expected a file name without NUL characters, found one")
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; what is not a regular file is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw LassoError(errno == ENOENT ? .noInput : .io, "\(path): cannot open: \(reason.lowercased())")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw LassoError(.io, "\(path): cannot read its size")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw LassoError(.noInput, "\(path): expected a regular file, found \(kind(info.st_mode))")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let size = Int(info.st_size)
        guard size <= maxSize else {
            close(descriptor)
            throw LassoError(.badInput, "\(path): expected a file smaller than 2 GiB, found \(size) bytes")
        }
        return (descriptor, size)
    }

    /// The whole regular file at `path`, refusing what is not one, is missing, or is 2 GiB or more.
    public static func read(_ path: String) throws(LassoError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes = try read(descriptor, upTo: size, path: path)
        // A file that grew while being read: take the rest too.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if got <= 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
            guard bytes.count <= maxSize else {
                throw LassoError(.badInput, "\(path): expected a file smaller than 2 GiB")
            }
        }
        return bytes
    }
}
