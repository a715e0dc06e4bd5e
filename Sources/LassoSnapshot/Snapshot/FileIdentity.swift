import Foundation

/// Whether a path names something on disk, and whether two paths name one file, by the file system's own answer
/// (`lstat`, `stat`): for the executable, whose `struct stat` the compiler may attribute to a module it does not
/// import (CDispatch, under MemberImportVisibility).
public enum FileIdentity {
    /// Whether `path` names anything on disk (a file, folder, FIFO, a link even to nothing), not following it.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` and `other` name one file (through a link too): the same device and inode.
    public static func isSameFile(_ path: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
