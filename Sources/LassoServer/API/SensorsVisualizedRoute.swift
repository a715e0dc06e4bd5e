import Foundation
import HTTPTypes
import Hummingbird
import LassoDocuments
import LassoSnapshot

/// `GET /config/visualized/iOS.conf` and `Android.conf`: what a Sensors Analytics SDK asks for its
/// visualized-properties config, answered as its code handles each status (docs/server-api.md, "Sensors
/// Analytics SDKs"): 200 with the document, 304 when `v` is its version already, 205 when the app has no config a
/// Sensors SDK can be sent.
extension ConfigAPI {
    func sensorsConfig(
        _ platform: SensorsVisualizedConfig.Platform, _ request: Request, _ context: BasicRequestContext
    ) async throws(APIError) -> Response {
        func one(_ name: String) throws(APIError) -> String? { try RequestInput.single(name, of: request) }
        let appKey = try RequestInput.sdkAppKey("app_id", of: request, what: "the app's bundle id")
        let project = try one("project").flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        guard project.count <= 200, SafeName.isSafe(project) else {
            throw APIError(.badRequest, "project: expected a Sensors project name, found \"\(project.prefix(200))\"")
        }
        let held = try one("v")
        // Built once per app, platform and project until a config of the app changes (``ConfigCache``): an SDK asks
        // at every app start.
        let answer = try await cachedAnswer(appKey: appKey, key: "sensors\u{0}\(platform.rawValue)\u{0}\(project)") {
            state in
            let configs = state.documents.compactMap { stored in
                try? ConfigCodec.decode(JSONParser.parse(Array(stored.text.utf8), file: stored.id), file: stored.id)
            }
            let made = SensorsVisualizedConfig.make(
                configs: configs, platform: platform, appId: appKey, project: project, version: nil)
            // No event: an empty body, answered 205.
            let body = made.events == 0 ? "" : JSONWriter.compact(made.document) + "\n"
            return ConfigAnswer(body: ByteBuffer(string: body), etag: made.version)
        }
        let headers: HTTPFields = [.cacheControl: "no-cache"]
        guard answer.body.readableBytes > 0 else { return Response(status: .resetContent, headers: headers) }
        if held == answer.etag { return Response(status: .notModified, headers: headers) }
        var fields = headers
        fields[.contentType] = ConfigAnswer.contentType
        fields[.contentLength] = String(answer.body.readableBytes)
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: answer.body))
    }
}
