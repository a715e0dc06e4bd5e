import Foundation

/// Where the `lasso` binary that the build made is, for tests that run it: `LASSO_BIN`, else beside the test bundle.
public enum LassoBinary {
    /// The package root, found from this file's place.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    public static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["LASSO_BIN"] { return explicit }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("lasso").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/lasso").path
    }()
}
