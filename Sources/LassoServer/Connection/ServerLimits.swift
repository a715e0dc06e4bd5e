/// The bounds the server keeps so a slow store or a crowd of clients cannot stall it (`lasso serve` options).
public struct ServerLimits: Sendable, Equatable {
    /// The longest the server waits for the store on one call (and at start) before answering 503.
    public var storeTimeout: Duration
    /// How long a connection may go without a whole request part (idle keep-alive, or a request head arriving
    /// slowly) before the server closes it.
    public var idleTimeout: Duration
    /// The most connections open at once; at the limit the connection idle longest is closed to make room.
    public var maxConnections: Int
    /// How long a request may take to arrive whole, head and body, before the server closes its connection: a body
    /// sent a byte at a time, just within the idle timeout, cannot hold a connection for ever.
    public var requestTimeout: Duration
    /// Near the connection limit (``ConnectionTable/isNearLimit``), how long a request body may take to arrive whole
    /// before its connection is closed to make room: bodies sent slowly by many clients cannot lock others out until
    /// the request timeout.
    public var slowBodyTimeout: Duration
    /// Near the connection limit, the fewest bytes a second a request body must average, once it has been arriving for
    /// ``slowBodyGrace``, or its connection is closed to make room.
    public var minBodyRate: Int

    /// How long a body arrives before its rate is judged.
    public static let slowBodyGrace = Duration.seconds(1)

    public init(
        storeTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(30), maxConnections: Int = 4096,
        requestTimeout: Duration = .seconds(60), slowBodyTimeout: Duration = .seconds(10), minBodyRate: Int = 1024
    ) {
        self.storeTimeout = storeTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.requestTimeout = requestTimeout
        self.slowBodyTimeout = slowBodyTimeout
        self.minBodyRate = minBodyRate
    }

    /// What `lasso serve` uses unless told otherwise.
    public static let standard = ServerLimits()

    /// Open files the server keeps for itself beside its connections: the store's files or sockets, the listening
    /// socket, event loops, standard streams.
    public static let reservedFiles = 128

    /// These limits with `maxConnections` lowered, when needed, so connections and ``reservedFiles`` fit in
    /// `openFiles` descriptors (`ulimit -n`): past that, accepting fails and the server stops answering anyone.
    public func fitting(openFiles: Int) -> ServerLimits {
        var fitted = self
        fitted.maxConnections = max(1, min(maxConnections, openFiles - Self.reservedFiles))
        return fitted
    }
}
