import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The channel handler telling the ``ConnectionTable`` when its connection opens, starts and finishes requests, and
/// closes; it also closes a connection whose request has not arrived whole within the request timeout.
final class ConnectionTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let table: ConnectionTable
    private let requestTimeout: TimeAmount
    /// The closing of the connection, set when a request's head is read and called off when its end is.
    private var deadline: Scheduled<Void>?

    init(table: ConnectionTable, requestTimeout: TimeAmount) {
        self.table = table
        self.requestTimeout = requestTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { table.opened(context.channel) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        table.closed(context.channel)
    }

    func channelActive(context: ChannelHandlerContext) {
        table.opened(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        table.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            table.requestStarted(context.channel)
            let channel = context.channel
            deadline?.cancel()
            deadline = context.eventLoop.scheduleTask(in: requestTimeout) { channel.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { table.responseFinished(context.channel) }
        context.write(data, promise: promise)
    }
}
