import Foundation
import LassoDocuments
import LassoSnapshot
import NIOCore
import NIOHTTP1

/// The live routes of a lasso server, as the CLI and the UI use them (admin token): pair a phone, list and fetch the
/// screens it streamed, end its session, send it a config, read what it fired.
public struct LiveClient: Sendable {
    private let client: LassoClient

    public init(server: String, token: String?) {
        // Long polls wait up to 25 s on the server: the client waits longer.
        client = LassoClient(server: server, appKey: "", token: token, timeout: .seconds(40))
    }

    public var server: String { client.server }

    /// A pairing as the server made it.
    public struct Pairing: Sendable {
        public var id: String
        public var link: String
        public var upload: String
        public var expires: String
        public var json: JSONValue
    }

    public func pair(sdk: String, project: String, scheme: String, hours: Int) async throws -> Pairing {
        var body = JSONObject()
        body["sdk"] = .string(sdk)
        body["server"] = .string(client.server)
        body["scheme"] = .string(scheme)
        body["project"] = .string(project)
        body["hours"] = .number(String(hours))
        let value = try await json(.POST, "/v1/live/pairings", body: JSONWriter.compact(.object(body)), expect: 201)
        guard let id = value["id"]?.stringValue, let link = value["link"]?.stringValue,
            let upload = value["upload"]?.stringValue, let expires = value["expires"]?.stringValue
        else { throw answerFault("POST /v1/live/pairings", "a pairing with id, link, upload and expires") }
        return Pairing(id: id, link: link, upload: upload, expires: expires, json: value)
    }

    /// The newest screens first; with `wait`, the server answers once a screen after `after` is kept (or empty).
    public func screens(app: String?, after: Int64? = nil, wait: Int = 0, limit: Int = 100) async throws
        -> [LiveScreenSummary]
    {
        var query = ["limit=\(limit)"]
        if let app { query.append("app=" + LassoClient.escape(app)) }
        if let after { query.append("after=\(after)") }
        if wait > 0 { query.append("wait=\(wait)") }
        let value = try await json(.GET, "/v1/live/screens?" + query.joined(separator: "&"), expect: 200)
        guard let items = value["screens"]?.arrayValue else {
            throw answerFault("GET /v1/live/screens", "an object with screens")
        }
        return items.compactMap(LiveScreenSummary.init(json:))
    }

    /// The screen's lasso snapshot text.
    public func snapshot(id: Int64) async throws -> String {
        let reply = try await client.send(.GET, client.server + "/v1/live/screens/\(id)", headers: authorization)
        guard reply.status == 200 else { throw failure("GET /v1/live/screens/\(id)", reply) }
        return reply.body
    }

    public func end(pairing: String) async throws {
        _ = try await json(.DELETE, "/v1/live/pairings/" + LassoClient.escape(pairing), expect: 200)
    }

    /// Sends `config` to the phone of `pairing`, for its next post.
    public func send(_ config: KVCConfig, to pairing: String) async throws {
        _ = try await json(
            .POST, "/v1/live/pairings/\(LassoClient.escape(pairing))/configs",
            body: JSONWriter.compact(ConfigCodec.json(config)), expect: 202)
    }

    /// The echoes after `after` (of one pairing, when given); with `wait`, the server answers once there is one.
    public func echoes(pairing: String?, after: Int, wait: Int = 0) async throws -> [LiveEchoSummary] {
        var query = ["after=\(after)"]
        if let pairing { query.append("pairing=" + LassoClient.escape(pairing)) }
        if wait > 0 { query.append("wait=\(wait)") }
        let value = try await json(.GET, "/v1/live/echoes?" + query.joined(separator: "&"), expect: 200)
        guard let items = value["echoes"]?.arrayValue else {
            throw answerFault("GET /v1/live/echoes", "an object with echoes")
        }
        return items.compactMap(LiveEchoSummary.init(json:))
    }

    private var authorization: [(String, String)] {
        client.token.map { [("Authorization", "Bearer " + $0)] } ?? []
    }

    private func json(_ method: HTTPMethod, _ path: String, body: String? = nil, expect: Int) async throws
        -> JSONValue
    {
        let reply = try await client.send(method, client.server + path, body: body, headers: authorization)
        let route = "\(method.rawValue) \(path.split(separator: "?").first ?? "")"
        guard reply.status == expect else { throw failure(route, reply) }
        guard let value = try? JSONParser.parse(Array(reply.body.utf8), file: "answer") else {
            throw answerFault(route, "JSON")
        }
        return value
    }

    private func failure(_ route: String, _ reply: LassoClient.Reply) -> LassoError {
        switch reply.status {
        case 401:
            return LassoError(
                .refused,
                "\(route): the server wants its admin token: set LASSO_TOKEN (or give it once in lasso open's push panel)"
            )
        case 403: return LassoError(.refused, "\(route): the server refused the token: \(reply.errorMessage)")
        case 404: return LassoError(.notFound, "\(route): \(reply.errorMessage)")
        case 400: return LassoError(.usage, "\(route): \(reply.errorMessage)")
        case 410, 413, 422: return LassoError(.refused, "\(route): \(reply.errorMessage)")
        default: return LassoError(.io, "\(route): HTTP \(reply.status): \(reply.errorMessage)")
        }
    }

    private func answerFault(_ route: String, _ expected: String) -> LassoError {
        LassoError(.io, "\(route): expected \(expected) from the lasso server, found another answer")
    }
}
