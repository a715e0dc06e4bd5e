import Foundation
import HTTPTypes
import Hummingbird
import LassoDocuments
import LassoSnapshot
import NIOCore

/// The live routes (docs/live.md): the phones' posts, which the pairing's secret lets in, and the admin's pairings,
/// screens, configs sent and echoes, behind the admin token.
extension ConfigAPI {
    /// The longest `wait` a screens or echoes request may ask for, within the server's idle timeout.
    static let longestWait = 25

    func registerLive(on router: Router<BasicRequestContext>, store: any LiveStore) {
        router.post("/live/sensors/:secret") { request, context in
            var request = request
            return try await sensorsLivePost(&request, context, store: store)
        }
        let admin = router.group("/v1/live").add(middleware: AdminTokenMiddleware(token: token))
        admin.post("pairings") { request, context in
            var request = request
            return try await pair(&request, store: store)
        }
        admin.delete("pairings/:pairing") { _, context in try await endPairing(context, store: store) }
        admin.post("pairings/:pairing/configs") { request, context in
            var request = request
            return try await sendConfig(&request, context, store: store)
        }
        admin.get("screens") { request, _ in try await listScreens(request, store: store) }
        admin.get("screens/:screen") { _, context in try await screenSnapshot(context, store: store) }
        admin.get("echoes") { request, _ in try await listEchoes(request) }
    }

    /// `POST /v1/live/pairings` `{sdk, server, scheme, project?, hours?}`: a new pairing, answered 201 with the link
    /// the phone opens.
    func pair(_ request: inout Request, store: any LiveStore) async throws(APIError) -> Response {
        let body = try await RequestInput.json(&request, limit: 64 * 1024)
        guard let object = body.objectValue else {
            throw APIError(.badRequest, "request body: expected a JSON object, found \(body.kindDescription)")
        }
        let question = try LivePairingRequest(object)
        let now = Date()
        let secret = LivePairing.newSecret()
        let pairing = LivePairing(
            id: LivePairing.newID(), sdk: question.sdk, project: question.project, appKey: nil, created: now,
            expires: now.addingTimeInterval(Double(question.hours) * 3600), secretHash: LivePairing.digest(secret))
        try await storeCall("keep the pairing") { try await store.addPairing(pairing) }
        var answer = JSONObject()
        answer["id"] = .string(pairing.id)
        answer["sdk"] = .string(pairing.sdk.rawValue)
        answer["project"] = .string(pairing.project)
        answer["link"] = .string(
            pairing.sdk.link(
                server: question.server, secret: secret, pairing: pairing.id, project: pairing.project,
                scheme: question.scheme))
        answer["upload"] = .string(
            pairing.sdk.uploadURL(server: question.server, secret: secret, project: pairing.project))
        answer["expires"] = .string(ISO8601DateFormatter().string(from: pairing.expires))
        return Self.jsonResponse(.object(answer), status: .created)
    }

    /// `DELETE /v1/live/pairings/{id}`: the phone is told to stop at its next post.
    func endPairing(_ context: BasicRequestContext, store: any LiveStore) async throws(APIError) -> Response {
        let id = try Self.pairingID(context)
        let ended = try await storeCall("end the pairing") { try await store.endPairing(id: id) }
        guard ended else { throw APIError(.notFound, "pairing \(id): no such pairing") }
        await live.end(id)
        return Self.jsonResponse(.object(JSONObject(["id": .string(id), "ended": .bool(true)])))
    }

    /// `POST /v1/live/pairings/{id}/configs` with a config: sent to the phone at its next post (Sensors
    /// `visualized_sdk_config`), with the app's stored configs; the answer says whether the SDK can carry it.
    func sendConfig(_ request: inout Request, _ context: BasicRequestContext, store: any LiveStore)
        async throws(APIError) -> Response
    {
        let id = try Self.pairingID(context)
        let body = try await RequestInput.json(&request, limit: maxBodyBytes)
        let config: KVCConfig
        do { config = try ConfigCodec.decode(body, file: "request body") } catch {
            throw APIError(.unprocessableContent, error.description)
        }
        let found = try await storeCall("find the pairing") { try await store.pairing(id: id) }
        guard let pairing = found else { throw APIError(.notFound, "pairing \(id): no such pairing") }
        guard pairing.isOpen(at: Date()) else {
            throw APIError(.gone, "pairing \(id): the session ended; pair the phone again (lasso live pair)")
        }
        let platform: SensorsVisualizedConfig.Platform = pairing.sdk == .sensorsAndroid ? .android : .iOS
        let made = SensorsVisualizedConfig.make(
            configs: [config], platform: platform, appId: pairing.appKey ?? config.appKey, project: pairing.project,
            version: nil)
        if made.events == 0 && made.unsent.isEmpty {
            // Left out without a word by the document: the other platform's config, or one no longer open.
            let why =
                config.profile == (platform == .android ? .sensors : .sensorsAndroid)
                ? "it is written for \(config.profile.rawValue), and the phone runs \(pairing.sdk.rawValue)"
                : "its versions have ended (a phone is sent the configs still open)"
            throw APIError(.unprocessableContent, "config \(config.shortID): the phone cannot be sent it: \(why)")
        }
        if let unsent = made.unsent.first {
            throw APIError(
                .unprocessableContent, "config \(config.shortID): a Sensors SDK cannot be sent it: \(unsent.reason)")
        }
        await live.send(config, to: pairing.id)
        return Self.jsonResponse(
            .object(
                JSONObject(["pairing": .string(id), "sent": .string(config.id), "events": .number(String(made.events))])
            ),
            status: .accepted)
    }

    /// `GET /v1/live/screens?app=&after=&limit=&wait=`: the newest screens first; with `wait` (seconds), answered when
    /// a screen after `after` is kept, or empty when none came in that time.
    func listScreens(_ request: Request, store: any LiveStore) async throws(APIError) -> Response {
        let app = try RequestInput.single("app", of: request).map { $0.precomposedStringWithCanonicalMapping }
        let after = try Self.number("after", of: request, in: 0...Int(Int64.max)).map(Int64.init)
        let limit = try Self.number("limit", of: request, in: 1...1000) ?? 100
        let wait = try Self.number("wait", of: request, in: 0...Self.longestWait) ?? 0
        let deadline = ContinuousClock.now + .seconds(wait)
        while true {
            let seen = await live.generation
            let screens = try await storeCall("list the live screens") {
                try await store.screens(appKey: app, after: after, limit: limit)
            }
            let remaining = deadline - ContinuousClock.now
            if !screens.isEmpty || after == nil || remaining <= .zero {
                return Self.jsonResponse(.object(JSONObject(["screens": .array(screens.map(Self.json(of:)))])))
            }
            guard await live.waitForChange(after: seen, timeout: remaining) else {
                return Self.jsonResponse(.object(JSONObject(["screens": .array([])])))
            }
        }
    }

    /// `GET /v1/live/screens/{id}`: the screen's lasso snapshot.
    func screenSnapshot(_ context: BasicRequestContext, store: any LiveStore) async throws(APIError) -> Response {
        let raw = context.parameters.get("screen") ?? ""
        guard let id = Int64(raw), id > 0 else {
            throw APIError(.badRequest, "screen id in the path: expected a number from 1, found \"\(raw.prefix(40))\"")
        }
        let found = try await storeCall("read the live screen") { try await store.screenSnapshot(id: id) }
        guard let (_, snapshot) = found else {
            throw APIError(.notFound, "screen \(id): no such screen (pruned, or never kept)")
        }
        return JSONReply(.ok, text: ByteBuffer(bytes: snapshot), headers: [.cacheControl: "no-store"]).response
    }

    /// `GET /v1/live/echoes?pairing=&after=&wait=`: the events phones said they fired, after `after`.
    func listEchoes(_ request: Request) async throws(APIError) -> Response {
        let pairing = try RequestInput.single("pairing", of: request)
        let after = try Self.number("after", of: request, in: 0...Int(Int32.max)) ?? 0
        let wait = try Self.number("wait", of: request, in: 0...Self.longestWait) ?? 0
        let deadline = ContinuousClock.now + .seconds(wait)
        while true {
            let seen = await live.generation
            let echoes = await live.echoes(after: after, pairing: pairing)
            let remaining = deadline - ContinuousClock.now
            if !echoes.isEmpty || remaining <= .zero {
                return Self.jsonResponse(.object(JSONObject(["echoes": .array(echoes.map(\.json))])))
            }
            guard await live.waitForChange(after: seen, timeout: remaining) else {
                return Self.jsonResponse(.object(JSONObject(["echoes": .array([])])))
            }
        }
    }

    static func json(of screen: LiveScreen) -> JSONValue {
        var object = JSONObject()
        object["id"] = .number(String(screen.id))
        object["app"] = .string(screen.appKey)
        object["version"] = screen.version.map(JSONValue.string) ?? .null
        object["screen"] = .string(screen.screen)
        object["sdk"] = .string(screen.sdk.rawValue)
        object["time"] = .string(ISO8601DateFormatter().string(from: screen.time))
        object["pairing"] = .string(screen.pairing)
        object["bytes"] = .number(String(screen.bytes))
        return .object(object)
    }

    private static func pairingID(_ context: BasicRequestContext) throws(APIError) -> String {
        let raw = context.parameters.get("pairing") ?? ""
        guard LivePairing.looksLikeID(raw) else {
            throw APIError(.badRequest, "pairing id in the path: expected 12 hex digits, found \"\(raw.prefix(40))\"")
        }
        return raw
    }

    private static func number(_ name: String, of request: Request, in range: ClosedRange<Int>) throws(APIError)
        -> Int?
    {
        guard let raw = try RequestInput.single(name, of: request) else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw APIError(
                .badRequest,
                "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \"\(raw.prefix(40))\""
            )
        }
        return value
    }
}
