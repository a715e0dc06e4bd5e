import Foundation

/// Reads a whole file into memory in one piece, with a plain message when it cannot.
public enum FileBytes {
    /// The largest input lasso reads: 2 GiB (byte offsets are kept in 31 bits).
    public static let maxSize = Int(Int32.max) - 1

    /// What a file that is not a regular file is, in words.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "something else"
        }
    }

    public static func read(_ path: String) throws(LassoError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; what is not a regular file is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw LassoError(errno == ENOENT ? .noInput : .io, "\(path): cannot open: \(reason.lowercased())")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw LassoError(.io, "\(path): cannot read its size") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw LassoError(
                .noInput,
                "\(path): expected a regular file, found \(kind(info.st_mode))"
            )
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let size = Int(info.st_size)
        guard size <= maxSize else {
            throw LassoError(.badInput, "\(path): expected a file smaller than 2 GiB, found \(size) bytes")
        }
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let got = Foundation.read(descriptor, buffer.baseAddress! + done, size - done)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }
                done += got
            }
            initialized = done
        }
        if failure != 0 {
            throw LassoError(.io, "\(path): cannot read: \(String(cString: strerror(failure)).lowercased())")
        }
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
