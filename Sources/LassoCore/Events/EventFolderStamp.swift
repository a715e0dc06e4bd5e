import Foundation

extension EventDirectory {
    /// A value that changes when a definition file of any app is added, removed or rewritten (name, size, time,
    /// inode of each `<app>/events/*.json`); nil when the folder is missing. The UI compares it about once a second.
    public func stamp() -> Int? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        var hasher = Hasher()
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for app in apps.sorted() where !app.hasPrefix(".") {
            let folder = root + "/" + app + "/" + Self.folderName
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where name.hasSuffix(".json") && !name.hasPrefix(".") {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                hasher.combine(app)
                hasher.combine(name)
                hasher.combine(info.st_size)
                hasher.combine(info.st_mtim.tv_sec)
                hasher.combine(info.st_mtim.tv_nsec)
                hasher.combine(info.st_ino)
            }
        }
        return hasher.finalize()
    }
}
