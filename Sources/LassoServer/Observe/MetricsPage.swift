import HTTPTypes
import Hummingbird

/// `GET /metrics`: the server's metrics in Prometheus's text format, as they are at the request.
struct MetricsPage: ResponseGenerator {
    let metrics: ServerMetrics

    func response(from request: Request, context: some RequestContext) -> Response {
        let page = metrics.page()
        return Response(
            status: .ok,
            headers: [
                .contentType: ServerMetrics.contentType, .cacheControl: "no-store", .contentLength: String(page.count),
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
    }
}
