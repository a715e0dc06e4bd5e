import AsyncHTTPClient
import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import Logging
import NIOCore
import NIOHTTP1
import PostgresNIO

/// A warehouse that counts event definitions with `EventSQL`'s query: PostgreSQL (`postgres://user@host:port/db`,
/// the table named by `--table`) or a ClickHouse server's HTTP interface (`clickhouse://host:8123/db.table`)
/// (docs/event-records.md, "Engines").
public enum EventEngine: Sendable, Equatable {
    case postgres(url: String)
    /// The HTTP interface's base URL (`http://host:8123/`), the table the URL names, and the URL's user and password.
    case clickhouse(endpoint: String, table: String, user: String?, password: String?)

    /// Reads `--engine`'s URL.
    public init(url: String) throws(LassoError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme else {
            throw LassoError(
                .usage,
                "--engine: expected postgres://user@host:port/database or clickhouse://host:8123/db.table, found \"\(Self.redacted(url))\""
            )
        }
        switch scheme {
        case "postgres", "postgresql":
            _ = try PostgresEngine.configuration(url)
            self = .postgres(url: url)
        case "clickhouse", "clickhouses":
            guard let host = components.host, !host.isEmpty else {
                throw LassoError(
                    .usage, "--engine: expected a host in \"\(Self.redacted(url))\" (clickhouse://host:8123/db.table)")
            }
            if let port = components.port, !(1...65_535).contains(port) {
                throw LassoError(.usage, "--engine: expected a port from 1 to 65535, found \(port)")
            }
            var table = components.path
            if table.hasPrefix("/") { table.removeFirst() }
            guard EventSQL.isValidTable(table) else {
                throw LassoError(
                    .usage,
                    "--engine: expected the table after the host (clickhouse://host:8123/db.table), found \"\(table)\"")
            }
            var endpoint = URLComponents()
            endpoint.scheme = scheme == "clickhouses" ? "https" : "http"
            endpoint.host = host
            endpoint.port = components.port ?? 8123
            endpoint.path = "/"
            self = .clickhouse(
                endpoint: endpoint.string ?? "", table: table, user: components.user, password: components.password)
        default:
            throw LassoError(
                .usage, "--engine: expected a postgres:// or clickhouse:// URL, found the scheme \"\(scheme)\"")
        }
    }

    /// The URL with its password replaced by `***`, for messages.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// Runs the query for `definitions` (over the rows of `time`'s period, when given) and gives each one's count,
    /// in order.
    public func count(
        _ definitions: [EventDefinition], table: String = EventSQL.defaultTable, time: EventTimeRange? = nil
    ) async throws -> [Int] {
        switch self {
        case .postgres(let url):
            let query = try EventSQL.query(definitions, engine: .postgres, table: table, time: time)
            return try await PostgresEngine.run(query, url: url, columns: definitions.count)
        case .clickhouse(let endpoint, let table, let user, let password):
            let query = try EventSQL.query(definitions, engine: .clickhouse, table: table, time: time)
            return try await ClickHouseEngine.run(
                query, endpoint: endpoint, user: user, password: password, columns: definitions.count)
        }
    }

    /// Runs the long shape's query (`EventLongSQL`) for `definitions` and gives each one's counts per bucket, in
    /// order, keyed by the bucket's start in seconds since 1970 (UTC), as `lasso event count --bucket` counts a log.
    public func countPerBucket(
        _ definitions: [EventDefinition], bucket: EventBucket, table: String = EventSQL.defaultTable,
        time: EventTimeRange? = nil
    ) async throws -> [[Int64: Int]] {
        let rows: [[String]]
        switch self {
        case .postgres(let url):
            let query = try EventLongSQL.query(definitions, engine: .postgres, bucket: bucket, table: table, time: time)
            rows = try await PostgresEngine.rows(query, url: url)
        case .clickhouse(let endpoint, let table, let user, let password):
            let query = try EventLongSQL.query(
                definitions, engine: .clickhouse, bucket: bucket, table: table, time: time)
            rows = try await ClickHouseEngine.rows(query, endpoint: endpoint, user: user, password: password)
        }
        let index = Dictionary(
            EventSQL.columnNames(definitions).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var buckets = Array(repeating: [Int64: Int](), count: definitions.count)
        for row in rows {
            guard row.count == 3, let definition = index[row[0]], let start = EventTime(filter: row[1]),
                let count = Int(row[2])
            else {
                throw LassoError(
                    .io,
                    "the warehouse answered a row that is not (definition_key, \(bucket.rawValue), count): \(row.prefix(3).joined(separator: " | ").prefix(200))"
                )
            }
            buckets[definition][bucket.start(of: start), default: 0] += count
        }
        return buckets
    }
}
