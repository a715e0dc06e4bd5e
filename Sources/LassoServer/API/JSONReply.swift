import HTTPTypes
import Hummingbird
import LassoSnapshot

/// An answer of the API as JSON text lasso writes itself, so a stored config goes out with the bytes it was kept as.
struct JSONReply: ResponseGenerator {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    /// The JSON text, final newline included; nil for a `304 Not Modified`, which has neither body nor content type.
    var text: ByteBuffer?

    /// `value` written compactly, with a final newline.
    init(_ status: HTTPResponse.Status, _ value: JSONValue, headers: HTTPFields = [:]) {
        self.init(status, text: ByteBuffer(string: JSONWriter.compact(value) + "\n"), headers: headers)
    }

    /// JSON text written already (a cached answer), sent as it is; nil sends no body.
    init(_ status: HTTPResponse.Status, text: ByteBuffer?, headers: HTTPFields = [:]) {
        self.status = status
        self.headers = headers
        self.text = text
    }

    /// `304 Not Modified` with the validators (`ETag`, `Cache-Control`) the full answer would have had.
    static func notModified(headers: HTTPFields) -> JSONReply { JSONReply(.notModified, text: nil, headers: headers) }

    func response(from request: Request, context: some RequestContext) -> Response { response }

    /// The answer, which depends on nothing in the request.
    var response: Response {
        guard let text else { return Response(status: status, headers: headers) }
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: text))
    }
}
