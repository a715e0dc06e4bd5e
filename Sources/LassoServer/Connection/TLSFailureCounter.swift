import NIOCore
import NIOSSL

/// Counts the connections a TLS error ends (a plain HTTP request on the TLS port, a client that refuses the
/// certificate), just after NIO's TLS handler, and passes the error on: the connection closes as it would anyway.
final class TLSFailureCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let metrics: ServerMetrics

    init(metrics: ServerMetrics) { self.metrics = metrics }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A client closing TCP without TLS's close_notify is how many clients end a connection: not a failure.
        if let error = error as? NIOSSLError, case .uncleanShutdown = error {
        } else if error is NIOSSLError || error is BoringSSLError {
            metrics.closedEarly(.tlsError)
        }
        context.fireErrorCaught(error)
    }
}
