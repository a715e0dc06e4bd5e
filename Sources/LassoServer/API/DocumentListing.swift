import Hummingbird
import LassoDocuments
import LassoSnapshot

extension ConfigAPI {
    /// `GET …/<kind>` for a kind of document other than configs (event definitions), for back ends that pull them:
    /// with `version`, those whose intervals hold it, under a strong ETag (`If-None-Match` → 304) as for configs;
    /// without, every one with its revision. Read from the store each time: back ends poll far less than SDKs.
    func documents(_ kind: DocumentKind, _ request: Request, _ context: BasicRequestContext) async throws(APIError)
        -> Response
    {
        let appKey = try RequestInput.appKey(context)
        let versions = request.uri.queryParameters.getAll("version")
        guard versions.count <= 1 else {
            throw APIError(.badRequest, "version: expected one app version, found \(versions.count) version parameters")
        }
        var parsed: AppVersion?
        if let version = versions.first {
            guard let version = AppVersion(String(version)) else {
                throw APIError(
                    .badRequest,
                    "version: expected an app version such as 5.4.1 or 5.4.1-beta.2, found \"\(versions[0].prefix(100))\""
                )
            }
            parsed = version
        }
        let state = try await storeCall("read the \(kind.noun)s") { try await store.state(kind, appKey: appKey) }
        guard let parsed, let version = versions.first.map({ String($0) }) else {
            return JSONReply(
                .ok, ConfigBodies.all(appKey: appKey, state: state, key: kind.plural),
                headers: [.eTag: "\"a\(state.revision)\"", .cacheControl: "no-cache"]
            ).response(from: request, context: context)
        }
        let body = ConfigBodies.forVersion(
            appKey: appKey, version: version, parsed: parsed, state: state, key: kind.plural)
        let answer = ConfigAnswer(body: body, etag: ConfigBodies.etag(of: body))
        return answer.response(to: request.headers)
    }
}
