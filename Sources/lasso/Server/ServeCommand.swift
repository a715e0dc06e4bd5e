import ArgumentParser
import Foundation
import LassoServer
import LassoSnapshot
import Logging
import ServiceLifecycle

/// `lasso serve`: runs the config server until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the config server that SDKs download configs from.",
        discussion: """
            Writes need Authorization: Bearer <LASSO_ADMIN_TOKEN>; without that variable the server is read-only. \
            Storage: a SQLite file (--db, WAL mode) or PostgreSQL (--database-url) for several instances sharing one store. \
            One access-log line per request goes to standard output, messages to standard error. GET /metrics \
            (Prometheus) needs the admin token, or is served on --metrics-port without one. With --tls-cert and \
            --tls-key it answers HTTPS; SIGHUP reads the certificate again. docs/deploy.md says how to run it for real.
            """)

    @Option(help: "The SQLite database file.") var db = "./lasso-server.sqlite"
    @Option(
        name: .customLong("database-url"),
        help: "A PostgreSQL URL (postgres://user:password@host:port/database) instead of --db.")
    var databaseURL: String?
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(parsing: .unconditional, help: "The port to listen on (0: any free port).") var port = 8080
    @Option(
        name: .customLong("store-timeout"), parsing: .unconditional,
        help: "Seconds the server waits for the store, at start and on each request, before giving up (503).")
    var storeTimeout = 5.0
    @Option(
        name: .customLong("idle-timeout"), parsing: .unconditional,
        help: "Seconds a connection may stay idle, or take to send a request head, before the server closes it.")
    var idleTimeout = 30.0
    @Option(
        name: .customLong("request-timeout"), parsing: .unconditional,
        help: "Seconds a request may take to arrive whole, head and body, before the server closes its connection.")
    var requestTimeout = 60.0
    @Option(
        name: .customLong("max-connections"), parsing: .unconditional,
        help: """
            The most connections open at once (lowered to fit the open-file limit, ulimit -n); at the limit the one \
            idle longest is closed to make room.
            """)
    var maxConnections = 4096
    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "The PEM certificate to answer HTTPS with, followed by its chain (read again on SIGHUP).",
            valueName: "file"))
    var tlsCert: String?
    @Option(
        name: .customLong("tls-key"),
        help: ArgumentHelp("The PEM private key of --tls-cert, without a passphrase.", valueName: "file"))
    var tlsKey: String?
    @Option(
        name: .customLong("metrics-port"), parsing: .unconditional,
        help: "A port of its own for GET /metrics without the admin token (plain HTTP, on --host).")
    var metricsPort: Int?
    @Option(
        name: .customLong("log-format"),
        help: ArgumentHelp(
            "How the access log (standard output) and messages (standard error) are written: text or json.",
            valueName: "format"),
        transform: { text in
            guard let format = AccessLogFormat(rawValue: text) else {
                throw ValidationError("expected text or json, found \"\(text)\"")
            }
            return format
        })
    var logFormat = AccessLogFormat.text
    @Option(
        name: .customLong("live-days"),
        help: ArgumentHelp(
            "How many days the snapshot library keeps a phone's screen (live sessions).", valueName: "days"))
    var liveDays = LiveRetention.standard.days
    @Option(
        name: .customLong("live-megabytes"),
        help: ArgumentHelp(
            "The most the snapshot library keeps, in MB (10^6 bytes); the oldest screens go first.",
            valueName: "MB"))
    var liveMegabytes = LiveRetention.standard.maxBytes / 1_000_000
    @Flag(
        name: .customLong("no-access-log"),
        help: "Write no access log (a proxy in front keeps one already).")
    var noAccessLog = false
    @Flag(
        name: .customLong("no-event-loop-answers"),
        help: ArgumentHelp(
            "Answer the SDK's cached GET through the router, as every other request (for benchmarks).",
            visibility: .hidden))
    var noEventLoopAnswers = false

    func run() async throws {
        // SIGHUP re-reads the certificate (with TLS); otherwise, and before the server listens, it changes nothing,
        // and must not end the server, as its default action would (a `systemctl reload`, a closed terminal).
        signal(SIGHUP, SIG_IGN)
        guard (0...65535).contains(port) else {
            throw LassoError(.usage, "--port: expected a whole number from 0 to 65535, found \(port)")
        }
        guard storeTimeout > 0, storeTimeout <= 3600 else {
            throw LassoError(.usage, "--store-timeout: expected seconds above 0, at most 3600, found \(storeTimeout)")
        }
        guard idleTimeout > 0, idleTimeout <= 86400 else {
            throw LassoError(.usage, "--idle-timeout: expected seconds above 0, at most 86400, found \(idleTimeout)")
        }
        guard requestTimeout > 0, requestTimeout <= 86400 else {
            throw LassoError(
                .usage, "--request-timeout: expected seconds above 0, at most 86400, found \(requestTimeout)")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw LassoError(
                .usage, "--max-connections: expected a whole number from 1 to 1000000, found \(maxConnections)")
        }
        guard (1...3650).contains(liveDays) else {
            throw LassoError(.usage, "--live-days: expected a whole number from 1 to 3650, found \(liveDays)")
        }
        guard (1...1_000_000).contains(liveMegabytes) else {
            throw LassoError(
                .usage, "--live-megabytes: expected a whole number from 1 to 1000000, found \(liveMegabytes)")
        }
        if let metricsPort {
            guard (0...65535).contains(metricsPort), metricsPort != port || port == 0 else {
                throw LassoError(
                    .usage,
                    "--metrics-port: expected a whole number from 0 to 65535 other than --port, found \(metricsPort)")
            }
        }
        var tls: ServerTLS?
        switch (tlsCert, tlsKey) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            do throws(ServerTLSError) { tls = try ServerTLS(certificate: certificate, key: key) } catch {
                throw LassoError(error.missing ? .noInput : .badInput, error.description)
            }
        case (nil, _?):
            throw LassoError(.usage, "--tls-key: expected --tls-cert with it, found --tls-key alone")
        case (_?, nil):
            throw LassoError(.usage, "--tls-cert: expected --tls-key with it, found --tls-cert alone")
        }
        let openFiles = OpenFileLimit.raise(toward: maxConnections + ServerLimits.reservedFiles)
        let limits = ServerLimits(
            storeTimeout: .milliseconds(Int64(storeTimeout * 1000)),
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), maxConnections: maxConnections,
            requestTimeout: .milliseconds(Int64(requestTimeout * 1000))
        ).fitting(openFiles: openFiles)
        if limits.maxConnections < maxConnections {
            FileHandle.standardError.write(
                Data(
                    "lasso serve: at most \(limits.maxConnections) connections: --max-connections \(maxConnections) and \(ServerLimits.reservedFiles) files for the server itself do not fit the open-file limit (ulimit -n \(openFiles))\n"
                        .utf8))
        }
        if logFormat == .json { LoggingSystem.bootstrap(JSONLogHandler.init) }
        var logger = Logger(label: "lasso.serve")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let token = ProcessInfo.processInfo.environment["LASSO_ADMIN_TOKEN"]
        if let token, let refusal = AdminToken.refusal(of: token, from: "LASSO_ADMIN_TOKEN") {
            throw LassoError(.usage, refusal)
        }
        if token?.isEmpty ?? true { logger.warning("LASSO_ADMIN_TOKEN is not set: the server refuses every write") }
        let store: any DocumentStore
        var services: [any Service] = []
        let storeName: String
        let storeExpected: String
        // Held until the server ends: one server per SQLite file.
        var fileLock: SQLiteServeLock?
        if let databaseURL {
            let postgres = try PostgresDocumentStore(url: databaseURL, logger: logger)
            store = postgres
            services.append(postgres.service)
            storeName = "PostgreSQL " + PostgresDocumentStore.redacted(databaseURL)
            storeExpected =
                "--database-url \(PostgresDocumentStore.redacted(databaseURL)): expected a PostgreSQL server that answers"
        } else {
            do throws(SQLiteServeLockError) { fileLock = try SQLiteServeLock(database: db) } catch {
                throw LassoError(error.held ? .conflict : .cannotWrite, error.message)
            }
            do { store = try SQLiteDocumentStore(path: db) } catch {
                throw LassoError(
                    .cannotWrite,
                    "\(db): expected a SQLite database file lasso can open or create, found an error: \(SystemErrorWords.describe(error))"
                )
            }
            storeName = db
            storeExpected = "\(db): expected a SQLite database that answers"
        }
        defer { withExtendedLifetime(fileLock) {} }
        var server = ConfigServer(
            host: host, port: port, store: store, token: AdminToken(token), logger: logger, services: services,
            limits: limits)
        server.eventLoopAnswers = !noEventLoopAnswers
        server.liveRetention = LiveRetention(days: liveDays, maxBytes: liveMegabytes * 1_000_000)
        server.tls = tls
        server.metricsPort = metricsPort
        server.metrics.bootstrapMetricsSystem()
        if !noAccessLog { server.accessLog = AccessLog(format: logFormat, metrics: server.metrics, logger: logger) }
        let host = self.host
        let scheme = tls == nil ? "http" : "https"
        let certificate = tls.map { "; TLS: \($0.description)" } ?? ""
        let connections = limits.maxConnections
        let idle = Self.seconds(idleTimeout)
        let whole = Self.seconds(requestTimeout)
        do {
            let json = logFormat == .json
            let logger = logger
            try await server.run(
                onRunning: { port in
                    Self.say(
                        "lasso serve: listening on \(scheme)://\(host):\(port) (store: \(storeName); at most \(connections) connections, idle timeout \(idle) s, request timeout \(whole) s\(certificate))",
                        json: json, logger: logger)
                },
                onMetricsRunning: { port in
                    Self.say("lasso serve: metrics on http://\(host):\(port)/metrics", json: json, logger: logger)
                })
            // Stopped by SIGTERM or SIGINT, the requests in flight answered: said, so a stop is never silent.
            Self.say("lasso serve: stopped (SIGTERM or SIGINT), every request answered", json: json, logger: logger)
        } catch let error as MetricsPortError {
            throw LassoError(
                .io,
                "--metrics-port \(error.port): expected a port to serve the metrics on, found an error: \(SystemErrorWords.describe(error.underlying))"
            )
        } catch let error as StoreUnavailable {
            throw LassoError(
                .io,
                "\(storeExpected) within \(Self.seconds(storeTimeout)) s (--store-timeout), found an error: \(error)")
        } catch {
            throw LassoError(
                .io,
                "serve on \(host):\(port): expected to listen and serve, found an error: \(SystemErrorWords.describe(error))"
            )
        }
    }

    /// A start-up line on standard error, whatever `LOG_LEVEL` says: as it is, or with `--log-format json` as one of
    /// the log's JSON lines.
    static func say(_ line: String, json: Bool, logger: Logger) {
        if json {
            JSONLogHandler.write(level: .notice, label: logger.label, message: line)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Seconds as the options take them: `30`, `0.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
