import Foundation
import LassoSnapshot
import Logging
import PostgresNIO

/// Runs a counting query on PostgreSQL over one connection and reads its rows: one row of counts, or the long shape's.
enum PostgresEngine {
    static func configuration(_ url: String) throws(LassoError) -> PostgresConnection.Configuration {
        let shown = EventEngine.redacted(url)
        guard let components = URLComponents(string: url) else {
            throw LassoError(.usage, "--engine: expected postgres://user@host:port/database, found \"\(shown)\"")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw LassoError(.usage, "--engine: expected a port from 1 to 65535, found \(port) in \"\(shown)\"")
        }
        let user = components.user ?? "postgres"
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        if let folder = components.queryItems?.first(where: { $0.name == "host" })?.value, folder.hasPrefix("/") {
            return PostgresConnection.Configuration(
                unixSocketPath: "\(folder)/.s.PGSQL.\(components.port ?? 5432)", username: user,
                password: components.password, database: database.isEmpty ? nil : database)
        }
        guard let host = components.host, !host.isEmpty else {
            throw LassoError(.usage, "--engine: expected a host (postgres://user@host/db), found none in \"\(shown)\"")
        }
        return PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password,
            database: database.isEmpty ? nil : database, tls: .disable)
    }

    /// Runs `query` and gives its one row of counts, one per definition.
    static func run(_ query: String, url: String, columns: Int) async throws -> [Int] {
        let rows = try await self.rows(query, url: url)
        let counts = rows.first?.compactMap { Int($0) } ?? []
        guard rows.count == 1, counts.count == columns else {
            throw LassoError(.io, "PostgreSQL answered \(counts.count) counts for \(columns) definitions")
        }
        return counts
    }

    /// Runs `query` and gives every row, each cell as text (a number as its digits).
    static func rows(_ query: String, url: String) async throws -> [[String]] {
        let logger = Logger(label: "lasso.engine") { _ in SwiftLogNoOpLogHandler() }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try configuration(url), id: 1, logger: logger)
        } catch let error as LassoError {
            throw error
        } catch {
            throw LassoError(.io, "\(EventEngine.redacted(url)): cannot connect: \(Self.words(for: error))")
        }
        do {
            var answer: [[String]] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: query), logger: logger)
            for try await row in rows {
                answer.append(
                    try row.map { cell in
                        try (try? cell.decode(Int64.self)).map(String.init) ?? cell.decode(String.self)
                    })
            }
            try await connection.close()
            return answer
        } catch let error as LassoError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            throw LassoError(.io, "\(EventEngine.redacted(url)): the query failed: \(Self.words(for: error))")
        }
    }

    /// PostgreSQL's own message when the server sent one, else the system's words for what failed underneath.
    static func words(for error: any Error) -> String {
        guard let failure = error as? PSQLError else { return SystemErrorWords.describe(error) }
        if let message = failure.serverInfo?[.message] { return message }
        if let underlying = failure.underlying { return SystemErrorWords.describe(underlying) }
        return "\(failure.code)"
    }
}
