import CoreMetrics
import Foundation
import Prometheus
import Synchronization

/// What the server counts for its operator, kept in one Prometheus registry that `GET /metrics` prints: requests by
/// route, method and status with their latency, the answer cache's hits and misses, the store's round trips, and the
/// connections opened and closed early.
///
/// Each series is made once and kept: a request adds to counters it finds in a dictionary (or, for the SDK's GET that
/// the event loop answers, in fields made at start), so no request registers anything.
public final class ServerMetrics: Sendable {
    /// The registry `GET /metrics` prints; `lasso serve` also hands it to swift-metrics (``bootstrapMetricsSystem()``),
    /// so that the libraries' own metrics join it.
    public let registry = PrometheusCollectorRegistry()

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct RequestSeries {
        var count: Prometheus.Counter
        var bytes: Prometheus.Counter
    }

    private let requestSeries = Mutex([RequestKey: RequestSeries]())
    private let latencies: Mutex<[String: DurationHistogram]>
    /// The event loop's answers to the SDK's GET: 200 and 304, to GET and HEAD, made at start.
    private let configsAnswers: [RequestKey: RequestSeries]
    private let configsLatency: DurationHistogram

    private let cacheHits: Prometheus.Counter
    private let cacheMisses: Prometheus.Counter
    private let storeCalls: [StoreOutcome: Prometheus.Counter]
    private let storeLatency: DurationHistogram
    private let connectionsOpen: Prometheus.Gauge
    private let connectionsOpened: Prometheus.Counter
    private let closedEarly: [EarlyClose: Prometheus.Counter]
    private let accessLogDropped: Prometheus.Counter
    private let certificateEnds: Prometheus.Gauge
    private let certificateReloadFailures: Prometheus.Counter

    /// How a store call ended.
    enum StoreOutcome: String, CaseIterable {
        case ok, failed, timeout
    }

    /// Why the server closed a connection before its client did.
    enum EarlyClose: String, CaseIterable {
        /// No whole request part for the idle timeout.
        case idleTimeout = "idle_timeout"
        /// A request that did not arrive whole within the request timeout.
        case requestTimeout = "request_timeout"
        /// A body arriving too slowly near the connection limit.
        case slowBody = "slow_body"
        /// The connection idle longest, closed at the connection limit to make room for a new one.
        case madeRoom = "made_room"
        /// A TLS error: a handshake that failed (plain HTTP on the TLS port, a certificate the client refused), or a
        /// record that did not read.
        case tlsError = "tls_error"
    }

    private static let requestsName = "lasso_http_requests_total"
    private static let requestsHelp = "Requests answered, by route pattern, method and status."
    private static let bytesName = "lasso_http_response_body_bytes_total"
    private static let bytesHelp = "Bytes of response bodies sent, by route pattern, method and status."
    private static let latencyName = "lasso_http_request_duration_seconds"
    private static let latencyHelp = "Time from a request's head read to its answer written, by route pattern."
    private static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    public init() {
        let registry = registry
        var answers: [RequestKey: RequestSeries] = [:]
        for method in ["GET", "HEAD"] {
            for status in [200, 304] {
                let key = RequestKey(route: RouteName.configs, method: method, status: status)
                answers[key] = Self.series(key, in: registry)
            }
        }
        configsAnswers = answers
        let configsLatency = Self.latency(RouteName.configs, in: registry)
        self.configsLatency = configsLatency
        latencies = Mutex([RouteName.configs: configsLatency])
        cacheHits = registry.makeCounter(
            name: "lasso_answer_cache_hits_total",
            help: "Answers to the SDKs' config questions given from the cache, without reading the store.")
        cacheMisses = registry.makeCounter(
            name: "lasso_answer_cache_misses_total",
            help: "Answers to the SDKs' config questions that had to read the store.")
        storeCalls = Self.counters(
            "lasso_store_calls_total", label: "outcome",
            help: "Round trips to the store, by how they ended (ok, failed, timeout).", in: registry)
        storeLatency = registry.makeDurationHistogram(
            name: "lasso_store_call_duration_seconds", buckets: Self.latencyBuckets,
            help: "Time of each round trip to the store.")
        connectionsOpen = registry.makeGauge(name: "lasso_connections_open", help: "Connections open now.")
        connectionsOpened = registry.makeCounter(
            name: "lasso_connections_opened_total", help: "Connections accepted since the server started.")
        closedEarly = Self.counters(
            "lasso_connections_closed_early_total", label: "reason",
            help: "Connections the server closed before its client did, by why.", in: registry)
        certificateEnds = registry.makeGauge(
            name: "lasso_tls_certificate_not_after_timestamp_seconds",
            help: "When the certificate in use ends, in seconds since 1970 (0 without TLS).")
        certificateReloadFailures = registry.makeCounter(
            name: "lasso_tls_certificate_reload_failures_total",
            help: "SIGHUPs whose certificate and key did not load (the certificate in use was kept).")
        accessLogDropped = registry.makeCounter(
            name: "lasso_access_log_dropped_total",
            help: "Access-log lines dropped: the output refused them (a full disk, a closed pipe) or did not keep up.")
    }

    /// A request was answered: `status`, with `bodyBytes` of body, `elapsed` after its head was read.
    func answered(route: String, method: String, status: Int, bodyBytes: Int, elapsed: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let series =
            configsAnswers[key]
            ?? requestSeries.withLock { series in
                if let known = series[key] { return known }
                let made = Self.series(key, in: registry)
                series[key] = made
                return made
            }
        series.count.increment()
        if bodyBytes > 0 { series.bytes.increment(by: Int64(bodyBytes)) }
        let latency =
            route == RouteName.configs
            ? configsLatency
            : latencies.withLock { latencies in
                if let known = latencies[route] { return known }
                let made = Self.latency(route, in: registry)
                latencies[route] = made
                return made
            }
        latency.record(elapsed)
    }

    /// One counter of the family `name` for each case of `Label`, labelled `label` with the case's raw value.
    private static func counters<Label: CaseIterable & RawRepresentable & Hashable>(
        _ name: String, label: String, help: String, in registry: PrometheusCollectorRegistry
    ) -> [Label: Prometheus.Counter] where Label.RawValue == String {
        Dictionary(
            uniqueKeysWithValues: Label.allCases.map {
                ($0, registry.makeCounter(name: name, labels: [(label, $0.rawValue)], help: help))
            })
    }

    private static func series(_ key: RequestKey, in registry: PrometheusCollectorRegistry) -> RequestSeries {
        let labels = [("route", key.route), ("method", key.method), ("status", String(key.status))]
        return RequestSeries(
            count: registry.makeCounter(name: requestsName, labels: labels, help: requestsHelp),
            bytes: registry.makeCounter(name: bytesName, labels: labels, help: bytesHelp))
    }

    private static func latency(_ route: String, in registry: PrometheusCollectorRegistry) -> DurationHistogram {
        registry.makeDurationHistogram(
            name: latencyName, labels: [("route", route)], buckets: latencyBuckets, help: latencyHelp)
    }

    /// A store call ended, as `outcome`, after `elapsed`.
    func storeCall(_ outcome: StoreOutcome, elapsed: Duration) {
        storeCalls[outcome]?.increment()
        storeLatency.record(elapsed)
    }

    /// An answer to an SDK's config question was given from the cache (`true`), or had to read the store.
    func cached(_ hit: Bool) { (hit ? cacheHits : cacheMisses).increment() }

    /// A connection opened (`opened`) or closed, leaving `open` connections.
    func connections(open: Int, opened: Bool) {
        if opened { connectionsOpened.increment() }
        connectionsOpen.set(Double(open))
    }

    /// The certificate in use ends at `date`.
    func certificate(endsAt date: Date) { certificateEnds.set(date.timeIntervalSince1970) }

    /// A SIGHUP's certificate and key did not load.
    func certificateReloadFailed() { certificateReloadFailures.increment() }

    /// `count` access-log lines were dropped.
    func accessLogDropped(_ count: Int) { accessLogDropped.increment(by: Int64(count)) }

    /// The server closed a connection before its client did, for `reason`.
    func closedEarly(_ reason: EarlyClose) { closedEarly[reason]?.increment() }

    /// The page `GET /metrics` answers: Prometheus's text format, version 0.0.4.
    public func page() -> [UInt8] { registry.emitToBuffer() }

    /// The content type of ``page()``.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Makes this registry swift-metrics' for the whole process, so metrics that libraries record through
    /// swift-metrics are printed with the server's own; once per process (`lasso serve` calls it).
    public func bootstrapMetricsSystem() {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }
}
