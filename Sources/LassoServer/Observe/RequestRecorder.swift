import Foundation
import NIOCore
import NIOHTTP1

/// Where each connection tells what it answered and why it closed early: the server's metrics, and the access log
/// when it is on.
final class RequestRecorder: Sendable {
    let metrics: ServerMetrics
    let accessLog: AccessLog?

    init(metrics: ServerMetrics, accessLog: AccessLog?) {
        self.metrics = metrics
        self.accessLog = accessLog
    }

    /// A request was answered with `status` and `bodyBytes` of body; its head was read at `started`. `route`: its
    /// route's pattern when the caller knows it, else it is found from the target.
    func answered(
        method: HTTPMethod, target: String, route: String? = nil, status: Int, bodyBytes: Int, started: NIODeadline,
        client: SocketAddress?
    ) {
        let elapsed = Duration.nanoseconds((NIODeadline.now() - started).nanoseconds)
        metrics.answered(
            route: route ?? RouteName.of(target: target), method: Self.label(method), status: status,
            bodyBytes: bodyBytes,
            elapsed: elapsed)
        accessLog?.record(
            AnsweredRequest(
                at: Date(), client: client, method: method.rawValue, target: target, status: status,
                bodyBytes: bodyBytes, elapsed: elapsed))
    }

    /// The method as a metric's label: one of the methods the API knows, else `other`, so that made-up methods do not
    /// make series without end.
    static func label(_ method: HTTPMethod) -> String {
        switch method {
        case .GET: "GET"
        case .HEAD: "HEAD"
        case .PUT: "PUT"
        case .POST: "POST"
        case .DELETE: "DELETE"
        case .OPTIONS: "OPTIONS"
        case .PATCH: "PATCH"
        default: "other"
        }
    }
}
