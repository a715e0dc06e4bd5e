import AsyncHTTPClient
import Foundation
import LassoSnapshot
import NIOCore
import NIOHTTP1

/// Sends a counting query to a ClickHouse server's HTTP interface (a POST of the query's text) and reads its one row
/// of counts, tab-separated.
enum ClickHouseEngine {
    /// The longest answer read: one row of numbers.
    static let maxAnswer = 1 << 20

    /// The HTTP client: a server that refuses the connection is said at once (the shared client retries connecting
    /// until the query's 600 s deadline), and one that never answers the connect gives up after 10 s.
    static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    static func run(
        _ query: String, endpoint: String, user: String?, password: String?, columns: Int
    ) async throws -> [Int] {
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
        let cells = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t")
        let counts = cells.compactMap { Int($0) }
        guard counts.count == columns, cells.count == columns else {
            throw LassoError(
                .io, "\(shown): expected one row of \(columns) counts, found \"\(text.prefix(200))\"")
        }
        return counts
    }
}
