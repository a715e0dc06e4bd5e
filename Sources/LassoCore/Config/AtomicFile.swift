import Foundation

/// Writes a file so that a crash or a full disk never leaves half of it: a temporary file beside it, flushed, then renamed.
public enum AtomicFile {
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(LassoError) {
        try write(Array(text.utf8), to: path, mode: mode)
    }

    /// Writes `bytes` as the file's content (a large document, without a copy of it as a `String`).
    /// `mode` is the new file's permissions (0600 for a secret), whatever the umask.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(LassoError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw LassoError(.cannotWrite, "\(directory): cannot create the folder: \(error.localizedDescription)")
        }
        let name = (path as NSString).lastPathComponent
        let temporary =
            (directory.isEmpty ? "" : directory + "/") + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw failure(path, errno) }
        if mode != 0o644 { fchmod(descriptor, mode) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure(path, code)
            }
            written += result
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw failure(path, code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
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

    private static func failure(_ path: String, _ code: Int32) -> LassoError {
        LassoError(
            .cannotWrite,
            "\(path): cannot write: \(String(cString: strerror(code)).lowercased()); the earlier file, if any, is unchanged"
        )
    }
}
