import NIOCore
import NIOHTTPTypes

/// The channel handler telling the ``ConnectionTable`` when its connection opens, starts and finishes requests, and
/// closes.
final class ConnectionTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let table: ConnectionTable

    init(table: ConnectionTable) { self.table = table }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { table.opened(context.channel) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { table.closed(context.channel) }

    func channelActive(context: ChannelHandlerContext) {
        table.opened(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        table.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { table.requestStarted(context.channel) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { table.responseFinished(context.channel) }
        context.write(data, promise: promise)
    }
}
