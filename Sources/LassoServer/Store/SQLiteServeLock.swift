import Foundation

/// One `lasso serve` per SQLite file: an exclusive lock on `<file>.serve-lock`, held while the server runs, so that a
/// second server on the same file is refused in words instead of answering from a cache that never sees the first
/// one's writes. The kernel drops the lock when the process ends, however it ends.
public final class SQLiteServeLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock for the database at `path`, or throws the words that say who holds it.
    public init(database path: String) throws(SQLiteServeLockError) {
        let lockPath = path + ".serve-lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SQLiteServeLockError(
                message:
                    "--db \(path): expected a SQLite file in a folder lasso can write, found that \(lockPath) cannot be made beside it (\(String(cString: strerror(errno))))",
                held: false)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            let holder = count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self) : ""
            close(descriptor)
            let pid = holder.trimmingCharacters(in: .whitespacesAndNewlines)
            throw SQLiteServeLockError(
                message:
                    "\(path): another lasso serve\(pid.isEmpty ? "" : " (pid \(pid))") is serving this SQLite file; a second one would answer from a cache that never sees the first one's writes. Stop it, give another --db, or run several servers on PostgreSQL (--database-url)",
                held: true)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, pid, pid.count, 0)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}

/// Why a server could not take a SQLite file for itself.
public struct SQLiteServeLockError: Error, Sendable {
    public var message: String
    /// True when another server holds the file; false when the lock file cannot be made at all.
    public var held: Bool
}
