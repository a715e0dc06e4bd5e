import Foundation
import Hummingbird
import LassoCore
import Logging

/// The routes of the config server (docs/server-api.md): configs for SDKs (read by app key) and for lasso (written with the admin token), and reports.
public struct ConfigAPI: Sendable {
    public let store: any ConfigStore
    public let cache: ConfigCache
    public let token: AdminToken
    public let logger: Logger
    /// The largest body a PUT or POST may have.
    public var maxBodyBytes = 1 << 20

    /// How long an SDK or a proxy may reuse a per-version answer without asking again.
    static let cacheControl = "public, max-age=60"

    public init(store: any ConfigStore, cache: ConfigCache = ConfigCache(), token: AdminToken, logger: Logger) {
        self.store = store
        self.cache = cache
        self.token = token
        self.logger = logger
    }

    /// Adds the routes to `router`.
    public func register(on router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in JSONResponse.make(.ok, .object(JSONObject(["status": .string("ok")]))) }
        router.get("/v1/ping") { _, _ in "pong\n" }
        router.get("/v1/apps/:appKey/configs") { request, context in
            await answer { () async throws(APIError) in try await self.list(request, context) }
        }
        router.put("/v1/apps/:appKey/configs/:id") { request, context in
            var request = request
            return await answer { () async throws(APIError) in try await self.put(&request, context) }
        }
        router.delete("/v1/apps/:appKey/configs/:id") { request, context in
            await answer { () async throws(APIError) in try await self.delete(request, context) }
        }
        router.post("/v1/apps/:appKey/reports") { request, context in
            var request = request
            return await answer { () async throws(APIError) in try await ReportAPI(api: self).post(&request, context) }
        }
        router.get("/v1/apps/:appKey/reports") { request, context in
            await answer { () async throws(APIError) in try await ReportAPI(api: self).list(request, context) }
        }
    }

    /// Runs a handler, turning a refusal into its JSON error response.
    private func answer(_ handler: () async throws(APIError) -> Response) async -> Response {
        do { return try await handler() } catch { return error.response() }
    }

    /// Runs a store call; a store failure is the server's fault (503), logged, never the client's.
    func storeCall<T: Sendable>(_ what: String, _ body: () async throws -> T) async throws(APIError) -> T {
        do { return try await body() } catch {
            logger.error("store failed", metadata: ["operation": "\(what)", "error": "\(error)"])
            throw APIError(.serviceUnavailable, "the config store could not \(what): \(error)")
        }
    }

    func list(_ request: Request, _ context: BasicRequestContext) async throws(APIError) -> Response {
        let appKey = try RequestInput.appKey(context)
        guard let version = request.uri.queryParameters.get("version") else {
            let state = try await storeCall("read the configs") { try await store.state(appKey: appKey) }
            return JSONResponse.make(
                .ok, ConfigBodies.all(appKey: appKey, state: state),
                headers: [.eTag: "\"a\(state.revision)\"", .cacheControl: "no-cache"])
        }
        guard let parsed = AppVersion(version) else {
            throw APIError(
                .badRequest,
                "version: expected an app version such as 5.4.1 or 5.4.1-beta.2, found \"\(version.prefix(100))\"")
        }
        var revision: Int64? = nil
        if store.isShared {
            revision = try await storeCall("read the app's revision") { try await store.appRevision(appKey: appKey) }
        }
        let entry: ConfigCache.Entry
        if let hit = cache.lookup(appKey: appKey, version: version, revision: revision) {
            entry = hit.entry
        } else {
            let state = try await storeCall("read the configs") { try await store.state(appKey: appKey) }
            entry = ConfigCache.Entry(
                body: ConfigBodies.forVersion(appKey: appKey, version: version, parsed: parsed, state: state),
                etag: ConfigBodies.etag(appKey: appKey, revision: state.revision, version: version))
            cache.store(appKey: appKey, version: version, revision: state.revision, entry: entry)
        }
        let headers: HTTPFields = [.eTag: entry.etag, .cacheControl: Self.cacheControl]
        if ConfigBodies.matches(ifNoneMatch: request.headers[.ifNoneMatch], etag: entry.etag) {
            return Response(status: .notModified, headers: headers)
        }
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: entry.body))
    }

    func put(_ request: inout Request, _ context: BasicRequestContext) async throws(APIError) -> Response {
        try token.check(request)
        let appKey = try RequestInput.appKey(context)
        let id = try RequestInput.configId(context)
        let ifMatch = try RequestInput.ifMatch(request)
        let value = try await RequestInput.json(&request, limit: maxBodyBytes)
        guard case .object(var object) = value else {
            throw APIError(
                .unprocessableContent, "request body: expected a config object, found \(value.kindDescription)")
        }
        object["revision"] = nil
        let config: KVCConfig
        do throws(InputError) { config = try ConfigCodec.decode(.object(object), file: "request body") } catch {
            throw APIError(.unprocessableContent, error.description)
        }
        guard config.id == id else {
            throw APIError(
                .unprocessableContent,
                "request body: $.id: expected \"\(id)\" (the id in the URL), found \"\(config.id)\"")
        }
        guard config.appKey == appKey else {
            throw APIError(
                .unprocessableContent,
                "request body: $.appKey: expected \"\(appKey)\" (the app key in the URL), found \"\(config.appKey)\"")
        }
        let text = ConfigCodec.fileText(config)
        let outcome = try await storeCall("save the config") {
            try await store.put(appKey: appKey, id: id, text: text, ifMatch: ifMatch)
        }
        return respond(to: outcome, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    func delete(_ request: Request, _ context: BasicRequestContext) async throws(APIError) -> Response {
        try token.check(request)
        let appKey = try RequestInput.appKey(context)
        let id = try RequestInput.configId(context)
        let ifMatch = try RequestInput.ifMatch(request)
        let outcome = try await storeCall("delete the config") {
            try await store.delete(appKey: appKey, id: id, ifMatch: ifMatch)
        }
        return respond(to: outcome, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    private func respond(to outcome: WriteOutcome, appKey: String, id: String, ifMatch: Int64?) -> Response {
        func body(_ result: String, _ revision: Int64?) -> JSONValue {
            var object = JSONObject(["id": .string(id), "result": .string(result)])
            if let revision { object["revision"] = .number(String(revision)) }
            return .object(object)
        }
        switch outcome {
        case .created(let revision, let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            logger.info("config created", metadata: ["app": "\(appKey)", "id": "\(id)", "revision": "\(revision)"])
            return JSONResponse.make(.created, body("created", revision), headers: [.eTag: "\"\(revision)\""])
        case .updated(let revision, let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            logger.info("config updated", metadata: ["app": "\(appKey)", "id": "\(id)", "revision": "\(revision)"])
            return JSONResponse.make(.ok, body("updated", revision), headers: [.eTag: "\"\(revision)\""])
        case .unchanged(let revision):
            return JSONResponse.make(.ok, body("unchanged", revision), headers: [.eTag: "\"\(revision)\""])
        case .deleted(let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            logger.info("config deleted", metadata: ["app": "\(appKey)", "id": "\(id)"])
            return JSONResponse.make(.ok, body("deleted", nil))
        case .notFound:
            return APIError(.notFound, "no config \(id) for app \(appKey): expected an existing config, found none")
                .response()
        case .revisionMismatch(let current):
            let expected = ifMatch == 0 ? "no config yet (If-Match: 0)" : "revision \(ifMatch ?? 0) (If-Match)"
            let found = current.map { "revision \($0): someone changed it since it was read" } ?? "no such config"
            var extra = JSONObject()
            if let current { extra["revision"] = .number(String(current)) }
            return APIError(.preconditionFailed, "config \(id): expected \(expected), found \(found)", extra: extra)
                .response()
        }
    }
}
