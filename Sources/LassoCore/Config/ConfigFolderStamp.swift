import Foundation

extension ConfigDirectory {
    /// A value that changes when any config file of the folder is added, removed or rewritten (its name, size or
    /// modification time), read without opening the files: what the UI compares to notice the folder changed under
    /// it (a git pull, an editor) and read it again. Nil when there is no folder.
    public func stamp() -> Int? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        var hasher = Hasher()
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for app in apps.sorted() where !app.hasPrefix(".") {
            hasher.combine(app)
            let folder = root + "/" + app
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where name.hasSuffix(".json") && !name.hasPrefix(".") {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
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
