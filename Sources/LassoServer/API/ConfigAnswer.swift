import HTTPTypes
import Hummingbird
import NIOCore

/// The answer to `GET …/configs?version=V` for one app at one data revision, built once: the body, its ETag, the header
/// fields the router sends it with, and the same answer as HTTP/1.1 bytes for the event-loop path, so that answering
/// it again copies and encodes nothing.
public final class ConfigAnswer: Sendable {
    /// The JSON text, with its final newline.
    public let body: ByteBuffer
    /// The strong entity tag, quoted: `"0c5e…"`.
    public let etag: String
    /// `ETag`, `Cache-Control`, `Content-Type` and `Content-Length`, for the 200.
    let fields: HTTPFields
    /// `ETag` and `Cache-Control`, for the 304.
    let notModifiedFields: HTTPFields
    /// The status line and header fields of the 200, up to where `Date` and the blank line go.
    let head: ByteBuffer
    /// The same for the 304.
    let notModifiedHead: ByteBuffer

    /// How long an SDK or a proxy may reuse a per-version answer without asking again.
    static let cacheControl = "public, max-age=60"
    static let contentType = "application/json; charset=utf-8"

    init(body: ByteBuffer, etag: String) {
        self.body = body
        self.etag = etag
        notModifiedFields = [.eTag: etag, .cacheControl: Self.cacheControl]
        var fields = notModifiedFields
        fields[.contentType] = Self.contentType
        fields[.contentLength] = String(body.readableBytes)
        self.fields = fields
        head = Self.headBytes(status: "200 OK", fields)
        notModifiedHead = Self.headBytes(status: "304 Not Modified", notModifiedFields)
    }

    /// The answer to a request with these header fields: 304 when an `If-None-Match` field names this answer's ETag,
    /// else 200 with the body. Nothing is built but the response itself.
    func response(to request: HTTPFields) -> Response {
        for field in request where field.name == .ifNoneMatch {
            if EntityTag.noneMatchHolds(Substring(field.value).utf8, etag: etag.utf8) {
                return Response(status: .notModified, headers: notModifiedFields)
            }
        }
        return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: body))
    }

    private static func headBytes(status: String, _ fields: HTTPFields) -> ByteBuffer {
        var text = "HTTP/1.1 \(status)\r\n"
        for field in fields { text += "\(field.name.rawName): \(field.value)\r\n" }
        return ByteBuffer(string: text)
    }
}
