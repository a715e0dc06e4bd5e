import ArgumentParser
import Foundation
import LassoCore
import LassoServer
import Logging
import ServiceLifecycle

/// `lasso serve`: runs the config server until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the config server that SDKs download configs from.",
        discussion: """
            Writes need Authorization: Bearer <LASSO_ADMIN_TOKEN>; without that variable the server is read-only. \
            Storage: a SQLite file (--db, WAL mode) or PostgreSQL (--database-url) for several instances sharing one store.
            """)

    @Option(help: "The SQLite database file.") var db = "./lasso-server.sqlite"
    @Option(
        name: .customLong("database-url"),
        help: "A PostgreSQL URL (postgres://user:password@host:port/database) instead of --db.")
    var databaseURL: String?
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port).") var port = 8080
    @Option(
        name: .customLong("store-timeout"),
        help: "Seconds the server waits for the store, at start and on each request, before giving up (503).")
    var storeTimeout = 5.0

    func run() async throws {
        guard (0...65535).contains(port) else { throw LassoError(.usage, "--port: expected 0 to 65535, found \(port)") }
        guard storeTimeout > 0, storeTimeout <= 3600 else {
            throw LassoError(.usage, "--store-timeout: expected seconds above 0, at most 3600, found \(storeTimeout)")
        }
        let limits = ServerLimits(storeTimeout: .milliseconds(Int64(storeTimeout * 1000)))
        var logger = Logger(label: "lasso.serve")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let token = ProcessInfo.processInfo.environment["LASSO_ADMIN_TOKEN"]
        if token?.isEmpty ?? true { logger.warning("LASSO_ADMIN_TOKEN is not set: the server refuses every write") }
        let store: any ConfigStore
        var services: [any Service] = []
        let storeName: String
        let storeExpected: String
        if let databaseURL {
            let postgres = try PostgresConfigStore(url: databaseURL, logger: logger)
            store = postgres
            services.append(postgres.service)
            storeName = "PostgreSQL " + PostgresConfigStore.redacted(databaseURL)
            storeExpected =
                "--database-url \(PostgresConfigStore.redacted(databaseURL)): expected a PostgreSQL server that answers"
        } else {
            do { store = try SQLiteConfigStore(path: db) } catch {
                throw LassoError(
                    .cannotWrite,
                    "\(db): expected a SQLite database file lasso can open or create, found an error: \(error)")
            }
            storeName = db
            storeExpected = "\(db): expected a SQLite database that answers"
        }
        let server = ConfigServer(
            host: host, port: port, store: store, token: AdminToken(token), logger: logger, services: services,
            limits: limits)
        let host = self.host
        do {
            try await server.run { port in
                FileHandle.standardError.write(
                    Data("lasso serve: listening on http://\(host):\(port) (store: \(storeName))\n".utf8))
            }
        } catch let error as StoreUnavailable {
            let limit = storeTimeout == storeTimeout.rounded() ? String(Int(storeTimeout)) : String(storeTimeout)
            throw LassoError(.io, "\(storeExpected) within \(limit) s (--store-timeout), found an error: \(error)")
        } catch {
            throw LassoError(.io, "serve on \(host):\(port): expected to listen and serve, found an error: \(error)")
        }
    }
}
