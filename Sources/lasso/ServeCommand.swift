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

    func run() async throws {
        guard (0...65535).contains(port) else { throw LassoError(.usage, "--port: expected 0 to 65535, found \(port)") }
        var logger = Logger(label: "lasso.serve")
        logger.logLevel =
            ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let token = ProcessInfo.processInfo.environment["LASSO_ADMIN_TOKEN"]
        if token?.isEmpty ?? true { logger.warning("LASSO_ADMIN_TOKEN is not set: the server refuses every write") }
        let store: any ConfigStore
        var services: [any Service] = []
        let storeName: String
        if let databaseURL {
            let postgres = try PostgresConfigStore(url: databaseURL, logger: logger)
            store = postgres
            services.append(postgres.service)
            storeName = "PostgreSQL " + PostgresConfigStore.redacted(databaseURL)
        } else {
            do { store = try SQLiteConfigStore(path: db) } catch {
                throw LassoError(
                    .cannotWrite,
                    "\(db): expected a SQLite database file lasso can open or create, found an error: \(error)")
            }
            storeName = db
        }
        let server = ConfigServer(
            host: host, port: port, store: store, token: AdminToken(token), logger: logger, services: services)
        let host = self.host
        do {
            try await server.run { port in
                FileHandle.standardError.write(
                    Data("lasso serve: listening on http://\(host):\(port) (store: \(storeName))\n".utf8))
            }
        } catch {
            throw LassoError(.io, "serve on \(host):\(port): expected to listen and serve, found an error: \(error)")
        }
    }
}
