import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// How a PostgreSQL store reaches its server: the URL read into the pool's settings, a connection's own settings
/// for the first check, the URL as logs show it, and what an error says.
extension PostgresDocumentStore {
    static func configuration(_ url: String) throws(LassoError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "")
        else {
            throw LassoError(
                .usage,
                "--database-url: expected postgres://user:password@host:port/database, found \"\(redacted(url))\"")
        }
        // A port past 65535 would be cut to 16 bits by the socket layer (99999 → 34463): refused instead.
        if let port = components.port, !(1...65_535).contains(port) {
            throw LassoError(
                .usage, "--database-url: expected a port from 1 to 65535, found \(port) in \"\(redacted(url))\"")
        }
        let user = components.user ?? "postgres"
        let password = components.password
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        let socketFolder = components.queryItems?.first { $0.name == "host" }?.value
        if let socketFolder, socketFolder.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password,
                database: database.isEmpty ? nil : database)
        }
        guard let host = components.host, !host.isEmpty else {
            throw LassoError(
                .usage, "--database-url: expected a host (postgres://user@host/db), found none in \"\(redacted(url))\"")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password,
            database: database.isEmpty ? nil : database, tls: .disable)
    }

    /// The URL with its password replaced by `***`, for messages and logs.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// What went wrong, with PostgresNIO's details (its plain description hides them).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// The settings of the pool's connections, for one connection of its own.
    static func connectionConfiguration(_ pool: PostgresClient.Configuration) -> PostgresConnection.Configuration {
        if let path = pool.unixSocketPath {
            return PostgresConnection.Configuration(
                unixSocketPath: path, username: pool.username, password: pool.password, database: pool.database)
        }
        return PostgresConnection.Configuration(
            host: pool.host ?? "localhost", port: pool.port ?? 5432, username: pool.username, password: pool.password,
            database: pool.database, tls: .disable)
    }
}

/// Runs a PostgreSQL connection pool inside a service group, ending it when the group shuts down.
struct PoolService: Service {
    let client: PostgresClient

    func run() async throws {
        await cancelWhenGracefulShutdown { await client.run() }
    }
}
