import Foundation

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

    /// Up to `wanted` bytes from `descriptor`: fewer when the file ends first (it may have shrunk since its size was
    /// read).
    private static func read(_ descriptor: Int32, upTo wanted: Int, path: String) throws(LassoError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var done = 0
            while done < wanted {
                let got = Foundation.read(descriptor, buffer.baseAddress! + done, wanted - done)
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
        return bytes
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
