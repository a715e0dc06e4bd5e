import Foundation

/// One folder in the system's temporary folder for everything a test process writes, taken away when the process
/// ends: tests that leave their files (a server may still be closing a store, a failed test skips its clean-up) leave
/// nothing behind in /tmp.
public enum TestRunFolder {
    /// The folder, made the first time it is asked for.
    public static let path: String = {
        let folder = NSTemporaryDirectory() + "lasso-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestRunFolder.path) }
        return folder
    }()

    /// A new path in the folder whose name starts with `prefix` (nothing is made there).
    public static func fresh(_ prefix: String) -> String { path + "/" + prefix + UUID().uuidString }
}
