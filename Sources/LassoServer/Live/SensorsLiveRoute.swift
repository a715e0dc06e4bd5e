import Foundation
import HTTPTypes
import Hummingbird
import LassoDocuments
import LassoImport
import LassoSnapshot
import Logging
import NIOCore

/// `POST /live/sensors/{secret}`: a Sensors SDK's live post, answered as its code reads the answer (only a 200 is
/// read; `delay` always given, as Android's `getInt("delay")` throws without it; `delay` -1 ends the session).
extension ConfigAPI {
    /// The largest post read: a screenshot in base64 inside gzip inside base64, with its views.
    static let sensorsPostLimit = 32 << 20
    /// The most a post's `gzip_payload` may inflate to.
    static let sensorsPayloadLimit = 64 << 20

    func sensorsLivePost(_ request: inout Request, _ context: BasicRequestContext, store: any LiveStore)
        async throws(APIError) -> Response
    {
        let secret = context.parameters.get("secret") ?? ""
        // An unknown, expired or ended pairing is told to stop, and nothing of its post is read or kept.
        guard LivePairing.looksLikeSecret(secret[...]) else { return Self.sensorsAnswer(delay: -1) }
        let hash = LivePairing.digest(secret)
        let found = try await storeCall("find the live pairing") { try await store.pairing(secretHash: hash) }
        let now = Date()
        guard let pairing = found, pairing.isOpen(at: now), pairing.sdk == .sensors || pairing.sdk == .sensorsAndroid
        else { return Self.sensorsAnswer(delay: -1) }
        let body = try await RequestInput.bytes(&request, limit: Self.sensorsPostLimit)
        let envelope: SensorsEnvelope
        let payload: [UInt8]?
        do throws(SensorsEnvelope.Fault) {
            envelope = try SensorsEnvelope.read(body)
            payload = try envelope.payload(limit: Self.sensorsPayloadLimit)
        } catch {
            throw APIError(.badRequest, error.message)
        }
        await live.posted(pairing: pairing.id, at: now)
        let appKey =
            pairing.appKey ?? envelope.appID.map { $0.precomposedStringWithCanonicalMapping }.flatMap {
                SafeName.isSafe($0) ? $0 : nil
            } ?? "unknown"
        if pairing.appKey == nil && appKey != "unknown" {
            try await storeCall("name the live pairing's app") {
                try await store.setPairingApp(id: pairing.id, appKey: appKey)
            }
        }
        if let payload { try await takeSensorsPayload(payload, envelope: envelope, pairing: pairing, appKey: appKey) }
        return try await sensorsLiveAnswer(envelope: envelope, pairing: pairing, appKey: appKey)
    }

    /// Keeps the payload's screen when it is new (by the SDK's image hash) and its echoes.
    private func takeSensorsPayload(
        _ payload: [UInt8], envelope: SensorsEnvelope, pairing: LivePairing, appKey: String
    ) async throws(APIError) {
        let document: JSONValue
        do { document = try JSONParser.parse(payload, file: "gzip_payload") } catch {
            throw APIError(.badRequest, "gzip_payload: expected JSON inside the gzip, \(error.description)")
        }
        let now = Date()
        let echoes = (document["event_debug"]?.arrayValue ?? []).compactMap(Self.echo(of:))
        if !echoes.isEmpty { await live.add(echoes: echoes, pairing: pairing.id, at: now) }
        // The SDKs' own `image_hash` changes with every echo (iOS adds the payload's hash, Android the debug info:
        // `SAVisualizedSnapshotMessage.m` L131-140, `ViewSnapshot.java` L761-790): a screen is new when its screenshot
        // is. iOS: `screenshot` beside `serialized_objects`; Android: each activity's, `activities: [{}]` when unchanged.
        let activity = document["activities"]?.arrayValue?.first
        guard let screenshot = (document["screenshot"] ?? activity?["screenshot"])?.stringValue, !screenshot.isEmpty
        else { return }
        let imageHash = LivePairing.digest(screenshot)
        // A phone's screen has hundreds of views, a long list a few thousand: a screen past the limit is refused before
        // it is imported, so that no screen costs the library (and every UI that opens it) more than a few MB.
        let objects = (document["serialized_objects"] ?? activity?["serialized_objects"])?["objects"]?.arrayValue
        if let objects, objects.count > Self.screenViewLimit {
            throw APIError(
                .contentTooLarge,
                "serialized_objects: expected at most \(Self.screenViewLimit) views on a screen, found \(objects.count)"
            )
        }
        guard await live.isNewScreen(pairing: pairing.id, hash: imageHash, at: now) else { return }
        var options = ImportOptions()
        options.appKey = appKey
        options.appVersion = envelope.appVersion.flatMap { AppVersion($0) != nil ? $0 : nil }
        let snapshot: [UInt8]
        do {
            // The screen speaks the phone's SDK: what is circled on it is written for that SDK.
            let android = envelope.os.map { $0 == "Android" } ?? (pairing.sdk == .sensorsAndroid)
            let profile: SDKProfile = android ? .sensorsAndroid : .sensors
            let options = options
            snapshot = try await Self.importing.run {
                try SnapshotReader.marked(
                    SnapshotReader.importDump(
                        bytes: payload, file: "the phone's screen", format: .sensors, options: options
                    )
                    .utf8, profile: profile, file: "the phone's screen", pretty: false)
            }
        } catch {
            await live.forgetScreen(pairing: pairing.id)
            logger.warning(
                "a live screen did not import", metadata: ["pairing": "\(pairing.id)", "error": "\(error)"])
            throw APIError(.unprocessableContent, "the screen did not import as a lasso snapshot: \(error)")
        }
        let screen = LiveScreen(
            id: 0, pairing: pairing.id, sdk: pairing.sdk, appKey: appKey, version: options.appVersion,
            screen: envelope.screen, imageHash: imageHash, time: now, bytes: snapshot.count)
        do {
            _ = try await storeCall("keep the live screen") { try await store(liveScreen: screen, snapshot) }
        } catch {
            await live.forgetScreen(pairing: pairing.id)
            throw error
        }
        await live.changed()
        // Pruned at every screen kept: the library never holds more than its bytes for long.
        let retention = liveRetention
        _ = try? await storeCall("prune the snapshot library") { [self] in
            try await liveStore!.pruneLive(
                before: now.addingTimeInterval(-Double(retention.days) * 86_400), maxBytes: retention.maxBytes)
        }
    }

    /// The most views a streamed screen may have.
    static let screenViewLimit = 50_000

    /// Imports run one at a time, off the threads that answer requests: a few phones posting big screens at once
    /// never hold up the SDKs' config downloads.
    static let importing = SerialWork(label: "lasso.live.import")

    private func store(liveScreen screen: LiveScreen, _ snapshot: [UInt8]) async throws -> LiveScreen {
        try await liveStore!.keepScreen(screen, snapshot: snapshot)
    }

    /// The store as the live routes use it.
    var liveStore: (any LiveStore)? { store as? any LiveStore }

    /// The answer to a post: go on in a second, and the app's visualized config while the app holds another version.
    private func sensorsLiveAnswer(envelope: SensorsEnvelope, pairing: LivePairing, appKey: String)
        async throws(APIError) -> Response
    {
        var answer = JSONObject()
        answer["delay"] = .number("1")
        let sent = await live.configs(of: pairing.id)
        if !sent.isEmpty {
            let stored = try await storeCall("read the configs") { [store] in try await store.state(appKey: appKey) }
            var configs: [String: KVCConfig] = [:]
            for document in stored.documents {
                if let config = try? ConfigCodec.decode(
                    JSONParser.parse(Array(document.text.utf8), file: document.id), file: document.id)
                {
                    configs[config.id] = config
                }
            }
            for config in sent { configs[config.id] = config }
            let android = envelope.os.map { $0 == "Android" } ?? (pairing.sdk == .sensorsAndroid)
            let made = SensorsVisualizedConfig.make(
                configs: configs.values.sorted { $0.id < $1.id }, platform: android ? .android : .iOS,
                appId: envelope.appID ?? appKey, project: pairing.project, version: nil)
            if made.events > 0 && envelope.configVersion != made.version {
                // An object for both: iOS asks it for `count` (a string would end the app), Android's `optString`
                // takes an object's text (sa-sdk-ios `SAVisualizedConnection.m` L208-213; sa-sdk-android
                // `AbstractViewCrawler.java` L475-480).
                answer["visualized_sdk_config"] = made.document
            }
        }
        return Self.jsonResponse(.object(answer))
    }

    /// `{"delay": -1}`: the SDK ends its session (iOS `close`, Android `stopUpdates(true)`).
    static func sensorsAnswer(delay: Int) -> Response {
        jsonResponse(.object(JSONObject(["delay": .number(String(delay))])))
    }

    /// A 200 with `value` as compact JSON, never cached.
    static func jsonResponse(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        JSONReply(status, value, headers: [.cacheControl: "no-store"]).response
    }

    /// One `event_debug` element: the event as the SDK tracked it, with its `event_name`.
    static func echo(of value: JSONValue) -> (event: String, fields: LiveEchoFields)? {
        guard let object = value.objectValue else { return nil }
        let properties = object["properties"]?.objectValue
        let event = object["event_name"]?.stringValue ?? object["event"]?.stringValue ?? "$AppClick"
        func property(_ name: String) -> String? {
            properties?[name].flatMap { $0.stringValue ?? ($0.isNull ? nil : $0.plainText) }
        }
        var own: [String: String] = [:]
        for member in properties?.members ?? [] where !member.key.hasPrefix("$") && !member.value.isNull {
            own[member.key] = member.value.stringValue ?? member.value.plainText
        }
        return (
            event,
            LiveEchoFields(
                content: property("$element_content"), path: property("$element_path"),
                position: property("$element_position"), screen: property("$screen_name"), properties: own)
        )
    }
}
