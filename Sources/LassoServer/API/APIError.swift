import HTTPTypes
import Hummingbird
import LassoSnapshot

/// A refused request: its status and a message saying what was expected and what was found, sent as `{"error": "…"}`.
///
/// Handlers throw it; Hummingbird's router turns it into its response.
public struct APIError: Error, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var message: String
    /// Extra members of the error object (the stored revision of a 412).
    public var extra: JSONObject
    /// Header fields the refusal carries besides its type (a 401's `WWW-Authenticate`).
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ message: String, extra: JSONObject = JSONObject()) {
        self.status = status
        self.message = message
        self.extra = extra
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        var object = JSONObject()
        object["error"] = .string(message)
        for member in extra.members { object[member.key] = member.value }
        var response = JSONReply(status, .object(object)).response(from: request, context: context)
        for field in headers { response.headers.append(field) }
        return response
    }
}
