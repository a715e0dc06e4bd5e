/// A file's path as the UI says it: relative to the folder lasso runs in when the file lies under it (the configs
/// folder found through a `lasso.json` above is absolute), else as it is.
enum ShownPath {
    static func relative(_ path: String, in folder: String) -> String {
        guard path.hasPrefix("/"), folder.hasPrefix("/") else { return path }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(base), path.count > base.count else { return path }
        return String(path.dropFirst(base.count))
    }
}

extension AppState {
    /// `path` as the UI says it: relative to the working folder when it lies under it.
    func shown(_ path: String) -> String { ShownPath.relative(path, in: workingFolder) }
}
