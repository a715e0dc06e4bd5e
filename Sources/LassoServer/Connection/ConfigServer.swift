import Hummingbird
import HummingbirdCore
import LassoDocuments
import Logging
import NIOCore
import ServiceLifecycle

/// The config server: a Hummingbird application over a store, stopping gracefully on SIGTERM and SIGINT.
public struct ConfigServer: Sendable {
    public var host: String
    public var port: Int
    public let store: any DocumentStore
    /// The built answers of the SDK's GET, shared by the router, the event-loop path and, with a shared store, the
    /// follower of its change notifications.
    public let cache: ConfigCache
    /// What `GET /health` answers from, told of every store call and write, and of the check and scan at start.
    public let health = HealthRecord()
    /// What `GET /metrics` prints: told of every request, store call and connection.
    public let metrics = ServerMetrics()
    /// One line per request to standard output; nil: none.
    public var accessLog: AccessLog?
    /// The certificate and key of `--tls-cert` and `--tls-key`; nil: plain HTTP.
    public var tls: ServerTLS?
    /// A port of its own on which `GET /metrics` is answered without the admin token (`--metrics-port`); nil: only
    /// the main port answers it, to the admin token.
    public var metricsPort: Int?
    public var token: AdminToken
    public var logger: Logger
    /// Services to run beside the HTTP server (a PostgreSQL connection pool).
    public var services: [any Service]
    public var limits: ServerLimits
    /// Whether cached answers to the SDK's GET are given on the event loop, ahead of the router (``ConnectionHandler``);
    /// off, the router answers them too (`lasso serve --no-event-loop-answers`, for comparison).
    public var eventLoopAnswers = true
    /// How long and how much of the snapshot library is kept (live sessions).
    public var liveRetention = LiveRetention.standard
    /// The phones streaming now, shared by every route.
    public let live = LiveSessions()

    public init(
        host: String = "127.0.0.1", port: Int = 8080, store: any DocumentStore, token: AdminToken, logger: Logger,
        services: [any Service] = [], limits: ServerLimits = .standard
    ) {
        self.host = host
        self.port = port
        self.store = store
        cache = ConfigCache(trusted: !store.isShared)
        self.token = token
        self.logger = logger
        self.services = services
        self.limits = limits
    }

    /// The router with every route of the API; each `GET` route answers `HEAD` too, with the `GET`'s status and header
    /// fields and no body (RFC 9110 §9.3.2: the connection drops the body, ``ConnectionHandler``).
    public func router() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        api().register(on: router)
        return router
    }

    /// The routes' handlers over this server's store, cache and health record.
    func api() -> ConfigAPI {
        var api = ConfigAPI(store: store, cache: cache, health: health, token: token, logger: logger)
        api.storeTimeout = limits.storeTimeout
        api.metrics = metrics
        api.live = live
        api.liveRetention = liveRetention
        return api
    }

    /// The application; `onRunning` gets the port it listens on (useful with port 0), `onMetricsRunning` the metrics
    /// port's.
    ///
    /// Before it listens, the store must answer within the store timeout: a store that is not there stops the server
    /// with ``StoreUnavailable`` instead of every request waiting on it.
    ///
    /// A connection without a whole request part for the idle timeout is closed (an idle keep-alive, or a head sent
    /// slowly), and so is one whose request has not arrived whole within the request timeout (a body sent a byte at a
    /// time); at most `maxConnections` are open: at the limit the one idle longest is closed to make room, and when
    /// every one is busy, new ones wait in the listen backlog. With a shared store, a ``ChangeFollower`` keeps the cache
    /// told of other instances' writes.
    public func application(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onMetricsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let connections = ConnectionTable(limit: limits.maxConnections, metrics: metrics)
        let recorder = RequestRecorder(metrics: metrics, accessLog: accessLog)
        let cache = eventLoopAnswers ? cache : nil
        let limits = limits
        let tls = tls
        var services = services
        services.append(StoreWatch(api: api()))
        if store.isShared {
            services.append(ChangeFollower(store: store, cache: self.cache, timeout: limits.storeTimeout))
        }
        if let tls { services.append(CertificateReloader(tls: tls, metrics: metrics, logger: logger)) }
        if let metricsPort { services.append(metricsApplication(port: metricsPort, onRunning: onMetricsRunning)) }
        var application = Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                ServerChannel(
                    responder: responder, table: connections, recorder: recorder, tls: tls, cache: cache,
                    limits: limits)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: logger)),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let store = store
        let limit = limits.storeTimeout
        let health = health
        application.beforeServerStarts {
            do { try await StoreDeadline.run(limit, "answer at start") { try await store.check() } } catch {
                throw StoreUnavailable("the \(store.kind) store failed its check at start: \(error)")
            }
            health.roundTrip(error: nil)
            // A stored document that does not read is left out of every answer: said once at start, never silently.
            let unreadable =
                (try? await StoreDeadline.run(limit, "list unreadable documents") {
                    try await store.unreadableDocuments()
                }) ?? []
            health.scanned(unreadable)
            for item in unreadable {
                logger.error(
                    "a stored \(item.kind.noun) does not read as one; the SDKs are not sent it (GET /health lists it until it is written again)",
                    metadata: [
                        "kind": "\(item.kind.rawValue)", "appKey": "\(item.appKey)", "id": "\(item.id)",
                        "problem": "\(item.problem)",
                    ])
            }
        }
        return application
    }

    /// The listener of `--metrics-port`: `GET /metrics` alone, without the admin token, plain HTTP (an operator keeps
    /// the port to the network the scraper is on), behind the same connection keeper as the API (idle and request
    /// timeouts) with at most ``metricsConnections`` connections, counted apart from the API's.
    private func metricsApplication(port: Int, onRunning: @escaping @Sendable (Int) async -> Void) -> some Service {
        let router = Router()
        let metrics = metrics
        router.get("/metrics") { _, _ in MetricsPage(metrics: metrics) }
        var metricsLimits = limits
        metricsLimits.maxConnections = Self.metricsConnections
        let limits = metricsLimits
        let own = ServerMetrics()
        let table = ConnectionTable(limit: limits.maxConnections, metrics: own)
        let recorder = RequestRecorder(metrics: own, accessLog: nil)
        let application = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                ServerChannel(
                    responder: responder, table: table, recorder: recorder, tls: nil, cache: nil, limits: limits)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
        return MetricsListener(application: application, port: port)
    }

    /// The most connections the metrics port keeps open: a scraper or two, and an operator's curl.
    static let metricsConnections = 64

    /// Runs until SIGTERM or SIGINT, then finishes the requests in flight, writes the access log's last lines and
    /// closes the store.
    public func run(
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onMetricsRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        defer { accessLog?.finish() }
        do {
            try await application(onRunning: onRunning, onMetricsRunning: onMetricsRunning).runService()
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}

/// Runs a shared store's change notifications into the cache for as long as the server runs.
struct ChangeFollower: Service {
    let store: any DocumentStore
    let cache: ConfigCache
    /// The store timeout: how long the store may take to show it is still there.
    let timeout: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown { await store.followChanges(into: cache, timeout: timeout) }
        // A store with no notifications to follow returns at once: the service still lasts as long as the server.
        try? await gracefulShutdown()
    }
}

/// The metrics port's listener, whose failure to start (a port in use) is said as the metrics port's.
struct MetricsListener<Listener: Service>: Service {
    let application: Listener
    let port: Int

    func run() async throws {
        do { try await application.run() } catch { throw MetricsPortError(port: port, underlying: error) }
    }
}

/// `--metrics-port` could not be listened on, or its listener failed.
public struct MetricsPortError: Error, CustomStringConvertible {
    public let port: Int
    public let underlying: any Error

    public var description: String { "--metrics-port \(port): \(underlying)" }
}
