/// How long the snapshot library keeps a screen, and how many bytes of screens at most (`lasso serve --live-days`,
/// `--live-megabytes`); an older or further screen is pruned.
public struct LiveRetention: Sendable, Equatable {
    public var days: Int
    public var maxBytes: Int

    public init(days: Int, maxBytes: Int) {
        self.days = days
        self.maxBytes = maxBytes
    }

    /// A week, and 1,000 MB.
    public static let standard = LiveRetention(days: 7, maxBytes: 1_000_000_000)
}
