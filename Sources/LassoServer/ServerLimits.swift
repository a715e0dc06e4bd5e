/// The bounds the server keeps so a slow store or a crowd of clients cannot stall it (`lasso serve` options).
public struct ServerLimits: Sendable, Equatable {
    /// The longest the server waits for the store on one call (and at start) before answering 503.
    public var storeTimeout: Duration

    public init(storeTimeout: Duration = .seconds(5)) {
        self.storeTimeout = storeTimeout
    }

    /// What `lasso serve` uses unless told otherwise.
    public static let standard = ServerLimits()
}
