import Foundation
import HTTPTypes
import Hummingbird
import LassoDocuments
import LassoSnapshot

/// `GET /decide`: what a Mixpanel codeless iOS SDK (2.6.0–3.9.2) asks its server for at launch, answered with the
/// `event_bindings` of the app's configs in the Mixpanel profile (docs/server-api.md, "Mixpanel SDKs"). The app is
/// the lasso app whose key is the request's `token`; the configs are those that hold in the `$ios_app_release` the
/// SDK sends among its `properties` (else those still open).
extension ConfigAPI {
    func mixpanelDecide(_ request: Request, _ context: BasicRequestContext) async throws(APIError) -> Response {
        func one(_ name: String) throws(APIError) -> String? { try RequestInput.single(name, of: request) }
        let appKey = try RequestInput.sdkAppKey("token", of: request, what: "the app's Mixpanel token")
        let release = try Self.appRelease(try one("properties"))
        // Only the iOS SDK's selectors are written; another library is told of no binding.
        let lib = try one("lib") ?? "iphone"
        let answer: ConfigAnswer
        if lib == "iphone" {
            answer = try await cachedAnswer(appKey: appKey, key: "mixpanel\u{0}\(release?.description ?? "")") {
                state in
                let configs = state.documents.compactMap { stored in
                    try? ConfigCodec.decode(JSONParser.parse(Array(stored.text.utf8), file: stored.id), file: stored.id)
                }
                let made = MixpanelEventBindings.make(configs: configs, version: release)
                return ConfigAnswer(body: ByteBuffer(string: JSONWriter.compact(made.document) + "\n"), etag: "")
            }
        } else {
            answer = ConfigAnswer(body: ByteBuffer(string: #"{"event_bindings":[]}"# + "\n"), etag: "")
        }
        let fields: HTTPFields = [
            .cacheControl: "no-cache", .contentType: ConfigAnswer.contentType,
            .contentLength: String(answer.body.readableBytes),
        ]
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: answer.body))
    }

    /// The app release in the SDK's `properties` (`$ios_app_release`, the bundle's short version), nil when it
    /// sends none that reads as a version.
    static func appRelease(_ properties: String?) throws(APIError) -> AppVersion? {
        guard let properties, !properties.isEmpty else { return nil }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(Array(properties.utf8), file: "properties")
        } catch {
            throw APIError(
                .badRequest, "properties: expected a JSON object, found \(error.found)"
            )
        }
        guard case .object(let object) = parsed else {
            throw APIError(.badRequest, "properties: expected a JSON object, found \(parsed.kindDescription)")
        }
        guard case .string(let text)? = object["$ios_app_release"] else { return nil }
        return AppVersion(text)
    }
}
