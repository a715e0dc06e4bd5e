import Foundation
import HTTPTypes
import Hummingbird
import LassoDocuments
import LassoSnapshot
import Logging

/// The routes of the server API (`docs/server-api.md`): configs read by SDKs and written by lasso, and reports.
public struct ConfigAPI: Sendable {
    public let store: any DocumentStore
    public let cache: ConfigCache
    /// Misses for the same app and version at once read the store once.
    let fills = SingleFlight<ConfigAnswer>()
    public let token: AdminToken
    public let logger: Logger
    /// What `GET /health` answers from: every store call and write here tells it.
    public let health: HealthRecord
    /// What the operator sees at `GET /metrics`: store round trips and cache hits are counted here.
    public var metrics = ServerMetrics()
    /// Concurrent `GET /health/full` calls share one scan of the store.
    let scans = SingleFlight<[UnreadableDocument]>()
    /// The largest body a PUT or POST may have.
    public var maxBodyBytes = 1 << 20
    /// The longest a request waits for the store before it is answered 503.
    public var storeTimeout: Duration = ServerLimits.standard.storeTimeout
    /// The phones streaming now (``LiveSessions``), shared by every route of one server.
    public var live = LiveSessions()
    /// How long and how much of the snapshot library is kept.
    public var liveRetention = LiveRetention.standard

    public init(
        store: any DocumentStore, cache: ConfigCache = ConfigCache(), health: HealthRecord = HealthRecord(),
        token: AdminToken, logger: Logger
    ) {
        self.store = store
        self.health = health
        self.cache = cache
        self.token = token
        self.logger = logger
    }

    /// Adds the routes to `router`, the writes behind ``AdminTokenMiddleware``, and 405 for another method on a route's
    /// path (``MethodNotAllowed``); a thrown ``APIError`` becomes its response in Hummingbird's router.
    public func register(on router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in cheapHealth() }
        // The scan of every stored document: its cost grows with the store, so only the admin may ask for it.
        router.group("/health").add(middleware: AdminTokenMiddleware(token: token))
            .get("full") { _, _ in await fullHealth() }
        router.get("/v1/ping") { _, _ in "pong\n" }
        // What the operator scrapes: behind the admin token here (`lasso serve --metrics-port` serves it without one,
        // on a port of its own).
        router.group("/metrics").add(middleware: AdminTokenMiddleware(token: token))
            .get { _, _ in MetricsPage(metrics: metrics) }
        router.get("/v1/apps/:appKey/configs") { request, context in try await list(request, context) }
        router.post("/v1/apps/:appKey/reports") { request, context in
            var request = request
            return try await ReportAPI(api: self).post(&request, context)
        }
        router.get("/v1/apps/:appKey/reports") { request, context in
            try await ReportAPI(api: self).list(request, context)
        }
        // The other kinds of document (event definitions): read by back ends, written by lasso, as configs are.
        for kind in DocumentKind.allCases where kind != .config {
            router.get("/v1/apps/:appKey/\(kind.plural)") { request, context in
                try await documents(kind, request, context)
            }
        }
        // Only the writes need the admin token; an SDK reads and reports without one.
        for kind in DocumentKind.allCases {
            router.group("/v1/apps/:appKey/\(kind.plural)")
                .add(middleware: AdminTokenMiddleware(token: token))
                .put(":id") { request, context in
                    var request = request
                    return try await put(kind, &request, context)
                }
                .delete(":id") { request, context in try await delete(kind, request, context) }
        }
        // What Sensors Analytics SDKs ask for, at the path and with the parameters their code builds.
        for platform in SensorsVisualizedConfig.Platform.allCases {
            router.get("/config/visualized/\(platform.rawValue).conf") { request, context in
                try await sensorsConfig(platform, request, context)
            }
        }
        // What Mixpanel's codeless iOS SDKs ask for at launch.
        router.get("/decide") { request, context in try await mixpanelDecide(request, context) }
        // Live sessions: the phones' posts, and the admin's pairings, screens and echoes (the store must keep them).
        if let liveStore = store as? any LiveStore { registerLive(on: router, store: liveStore) }
        // Added last, so it wraps only the answer to a request no route took.
        router.add(middleware: MethodNotAllowed())
    }

    /// `GET /health`: what the server knows of its store (``HealthRecord``), in constant time, reading nothing from the
    /// store: 200 `ok` or `degraded`, 503 `unavailable` when the last store round trip failed.
    func cheapHealth() -> JSONReply {
        let (available, body) = health.answer(store: store.kind)
        return JSONReply(available ? .ok : .serviceUnavailable, .object(body))
    }

    /// `GET /health/full` (admin token): asks the store a trivial query and reads every stored document, as the log at
    /// start does; what it finds replaces what ``HealthRecord`` knew, and the answer is then `GET /health`'s.
    func fullHealth() async -> JSONReply {
        do {
            let store = store
            try await storeCall("answer a health check") { try await store.check() }
            let found = try await scans.value(for: "") { [self] in
                try await storeCall("list unreadable documents") { try await store.unreadableDocuments() }
            }
            health.scanned(found)
        } catch {
            // The failure is recorded by the store call: the answer below says it.
        }
        return cheapHealth()
    }

    /// Runs a store call, waiting at most ``storeTimeout``; a store failure is the server's fault (503), logged, never
    /// the client's.
    func storeCall<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable () async throws -> T
    ) async throws(APIError) -> T {
        let started = ContinuousClock.now
        do {
            let value = try await StoreDeadline.run(storeTimeout, what, body)
            health.roundTrip(error: nil)
            metrics.storeCall(.ok, elapsed: ContinuousClock.now - started)
            return value
        } catch  where Task.isCancelled {
            // The request was cancelled (the server stops): no fault of the store's, so not one for `/health` either.
            throw APIError(.serviceUnavailable, "the server stopped before the config store could \(what)")
        } catch let error as StoreUnavailable {
            logger.error("store did not answer", metadata: ["operation": "\(what)", "error": "\(error)"])
            health.roundTrip(error: error.description)
            metrics.storeCall(.timeout, elapsed: ContinuousClock.now - started)
            throw APIError(.serviceUnavailable, error.description)
        } catch {
            logger.error("store failed", metadata: ["operation": "\(what)", "error": "\(error)"])
            let message = "the config store could not \(what): \(error)"
            health.roundTrip(error: message)
            metrics.storeCall(.failed, elapsed: ContinuousClock.now - started)
            throw APIError(.serviceUnavailable, message)
        }
    }

    /// `GET …/configs`: with `version`, the SDK's question, answered from ``ConfigCache`` when it can be (without
    /// allocating, when it comes in its plain form); without, every config with its revision.
    func list(_ request: Request, _ context: BasicRequestContext) async throws(APIError) -> Response {
        if let question = ConfigsRequest(target: request.uri.string),
            let answer = cache.trustedAnswer(appKey: question.appKey, version: question.version)
        {
            metrics.cached(true)
            return answer.response(to: request.headers)
        }
        let appKey = try RequestInput.appKey(context)
        let versions = request.uri.queryParameters.getAll("version")
        guard let version = versions.first.map({ String($0) }) else {
            let state = try await storeCall("read the configs") { try await store.state(appKey: appKey) }
            return JSONReply(
                .ok, ConfigBodies.all(appKey: appKey, state: state),
                headers: [.eTag: "\"a\(state.revision)\"", .cacheControl: "no-cache"]
            ).response(from: request, context: context)
        }
        guard versions.count == 1 else {
            throw APIError(.badRequest, "version: expected one app version, found \(versions.count) version parameters")
        }
        guard let parsed = AppVersion(version) else {
            throw APIError(
                .badRequest,
                "version: expected an app version such as 5.4.1 or 5.4.1-beta.2, found \"\(version.prefix(100))\"")
        }
        let answer = try await cachedAnswer(appKey: appKey, key: version) { state in
            let body = ConfigBodies.forVersion(appKey: appKey, version: version, parsed: parsed, state: state)
            return ConfigAnswer(body: body, etag: ConfigBodies.etag(of: body))
        }
        return answer.response(to: request.headers)
    }

    /// The answer kept for the app under `key` (an app version, or another question about the app's configs), built
    /// by `build` from the store when there is none: ``ConfigCache`` when it hears of every write, else checked against
    /// the app's revision in the store; misses for the same app and key at once read the store once.
    func cachedAnswer(
        appKey: String, key: String, build: @escaping @Sendable (StoredApp) -> ConfigAnswer
    ) async throws(APIError) -> ConfigAnswer {
        // A fill joined by a request that checked the store's revision must have read at least that revision.
        var fillKey = appKey + "\u{0}" + key
        if cache.isTrusted {
            if let answer = cache.trustedAnswer(appKey: appKey[...], version: key[...]) {
                metrics.cached(true)
                return answer
            }
        } else {
            // Another instance may have written since: the cached answer holds only at the store's revision.
            let revision = try await storeCall("read the app's revision") {
                try await store.appRevision(appKey: appKey)
            }
            if let answer = cache.answer(appKey: appKey[...], version: key[...], revision: revision) {
                metrics.cached(true)
                return answer
            }
            fillKey += "\u{0}\(revision)"
        }
        metrics.cached(false)
        do {
            return try await fills.value(for: fillKey) { [self] in
                let ticket = cache.ticket()
                let state = try await storeCall("read the configs") { try await store.state(appKey: appKey) }
                let answer = build(state)
                cache.store(appKey: appKey, version: key, revision: state.revision, answer: answer, ticket: ticket)
                return answer
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.serviceUnavailable, "the config store could not read the configs: \(error)")
        }
    }

    func put(_ kind: DocumentKind, _ request: inout Request, _ context: BasicRequestContext) async throws(APIError)
        -> JSONReply
    {
        let appKey = try RequestInput.appKey(context)
        let id = try RequestInput.documentId(context)
        let ifMatch = try RequestInput.ifMatch(request)
        let value = try await RequestInput.json(&request, limit: maxBodyBytes)
        guard case .object(var object) = value else {
            throw APIError(
                .unprocessableContent, "request body: expected a \(kind.noun) object, found \(value.kindDescription)")
        }
        object["revision"] = nil
        var document: Document
        do throws(InputError) { document = try kind.decode(.object(object), file: "request body") } catch {
            throw APIError(.unprocessableContent, error.description)
        }
        guard document.id == id else {
            throw APIError(
                .unprocessableContent,
                "request body: $.id: expected \"\(id)\" (the id in the URL), found \"\(document.id)\"")
        }
        guard document.appKey == appKey else {
            throw APIError(
                .unprocessableContent,
                "request body: $.appKey: expected \"\(appKey)\" (the app key in the URL), found \"\(document.appKey)\"")
        }
        // The app key as the path gave it, in NFC: composed and decomposed spellings are one app.
        document.appKey = appKey
        let text = document.text
        let outcome = try await storeCall("save the \(kind.noun)") {
            try await store.put(kind, appKey: appKey, id: id, text: text, ifMatch: ifMatch)
        }
        return try respond(to: outcome, kind: kind, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    func delete(_ kind: DocumentKind, _ request: Request, _ context: BasicRequestContext) async throws(APIError)
        -> JSONReply
    {
        let appKey = try RequestInput.appKey(context)
        let id = try RequestInput.documentId(context)
        let ifMatch = try RequestInput.ifMatch(request)
        let outcome = try await storeCall("delete the \(kind.noun)") {
            try await store.delete(kind, appKey: appKey, id: id, ifMatch: ifMatch)
        }
        return try respond(to: outcome, kind: kind, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    /// The answer to a write: its result and revision, or the refusal (404, 412) the store's outcome means.
    private func respond(
        to outcome: WriteOutcome, kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?
    ) throws(APIError) -> JSONReply {
        let noun = kind.noun
        func body(_ result: String, _ revision: Int64?) -> JSONValue {
            var object = JSONObject(["id": .string(id), "result": .string(result)])
            if let revision { object["revision"] = .number(String(revision)) }
            return .object(object)
        }
        switch outcome {
        case .created(let revision, let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            health.wrote(kind, appKey: appKey, id: id, revision: appRevision)
            logger.info(
                "\(noun) created",
                metadata: ["app": "\(DisplayText.terminalSafe(appKey))", "id": "\(id)", "revision": "\(revision)"])
            return JSONReply(.created, body("created", revision), headers: [.eTag: "\"\(revision)\""])
        case .updated(let revision, let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            health.wrote(kind, appKey: appKey, id: id, revision: appRevision)
            logger.info(
                "\(noun) updated",
                metadata: ["app": "\(DisplayText.terminalSafe(appKey))", "id": "\(id)", "revision": "\(revision)"])
            return JSONReply(.ok, body("updated", revision), headers: [.eTag: "\"\(revision)\""])
        case .unchanged(let revision):
            return JSONReply(.ok, body("unchanged", revision), headers: [.eTag: "\"\(revision)\""])
        case .deleted(let appRevision):
            cache.invalidate(appKey: appKey, revision: appRevision)
            health.wrote(kind, appKey: appKey, id: id, revision: appRevision)
            logger.info("\(noun) deleted", metadata: ["app": "\(DisplayText.terminalSafe(appKey))", "id": "\(id)"])
            return JSONReply(.ok, body("deleted", nil))
        case .notFound:
            throw APIError(.notFound, "no \(noun) \(id) for app \(appKey): expected an existing \(noun), found none")
        case .revisionMismatch(let current):
            let expected = ifMatch?.expectation ?? "no condition"
            var found = current.map { "revision \($0)" } ?? "no such \(noun)"
            if current != nil, ifMatch?.namesARevision == true { found += ": someone changed it since it was read" }
            var extra = JSONObject()
            if let current { extra["revision"] = .number(String(current)) }
            throw APIError(.preconditionFailed, "\(noun) \(id): expected \(expected), found \(found)", extra: extra)
        case .idInOtherApp(let other):
            throw APIError(
                .conflict,
                "\(noun) \(id): expected an id no other app's \(noun) has (ids are unique across apps, as in a configs folder), found it in app \"\(other)\"; give this \(noun) a new id"
            )
        }
    }
}
