import Foundation

extension ConfigDirectory {
    /// A value that changes when any config file of the folder is added, removed or rewritten (its name, size or
    /// modification time), read without opening the files: what the UI compares to notice the folder changed under
    /// it (a git pull, an editor) and read it again. Nil when there is no folder.
    public func stamp() -> Int? { folder.stamp() }
}
