/// What `lasso --version` prints: the package's version and the git commit the binary was built from.
enum BuildInfo {
    /// The version of the lasso package; raised with each release of the tool.
    static let packageVersion = "0.8.0"

    /// `0.8.0 (commit 0123456789ab)`, or `(commit unknown)` for a build outside a git checkout.
    static var line: String { "\(packageVersion) (commit \(buildCommit))" }
}
