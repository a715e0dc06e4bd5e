import AsyncHTTPClient
import Foundation
import LassoServer
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// A config server listening on 127.0.0.1 at a free port for one test, and a plain HTTP client to it.
struct LiveServer {
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }

    /// Runs `body` with the server up, then stops it.
    static func with<T: Sendable>(
        _ store: any DocumentStore, limits: ServerLimits = Fixtures.limits, _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        try await with(server: Fixtures.server(store, limits: limits), body)
    }

    /// Runs `body` with `server` up, then stops it.
    static func with<T: Sendable>(server: ConfigServer, _ body: (LiveServer) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = server.application { port in continuation.yield(port) }
        let task = Task {
            defer { continuation.finish() }
            try await application.run()
        }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            // The server stopped before it listened (its store did not answer): say why.
            try await task.value
            throw CancellationError()
        }
        return try await body(LiveServer(port: port))
    }

    /// Sends a request; returns status and body text.
    func send(
        _ method: HTTPMethod, _ path: String, body: String? = nil, headers: [(String, String)] = [],
        timeout: TimeAmount = .seconds(30)
    ) async throws -> (status: Int, body: String, headers: HTTPHeaders) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), String(buffer: bytes), response.headers)
    }

    var auth: [(String, String)] { [("Authorization", "Bearer \(Fixtures.token)")] }
}
