import AsyncHTTPClient
import Foundation
import LassoSnapshot
import NIOCore
import NIOHTTP1

/// Sends a counting query to a ClickHouse server's HTTP interface (a POST of the query's text) and reads its rows,
/// tab-separated: one row of counts, or the long shape's.
enum ClickHouseEngine {
    /// The longest answer read: a row of numbers, or the long shape's rows of a definition key, a bucket and a count.
    static let maxAnswer = 64 << 20

    /// The HTTP client: a server that refuses the connection is said at once (the shared client retries connecting
    /// until the query's 600 s deadline), and one that never answers the connect gives up after 10 s.
    static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Runs `query` and gives its one row of counts, one per definition.
    static func run(
        _ query: String, endpoint: String, user: String?, password: String?, columns: Int
    ) async throws -> [Int] {
        let rows = try await self.rows(query, endpoint: endpoint, user: user, password: password)
        let counts = rows.first?.compactMap { Int($0) } ?? []
        guard rows.count == 1, counts.count == columns, rows[0].count == columns else {
            throw LassoError(
                .io,
                "\(EventEngine.redacted(endpoint)): expected one row of \(columns) counts, found \(rows.count) rows")
        }
        return counts
    }

    /// Runs `query` and gives every row of its tab-separated answer, each cell unescaped.
    static func rows(
        _ query: String, endpoint: String, user: String?, password: String?
    ) async throws -> [[String]] {
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        // ClickHouse's own headers for the user and password, kept out of the URL and its logs.
        if let user { request.headers.add(name: "X-ClickHouse-User", value: user.removingPercentEncoding ?? user) }
        if let password {
            request.headers.add(name: "X-ClickHouse-Key", value: password.removingPercentEncoding ?? password)
        }
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.body = .bytes(ByteBuffer(string: query + "\nFORMAT TabSeparated"))
        let shown = EventEngine.redacted(endpoint)
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(600))
        } catch {
            throw LassoError(.io, "\(shown): cannot reach ClickHouse: \(SystemErrorWords.describe(error))")
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: maxAnswer)
        } catch {
            throw LassoError(.io, "\(shown): the answer could not be read: \(SystemErrorWords.describe(error))")
        }
        let text = String(buffer: body)
        guard response.status == .ok else {
            throw LassoError(
                .io, "\(shown): ClickHouse refused the query (\(response.status.code)): \(text.prefix(500))")
        }
        return text.split(separator: "\n").map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped($0) }
        }
    }

    /// A TabSeparated cell's text: `\\`, `\t`, `\n` and the other backslash escapes ClickHouse writes, undone.
    static func unescaped(_ cell: Substring) -> String {
        guard cell.contains("\\") else { return String(cell) }
        var text = ""
        var escaped = false
        for character in cell {
            if escaped {
                switch character {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "0": text.append("\0")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
