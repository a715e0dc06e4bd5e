import AsyncHTTPClient
import Foundation
import LassoDocuments
import LassoSnapshot
import NIOCore
import NIOHTTP1
import NIOSSL

/// Talks to a lasso config server over HTTP (AsyncHTTPClient): reads an app's configs and reports, writes and deletes configs.
public struct LassoClient: Sendable {
    /// The server's base URL, without a trailing slash.
    public let server: String
    public let appKey: String
    /// The bearer token for writes (`LASSO_TOKEN`).
    public let token: String?
    private let http: HTTPClient
    private let timeout: TimeAmount

    /// A process-wide HTTP client that reports a server that refuses connections at once instead of retrying until the
    /// deadline; for HTTPS it trusts the system's certificate authorities and, when `LASSO_CA_FILE` names a PEM file,
    /// the ones in it too (a team's own CA).
    public static let failFast: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        if let authorities = teamAuthorities {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.file(authorities)]
            configuration.tlsConfiguration = tls
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The PEM file of `LASSO_CA_FILE`, or nil when it is not set.
    static var teamAuthorities: String? {
        ProcessInfo.processInfo.environment["LASSO_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public init(
        server: String, appKey: String, token: String?, http: HTTPClient = LassoClient.failFast,
        timeout: TimeAmount = .seconds(30)
    ) {
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        self.server = base
        self.appKey = appKey
        self.token = token
        self.http = http
        self.timeout = timeout
    }

    /// A response as the client sees it: status, headers and body text.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: String

        /// The `error` message of a JSON error body, else the body itself.
        public var errorMessage: String {
            if let value = try? JSONParser.parse(Array(body.utf8), file: "response"),
                let message = value["error"]?.stringValue
            {
                return message
            }
            return body.isEmpty ? "HTTP \(status)" : String(body.prefix(500))
        }
    }

    var appPath: String { server + "/v1/apps/" + Self.escape(appKey) }

    /// Percent-encodes one path segment: all but ASCII letters, digits and `-._~`, so `shop ios` and `ü-app` reach the
    /// server, which decodes them, intact.
    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? segment
    }

    /// Sends one request; a server that cannot be reached is a `LassoError(.io)` naming it.
    public func send(_ method: HTTPMethod, _ url: String, body: String? = nil, headers: [(String, String)] = [])
        async throws -> Reply
    {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        do {
            let response = try await http.execute(request, timeout: timeout)
            let bytes = try await response.body.collect(upTo: 64 << 20)
            return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
        } catch {
            throw LassoError(
                .io,
                "\(method.rawValue) \(url): expected an answer from the lasso server, found \(Self.describe(error))")
        }
    }

    static func describe(_ error: Error) -> String {
        let words = SystemErrorWords.describe(error)
        if let words = TLSFailureWords.describe(error, authorities: teamAuthorities) { return words }
        if SystemErrorWords.errno(in: error) == ECONNREFUSED { return "no server listening (\(words))" }
        return words
    }

    private var authorization: [(String, String)] {
        token.map { [("Authorization", "Bearer " + $0)] } ?? []
    }

    /// Every document of `kind` of the app on the server, with revisions (GET without `version`).
    public func documents(_ kind: DocumentKind) async throws -> RemoteDocuments {
        let path = appPath + "/" + kind.plural
        let reply = try await send(.GET, path)
        guard reply.status == 200 else {
            throw LassoError(
                .io,
                "GET \(path): expected 200 with the app's \(kind.noun)s, found \(reply.status): \(reply.errorMessage)")
        }
        return try RemoteDocuments.decode(reply.body, kind: kind, source: path)
    }

    /// Creates or updates a config from its file text; `ifMatch` is the revision it was read at (0: create only).
    public func put(id: String, text: String, ifMatch: Int64?) async throws -> Reply {
        try await put(.config, id: id, text: text, ifMatch: ifMatch)
    }

    /// Creates or updates a document of `kind` from its file text; `ifMatch` is the revision it was read at (0:
    /// create only).
    public func put(_ kind: DocumentKind, id: String, text: String, ifMatch: Int64?) async throws -> Reply {
        var headers = authorization
        if let ifMatch { headers.append(("If-Match", String(ifMatch))) }
        return try await send(.PUT, appPath + "/" + kind.plural + "/" + Self.escape(id), body: text, headers: headers)
    }

    /// Deletes a config; `ifMatch` is the revision it was read at.
    public func delete(id: String, ifMatch: Int64?) async throws -> Reply {
        try await delete(.config, id: id, ifMatch: ifMatch)
    }

    /// Deletes a document of `kind`; `ifMatch` is the revision it was read at.
    public func delete(_ kind: DocumentKind, id: String, ifMatch: Int64?) async throws -> Reply {
        var headers = authorization
        if let ifMatch { headers.append(("If-Match", String(ifMatch))) }
        return try await send(.DELETE, appPath + "/" + kind.plural + "/" + Self.escape(id), headers: headers)
    }

    /// The app's failure reports, added up per config, version and key path.
    public func reports() async throws -> JSONValue {
        let reply = try await send(.GET, appPath + "/reports")
        guard reply.status == 200 else {
            throw LassoError(
                .io,
                "GET \(appPath)/reports: expected 200 with the app's reports, found \(reply.status): \(reply.errorMessage)"
            )
        }
        do { return try JSONParser.parse(Array(reply.body.utf8), file: "\(appPath)/reports") } catch {
            throw LassoError(.io, "\(appPath)/reports: expected JSON, found \(error)")
        }
    }
}
