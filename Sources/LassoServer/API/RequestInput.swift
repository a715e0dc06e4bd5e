import Foundation
import HTTPTypes
import Hummingbird
import LassoSnapshot
import NIOCore

/// Reads and checks the parts of a request the API relies on: names in the path (percent-decoded), the body, `If-Match`.
enum RequestInput {
    /// The one value of the query parameter `name` (as the SDK routes read theirs), nil when absent; a repeated
    /// parameter is `400`.
    static func single(_ name: String, of request: Request) throws(APIError) -> String? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count <= 1 else {
            throw APIError(.badRequest, "\(name): expected one value, found \(values.count) \(name) parameters")
        }
        return values.first.map { String($0) }
    }

    /// The app key an SDK sends as the query parameter `name` (Sensors' `app_id`, Mixpanel's `token`), in Unicode
    /// NFC; `400` when it is missing or cannot be an app key. `what` says what the SDK sends there.
    static func sdkAppKey(_ name: String, of request: Request, what: String) throws(APIError) -> String {
        guard let raw = try single(name, of: request), !raw.isEmpty else {
            throw APIError(.badRequest, "\(name): expected \(what) (a lasso app key), found none")
        }
        let appKey = raw.precomposedStringWithCanonicalMapping
        guard SafeName.isSafe(appKey) else {
            throw APIError(
                .badRequest,
                "\(name): expected a lasso app key (at most 200 bytes, no '/', control characters or leading '.'), found \"\(raw.prefix(200))\""
            )
        }
        return appKey
    }

    /// The `{appKey}` of the path, percent-decoded and in Unicode NFC (so `é` composed and decomposed are one app),
    /// refused unless it is a usable app key: no control or bidirectional control characters among others.
    static func appKey(_ context: some RequestContext) throws(APIError) -> String {
        let raw = context.parameters.get("appKey") ?? ""
        guard let key = raw.removingPercentEncoding?.precomposedStringWithCanonicalMapping, SafeName.isSafe(key) else {
            throw APIError(
                .badRequest,
                "app key in the path: expected a percent-encoded UTF-8 name without '/', control characters (C0, C1, bidirectional) or a leading '.', found \"\(raw.prefix(200))\""
            )
        }
        return key
    }

    /// The `{id}` of the path (a config's, a hook config's or a definition's), percent-decoded, refused unless it is a
    /// document id.
    static func documentId(_ context: some RequestContext) throws(APIError) -> String {
        let raw = context.parameters.get("id") ?? ""
        guard let id = raw.removingPercentEncoding, id.count >= 8, id.count <= 200,
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw APIError(
                .badRequest,
                "config id in the path: expected letters, digits and '-' (a UUID), 8 to 200 long, found \"\(raw.prefix(200))\""
            )
        }
        return id
    }

    /// The whole body, at most `limit` bytes (413 beyond), parsed as JSON (400 when it is not, or when a string
    /// escapes half of a UTF-16 surrogate pair alone), every number one a double can hold (422 for `1e400`).
    static func json(_ request: inout Request, limit: Int) async throws(APIError) -> JSONValue {
        let bytes = try await Self.bytes(&request, limit: limit)
        let value: JSONValue
        do throws(InputError) {
            value = try JSONParser.parse(bytes, file: "request body")
            // A `\ud800` alone names no character: storing U+FFFD in its place would change the text sent.
            try JSONParser.refuseLoneSurrogates(bytes, file: "request body")
        } catch {
            throw APIError(.badRequest, error.description)
        }
        if let refusal = NumberRange.refusal(of: value, file: "request body") { throw refusal }
        return value
    }

    /// The whole body's bytes, at most `limit` (413 beyond), sent without a content coding (415), not empty (400).
    static func bytes(_ request: inout Request, limit: Int) async throws(APIError) -> [UInt8] {
        try refuseContentCoding(request.headers)
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw tooLarge(limit, found: "\(length) bytes")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError {
            throw tooLarge(limit, found: "more")
        } catch {
            throw APIError(.badRequest, "request body: expected a complete body, found a broken upload (\(error))")
        }
        guard buffer.readableBytes > 0 else {
            throw APIError(.badRequest, "request body: expected a JSON object, found an empty body")
        }
        return Array(buffer.readableBytesView)
    }

    /// Refuses a body sent with a content coding (`Content-Encoding: gzip`) with 415 naming it: the server reads bodies
    /// as they are, and would otherwise take compressed bytes for JSON. `identity` is no coding. The answer's
    /// `Accept-Encoding: identity` says what would do (RFC 9110 §15.5.16).
    static func refuseContentCoding(_ headers: HTTPFields) throws(APIError) {
        for value in headers[values: .contentEncoding] {
            for coding in value.split(separator: ",") {
                let name = coding.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.lowercased() != "identity" else { continue }
                var error = APIError(
                    .unsupportedMediaType,
                    "Content-Encoding: expected none (or identity): the server reads request bodies as sent, found \"\(name.prefix(100))\""
                )
                error.headers[.acceptEncoding] = "identity"
                throw error
            }
        }
    }

    private static func tooLarge(_ limit: Int, found: String) -> APIError {
        APIError(.contentTooLarge, "request body: expected at most \(limit) bytes, found \(found)")
    }

    /// `If-Match`, nil when absent; a value naming no revision is a condition that simply never matches, but one with
    /// `*` among entity tags is no condition at all: 400.
    static func ifMatch(_ request: Request) throws(APIError) -> IfMatch? {
        guard let header = request.headers[.ifMatch] else { return nil }
        let condition = IfMatch(header: header)
        if let problem = condition.problem { throw APIError(.badRequest, problem) }
        return condition
    }
}
