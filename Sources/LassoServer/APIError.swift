import Hummingbird
import LassoCore

/// A refused request: its status and a message saying what was expected and what was found, sent as `{"error": "…"}`.
///
/// Handlers throw it; Hummingbird's router turns it into its response.
public struct APIError: Error, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var message: String
    /// Extra members of the error object (the stored revision of a 412).
    public var extra: JSONObject

    public init(_ status: HTTPResponse.Status, _ message: String, extra: JSONObject = JSONObject()) {
        self.status = status
        self.message = message
        self.extra = extra
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        var object = JSONObject()
        object["error"] = .string(message)
        for member in extra.members { object[member.key] = member.value }
        return JSONResponse.make(status, .object(object))
    }
}

/// Builds JSON responses.
enum JSONResponse {
    static func make(_ status: HTTPResponse.Status, _ value: JSONValue, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: status, headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(string: JSONWriter.compact(value) + "\n")))
    }
}
