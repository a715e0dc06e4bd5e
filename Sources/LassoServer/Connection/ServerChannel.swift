import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOSSL

/// The HTTP/1.1 connection of `lasso serve`: Hummingbird's `HTTP1Channel` with lasso's ``ConnectionHandler`` where it
/// sees each request as the HTTP decoder reads it, before it is converted for the router.
///
/// The pipeline, from the socket: with TLS, NIO's TLS handler and ``TLSFailureCounter``; ``RawResponseWriter``, NIO's response encoder and request decoder,
/// ``ConnectionHandler``, the conversion to Swift HTTP Types, Hummingbird's connection state handler (no idle timeout:
/// ``ConnectionHandler`` keeps it, since requests it answers never reach the router), and the router's channel.
///
/// The encoder and decoder are added one by one rather than by `configureHTTPServerPipeline`, which has the decoder
/// queue each request's method for the encoder to pop at each response head: a request answered past the encoder would
/// leave its entry behind for ever. That queue only keeps bodies off answers to `HEAD`, which ``ConnectionHandler``
/// does instead, for the requests it passes on.
struct ServerChannel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let table: ConnectionTable
    let recorder: RequestRecorder
    /// nil: plain HTTP.
    let tls: ServerTLS?
    /// nil: the router answers every request.
    let cache: ConfigCache?
    let limits: ServerLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldSize = 80 * 1024
            decoderLimits.maxHeaderListSize = 80 * 1024
            decoderLimits.maxHeaderFieldCount = 1000
            let writer = RawResponseWriter()
            let pipeline = channel.pipeline.syncOperations
            if let tls {
                try pipeline.addHandler(NIOSSLServerHandler(context: tls.current))
                try pipeline.addHandler(TLSFailureCounter(metrics: recorder.metrics))
            }
            try pipeline.addHandler(writer)
            try pipeline.addHandler(HTTPResponseEncoder(configuration: HTTPResponseEncoder.Configuration()))
            try pipeline.addHandler(
                ByteToMessageHandler(
                    HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits)))
            try pipeline.addHandler(
                ConnectionHandler(table: table, recorder: recorder, cache: cache, writer: writer, limits: limits))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: tls != nil))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}
