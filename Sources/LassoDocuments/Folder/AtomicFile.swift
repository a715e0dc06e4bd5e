import Foundation
import LassoSnapshot

/// Writes a file so that a crash or a full disk never leaves half of it: a temporary file beside it, flushed, then
/// renamed; a path that is not a regular file is written through (a device, a FIFO) or resolved (a symlink), never
/// replaced.
public enum AtomicFile {
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644, within folder: String? = nil)
        throws(LassoError)
    {
        try write(Array(text.utf8), to: path, mode: mode, within: folder)
    }

    /// Writes `bytes` as the file's content (a large document, without a copy of it as a `String`).
    /// `mode` is the new file's permissions (0600 for a secret), whatever the umask.
    ///
    /// What is at `path` decides how: nothing or a regular file is replaced atomically; a symlink is followed to its
    /// final target, which is written atomically while the link stays a link; a character device (`/dev/null`,
    /// `/dev/stdout`) or a FIFO is opened and written in place, with no temporary file and no rename (a FIFO nobody
    /// reads is refused rather than waited on); a directory, a socket or a block device is refused. A regular file
    /// that is replaced keeps its permissions (narrowed to `mode` when that asks for less, as for a secret). With
    /// `folder` (a document folder), a link whose target lies outside that folder is refused in words: a checked-out
    /// repository cannot steer a write into another file.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, within folder: String? = nil)
        throws(LassoError)
    {
        guard !path.utf8.contains(0) else {
            throw LassoError(
                .usage, "\(DisplayText.escaped(path)): expected a file name without NUL characters, found one")
        }
        // stat follows every link, the kernel's own too (/dev/stdout → /proc/self/fd/1 → a pipe or a terminal),
        // so a link to a device or a FIFO is written through like the device itself.
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR: return try writeInPlace(bytes, to: path, nonBlocking: false)
            case S_IFIFO: return try writeInPlace(bytes, to: path, nonBlocking: true)
            default:
                throw LassoError(
                    .cannotWrite,
                    "\(path): expected a regular file, a character device or a named pipe to write to, found "
                        + "\(FileBytes.kind(info.st_mode)); nothing was written")
            }
        }
        let target = try finalTarget(of: path)
        if let folder, target != path { try refuseOutside(target, folder: folder, named: path) }
        try replace(target, with: bytes, mode: mode, named: path)
    }

    /// Refuses `target`, where the link `path` leads, when it is not inside `folder` (both resolved by the system).
    static func refuseOutside(_ target: String, folder: String, named path: String) throws(LassoError) {
        func resolved(_ path: String) -> String? {
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return String(cString: real)
        }
        let directory = (target as NSString).deletingLastPathComponent
        let inside: Bool
        if let root = resolved(folder), let place = resolved(directory.isEmpty ? "." : directory) {
            inside = place == root || place.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        } else {
            inside = false
        }
        guard inside else {
            throw LassoError(
                .cannotWrite,
                "\(DisplayText.escaped(path)): expected a file of \(DisplayText.escaped(folder)), found a link to "
                    + "\(DisplayText.escaped(target)), outside it; nothing was written (put the file itself there)")
        }
    }

    /// The path a write to `path` lands on: `path` itself unless it is a symlink, else the end of its chain of links
    /// (each relative link read from its own folder); the target need not exist yet.
    static func finalTarget(of path: String) throws(LassoError) -> String {
        var current = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw failure(path, errno) }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = (current as NSString).deletingLastPathComponent
            current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
        }
        throw failure(path, ELOOP)
    }

    /// Writes `bytes` into the character device or FIFO at `path` as it is. A FIFO is opened without waiting: when
    /// nobody reads it (ENXIO) the write is refused in words, never left hanging.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, nonBlocking: Bool) throws(LassoError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            if nonBlocking && errno == ENXIO {
                throw LassoError(
                    .cannotWrite, "\(path): cannot write: the named pipe (FIFO) has no reader; nothing was written")
            }
            throw failure(path, errno, inPlace: true)
        }
        defer { close(descriptor) }
        if nonBlocking {
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        }
        if let code = DescriptorWrite.all(bytes, to: descriptor) { throw failure(path, code, inPlace: true) }
    }

    /// Writes the regular file `target` (or makes it) by a temporary file beside it, flushed, then renamed over it;
    /// messages name `path`, the name the caller gave.
    private static func replace(_ target: String, with bytes: [UInt8], mode: mode_t, named path: String)
        throws(LassoError)
    {
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw LassoError(.cannotWrite, "\(directory): cannot create the folder: \(error.localizedDescription)")
        }
        let name = (target as NSString).lastPathComponent
        let temporary =
            (directory.isEmpty ? "" : directory + "/") + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // A file replaced keeps its permissions (a 0600 config stays 0600), narrowed to what `mode` allows.
        var existing = stat()
        let kept: mode_t =
            lstat(target, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
            ? (mode == 0o644 ? existing.st_mode & 0o7777 : existing.st_mode & mode & 0o7777) : mode
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kept)
        guard descriptor >= 0 else { throw failure(path, errno) }
        if kept != 0o644 { fchmod(descriptor, kept) }
        if let code = DescriptorWrite.all(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw failure(path, code)
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw failure(path, code)
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// Removes, from `folder`, the temporary files of writes that were interrupted (the process killed between
    /// creating the file and renaming it): names this writer makes, `.NAME.tmp-PID-N`, whose process is gone.
    /// `names` is the folder's listing when the caller has it. Returns how many were removed.
    @discardableResult
    public static func removeLeftovers(in folder: String, names: [String]? = nil) -> Int {
        guard let names = names ?? (try? FileManager.default.contentsOfDirectory(atPath: folder)) else { return 0 }
        var removed = 0
        for name in names where isLeftover(name) {
            if unlink((folder.isEmpty ? "" : folder + "/") + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// True for a temporary file of this writer whose process no longer runs.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return false }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return false }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func failure(_ path: String, _ code: Int32, inPlace: Bool = false) -> LassoError {
        let reason = String(cString: strerror(code)).lowercased()
        return LassoError(
            .cannotWrite,
            "\(path): cannot write: \(reason)"
                + (inPlace ? "" : "; the earlier file, if any, is unchanged"))
    }
}
