import NIOCore
import NIOHTTP1

/// One connection's keeper, in front of the router: it closes the connection when it sits idle or when a request takes
/// too long to arrive, tells the ``ConnectionTable`` when it is busy, and answers the SDK's cached
/// `GET …/configs?version=` itself, on the event loop, passing every other request on.
///
/// One timer per connection serves both timeouts: it is set when the connection opens and, when it fires, either
/// closes the connection or sets itself again for the next deadline; requests only note the time, so a request
/// allocates no timer. A cached answer is written as the bytes it was built as (``ConfigAnswer/head``, a `Date` line
/// kept per connection, the body) through ``RawResponseWriter``, past the HTTP encoder. It is given only while the
/// router owes this connection no answer (so pipelined answers keep their order), to an HTTP/1.1 `GET` or `HEAD` (its
/// head alone) that carries no body and no `Connection` field, when the cache may answer without asking the store
/// (``ConfigCache``), and while the socket takes what is written: a client that sends requests without reading the answers gets the router's, which
/// stops reading until the client catches up, instead of answers piling up in memory.
final class ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the request being read is to become.
    private enum Reading {
        /// No request is being read.
        case none
        /// The router answers it.
        case passedOn
        /// The cached answer is written once the request has arrived whole (its head alone, to a `HEAD`).
        case answered(ConfigAnswer, notModified: Bool, headOnly: Bool, request: HTTPRequestHead)
    }

    private let table: ConnectionTable
    private let recorder: RequestRecorder
    /// nil: every request goes to the router.
    private let cache: ConfigCache?
    private let writer: RawResponseWriter
    private let idleTimeout: TimeAmount
    private let requestTimeout: TimeAmount
    private let slowBodyTimeout: TimeAmount
    private let minBodyRate: Int

    private var slot: ConnectionSlot?
    private var reading = Reading.none
    /// Requests passed on to the router and not answered yet.
    private var routerOwes = 0
    /// Each of those, in order, with what its answer has been so far. The answer to a `HEAD` goes without its body
    /// (RFC 9110 §9.3.2): the router answers `HEAD` as `GET`, with the same `Content-Length`; the body, or an error's,
    /// is dropped here.
    private var owed = CircularBuffer<OwedAnswer>()
    /// The client's address, read when the connection opens, for the access log.
    private var client: SocketAddress?
    /// A request that does not keep the connection alive (HTTP/1.0 without `keep-alive`) was passed on: the connection
    /// closes once it is answered (RFC 9112 §9.3), and nothing after it is read.
    private var closing = false
    private var readingDone = false
    private var lastActive = NIODeadline.now()
    private var requestStarted = NIODeadline.now()
    /// The bytes of the body read so far of the request passed on, for its rate (``ServerLimits/minBodyRate``).
    private var bodyBytes = 0
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture
    private var date = HTTPDateLine()

    init(
        table: ConnectionTable, recorder: RequestRecorder, cache: ConfigCache?, writer: RawResponseWriter,
        limits: ServerLimits
    ) {
        self.table = table
        self.recorder = recorder
        self.cache = cache
        self.writer = writer
        idleTimeout = TimeAmount(limits.idleTimeout)
        requestTimeout = TimeAmount(limits.requestTimeout)
        slowBodyTimeout = TimeAmount(limits.slowBodyTimeout)
        minBodyRate = limits.minBodyRate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { closed(context) }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed(context)
        context.fireChannelInactive()
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard slot == nil else { return }
        slot = table.opened(context.channel)
        client = context.channel.remoteAddress
        lastActive = .now()
        setTimer(context, at: lastActive + idleTimeout)
    }

    private func closed(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if slot != nil { table.closed(context.channel) }
        slot = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if readingDone { return }
        let now = NIODeadline.now()
        lastActive = now
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestStarted = now
            slot?.markBusy()
            if now + requestTimeout < timerDeadline { setTimer(context, at: now + requestTimeout) }
            if context.channel.isWritable, let answer = cachedAnswer(head) {
                reading = answer
                return
            }
            reading = .passedOn
            routerOwes += 1
            owed.append(OwedAnswer(method: head.method, target: head.uri, started: now))
            closing = !head.isKeepAlive
            bodyBytes = 0
            // A body to come is looked at each second (``bodyCheck``), should it come slowly; a request without one
            // sets no timer.
            if now + Self.bodyCheck < timerDeadline, Self.hasBody(head) { setTimer(context, at: now + Self.bodyCheck) }
            context.fireChannelRead(data)
        case .body(let bytes):
            if case .passedOn = reading {
                bodyBytes += bytes.readableBytes
                context.fireChannelRead(data)
            }
        case .end:
            let request = reading
            reading = .none
            switch request {
            case .answered(let answer, let notModified, let headOnly, let head):
                write(answer, notModified: notModified, headOnly: headOnly)
                recorder.metrics.cached(true)
                recorder.answered(
                    method: head.method, target: head.uri, route: RouteName.configs, status: notModified ? 304 : 200,
                    bodyBytes: notModified || headOnly ? 0 : answer.body.readableBytes, started: requestStarted,
                    client: client)
            case .passedOn:
                readingDone = closing
                context.fireChannelRead(data)
            case .none:
                break
            }
            if routerOwes == 0 { slot?.markIdle() }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            // An answer to no request passed on: the 400 to a request the HTTP decoder could not read.
            if owed.isEmpty { owed.append(OwedAnswer(method: .RAW(value: "-"), target: "-", started: .now())) }
            owed[owed.startIndex].status = Int(response.status.code)
            context.write(data, promise: promise)
            return
        case .body(let body):
            if owed.first?.method == .HEAD {
                promise?.succeed(())
            } else {
                if !owed.isEmpty { owed[owed.startIndex].bodyBytes += body.readableBytes }
                context.write(data, promise: promise)
            }
            return
        case .end:
            if let answered = owed.popFirst() {
                recorder.answered(
                    method: answered.method, target: answered.target, status: answered.status,
                    bodyBytes: answered.bodyBytes, started: answered.started, client: client)
            }
        }
        routerOwes = max(0, routerOwes - 1)
        if routerOwes == 0, closing {
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
            return
        }
        if routerOwes == 0, case .none = reading {
            lastActive = .now()
            slot?.markIdle()
        }
        context.write(data, promise: promise)
    }

    /// The cached answer for a request head, or nil when the router must answer it.
    private func cachedAnswer(_ head: HTTPRequestHead) -> Reading? {
        guard let cache, routerOwes == 0, head.method == .GET || head.method == .HEAD, head.version == .http1_1,
            let question = ConfigsRequest(target: head.uri)
        else { return nil }
        for (name, _) in head.headers where Self.framing.contains(where: { Self.equalIgnoringCase(name, $0) }) {
            return nil
        }
        guard let answer = cache.trustedAnswer(appKey: question.appKey, version: question.version) else { return nil }
        var notModified = false
        for (name, value) in head.headers where Self.equalIgnoringCase(name, Self.ifNoneMatch) {
            if EntityTag.noneMatchHolds(Substring(value).utf8, etag: answer.etag.utf8) { notModified = true }
        }
        return .answered(answer, notModified: notModified, headOnly: head.method == .HEAD, request: head)
    }

    private func write(_ answer: ConfigAnswer, notModified: Bool, headOnly: Bool) {
        if notModified {
            writer.send(answer.notModifiedHead)
            writer.send(date.current(), flush: true)
        } else if headOnly {
            writer.send(answer.head)
            writer.send(date.current(), flush: true)
        } else {
            writer.send(answer.head)
            writer.send(date.current())
            writer.send(answer.body, flush: true)
        }
    }

    /// Header fields that make a request more than a plain read: it goes to the router.
    private static let framing = ["connection", "content-length", "transfer-encoding", "expect", "upgrade"].map {
        Array($0.utf8)
    }
    private static let ifNoneMatch = Array("if-none-match".utf8)

    /// True when `name` is `lowercase` in any case (header names are ASCII).
    private static func equalIgnoringCase(_ name: String, _ lowercase: [UInt8]) -> Bool {
        name.utf8.count == lowercase.count
            && zip(name.utf8, lowercase).allSatisfy { byte, lower in
                byte == lower || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte | 0x20 == lower)
            }
    }

    // MARK: The timer

    private func setTimer(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timerFired(context)
        }
    }

    /// Closes the connection if a deadline has passed, else sets the timer for the next one.
    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = .distantFuture
        let now = NIODeadline.now()
        let midRequest: Bool
        if case .none = reading { midRequest = false } else { midRequest = true }
        if midRequest, now >= requestStarted + requestTimeout {
            close(context, .requestTimeout)
            return
        }
        var receivingBody = false
        if case .passedOn = reading { receivingBody = true }
        if receivingBody, slowBody(at: now), table.isNearLimit {
            close(context, .slowBody)
            return
        }
        // A request read whole and being answered is not idle time.
        let answering = !midRequest && routerOwes > 0
        if !answering, now >= lastActive + idleTimeout {
            close(context, .idleTimeout)
            return
        }
        var next = answering ? now + idleTimeout : lastActive + idleTimeout
        if midRequest { next = min(next, requestStarted + requestTimeout) }
        if receivingBody { next = min(next, now + Self.bodyCheck) }
        setTimer(context, at: next)
    }

    private func close(_ context: ChannelHandlerContext, _ reason: ServerMetrics.EarlyClose) {
        recorder.metrics.closedEarly(reason)
        context.close(promise: nil)
    }

    /// True when a body follows the head (RFC 9112 §6.3): a `Transfer-Encoding`, or a `Content-Length` other than 0.
    private static func hasBody(_ head: HTTPRequestHead) -> Bool {
        head.headers.contains(name: "transfer-encoding")
            || head.headers["content-length"].contains { $0.contains { $0 != "0" } }
    }

    /// How often a body still arriving is looked at.
    private static let bodyCheck = TimeAmount.seconds(1)

    /// True when the body being read has taken longer than the slow-body timeout, or has averaged fewer than the
    /// fewest bytes a second since the grace: near the connection limit, its connection is closed to make room.
    private func slowBody(at now: NIODeadline) -> Bool {
        let elapsed = now - requestStarted
        if elapsed >= slowBodyTimeout { return true }
        guard elapsed >= TimeAmount(ServerLimits.slowBodyGrace) else { return false }
        return Double(bodyBytes) < Double(minBodyRate) * Double(elapsed.nanoseconds) / 1e9
    }
}

/// A request passed on to the router, as its answer goes out: what the access log and the metrics say of it.
private struct OwedAnswer {
    var method: HTTPMethod
    var target: String
    var started: NIODeadline
    var status = 0
    var bodyBytes = 0
}

/// The first handler after the socket: it lets ``ConnectionHandler`` write an answer's bytes as they are, past the
/// HTTP encoder.
final class RawResponseWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes `bytes` to the socket, and flushes when told to.
    func send(_ bytes: ByteBuffer, flush: Bool = false) {
        guard let context else { return }
        context.write(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        if flush { context.flush() }
    }
}
