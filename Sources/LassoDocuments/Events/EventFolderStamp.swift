import Foundation

extension EventDirectory {
    /// A value that changes when a definition file of any app is added, removed or rewritten (name, size, time,
    /// inode of each `<app>/events/*.json`); nil when the folder is missing. The UI compares it about once a second.
    public func stamp() -> Int? { documents.stamp() }
}
