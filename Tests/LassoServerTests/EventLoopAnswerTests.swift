import Foundation
import LassoDocuments
import LassoServer
import NIOHTTP1
import Testing
import _LassoTestSupport

/// The SDK's cached GET answered on the event loop (ConnectionHandler), against real listening servers: the same bytes
/// as the router's answer, in order with the router's answers on one connection, and everything it does not answer
/// passed on whole.
@Suite struct EventLoopAnswerTests {
    static let question = "/v1/apps/shop-ios/configs?version=5.4.1"

    /// Runs `body` with two servers on one SQLite store holding one config: the first answers cached GETs on the event
    /// loop, the second through the router only.
    static func withServers<T: Sendable>(
        limits: ServerLimits = Fixtures.limits, _ body: @escaping @Sendable (_ fast: Int, _ router: Int) throws -> T
    ) async throws -> T {
        let (store, _) = try Fixtures.sqliteStore()
        var routerOnly = Fixtures.server(store, limits: limits)
        routerOnly.eventLoopAnswers = false
        return try await LiveServer.with(server: Fixtures.server(store, limits: limits)) { fast in
            try await LiveServer.with(server: routerOnly) { router in
                let config = Fixtures.config(from: "5.3.0")
                let put = try await fast.send(
                    .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config), headers: fast.auth)
                #expect(put.status == 201)
                return try await offThePool { try body(fast.port, router.port) }
            }
        }
    }

    /// Sends `requests` on one connection at once and reads `count` answers back.
    static func exchange(_ requests: String, port: Int, count: Int) throws -> (answers: [RawAnswer], text: String) {
        let socket = try LoopbackSocket(port: port)
        try socket.send(requests)
        let text = socket.read(until: { RawAnswer.split($0).count >= count }, within: .seconds(10)).text
        return (RawAnswer.split(text), text)
    }

    static func get(_ target: String = question, _ fields: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n"
    }

    @Test func theEventLoopsAnswersAreTheRoutersByteForByte() async throws {
        try await Self.withServers { fast, router in
            // The first GET fills the cache (the router answers it); the ones after are cached answers.
            let first = try Self.exchange(Self.get(), port: fast, count: 1).answers
            let etag = try #require(first.first?.field("ETag"))
            let requests = [
                Self.get(), Self.get(Self.question, "If-None-Match: \(etag)\r\n"),
                Self.get(Self.question, "If-None-Match: \"other\", W/\(etag)\r\n"),
                Self.get(Self.question, "if-none-match: *\r\n"),
                Self.get(Self.question, "If-None-Match: \"other\"\r\nIf-None-Match: \(etag)\r\n"),
                Self.get(Self.question, "If-None-Match: \"other\"\r\n"),
            ]
            for request in requests {
                let (fastAnswers, fastText) = try Self.exchange(request, port: fast, count: 1)
                let (routerAnswers, _) = try Self.exchange(request, port: router, count: 1)
                #expect(fastAnswers == routerAnswers, "\(request)")
                #expect(fastAnswers.count == 1)
                #expect(
                    fastText.range(
                        of:
                            #"\r\nDate: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT\r\n"#,
                        options: .regularExpression) != nil, "\(fastText)")
            }
            let answers = try Self.exchange(requests.joined(), port: fast, count: requests.count).answers
            #expect(answers.map(\.status) == [200, 304, 304, 304, 304, 200])
            #expect(
                answers.allSatisfy { $0.field("ETag") == etag && $0.field("Cache-Control") == "public, max-age=60" })
        }
    }

    @Test func pipelinedRequestsAreAnsweredInTheOrderTheyCame() async throws {
        try await Self.withServers { fast, _ in
            _ = try Self.exchange(Self.get(), port: fast, count: 1)
            let report = "{\"configId\":\"3c1f0a9e-5b7d\",\"appVersion\":\"5.4.1\",\"keyPath\":\"a\"}"
            let requests =
                "POST /v1/apps/shop-ios/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(report.utf8.count)\r\n\r\n"
                + report + Self.get() + Self.get("/v1/ping") + Self.get()
            let answers = try Self.exchange(requests, port: fast, count: 4).answers
            #expect(answers.map(\.status) == [201, 200, 200, 200])
            #expect(
                answers.map { $0.body.prefix(12) } == [
                    "{\"result\":\"r", "{\"appKey\":\"s", "pong\n", "{\"appKey\":\"s",
                ])
        }
    }

    @Test func requestsOutOfTheCachedFormAreAnsweredByTheRouter() async throws {
        try await Self.withServers { fast, _ in
            let cached = try #require(Self.exchange(Self.get(), port: fast, count: 1).answers.first)
            // HTTP/1.0, and a GET that asks for the connection to close: answered, then closed.
            for request in [
                "GET \(Self.question) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
                Self.get(Self.question, "Connection: close\r\n"),
            ] {
                let socket = try LoopbackSocket(port: fast)
                try socket.send(request)
                let (text, closed) = socket.read(until: { _ in false }, within: .seconds(5))
                #expect(RawAnswer.split(text).first?.body == cached.body, "\(request)")
                #expect(closed, "\(request)")
            }
            // A GET with a body, an escaped app key or version, a version given twice: the router reads them.
            let others = [
                Self.get(Self.question, "Content-Length: 2\r\n") + "{}",
                Self.get("/v1/apps/shop%2Dios/configs?version=5.4.1"),
                Self.get("/v1/apps/shop-ios/configs?version=5%2E4.1"),
                Self.get("/v1/apps/shop-ios/configs?version=5.4.1&version=5.4.1"),
                Self.get("/v1/apps/shop-ios/configs?version=5.4.1&other=1"),
            ]
            let answers = try Self.exchange(others.joined(), port: fast, count: others.count).answers
            #expect(answers.map(\.status) == [200, 200, 200, 400, 200])
            #expect(answers[0].body == cached.body)
            #expect(answers[1].body == cached.body)
            #expect(answers[3].body.contains("expected one app version, found 2"), "\(answers[3].body)")
        }
    }

    @Test func aConnectionKeptBusyByCachedAnswersOutlivesTheIdleTimeoutThenClosesWhenIdle() async throws {
        let limits = ServerLimits(storeTimeout: .seconds(60), idleTimeout: .seconds(1), requestTimeout: .seconds(60))
        try await Self.withServers(limits: limits) { fast, _ in
            let socket = try LoopbackSocket(port: fast)
            var statuses: [Int] = []
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .seconds(3) {
                try socket.send(Self.get())
                let text = socket.read(until: { RawAnswer.split($0).count == 1 }, within: .seconds(5)).text
                statuses += RawAnswer.split(text).map(\.status)
                Thread.sleep(forTimeInterval: 0.3)
            }
            #expect(statuses.count >= 8 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
            let quiet = ContinuousClock.now
            #expect(socket.read(until: { _ in false }, within: .seconds(5)).closed)
            let closedAfter = ContinuousClock.now - quiet
            #expect(closedAfter > .milliseconds(500) && closedAfter < .seconds(3), "\(closedAfter)")
        }
    }

    /// A client that sends 8,000 GETs (50 MB of answers, more than loopback's socket buffers hold) and reads nothing
    /// for three seconds fills the socket: the event loop hands the rest to the router, which stops reading until the
    /// client reads. Every answer still comes, whole and in order. (A real `lasso serve`, so that the test's own
    /// threads do not pace the server.)
    @Test func aClientThatDoesNotReadGetsEveryAnswerInOrder() async throws {
        let (store, db) = try Fixtures.sqliteStore()
        let config = Fixtures.config(from: "5.3.0")
        _ = try await store.put(appKey: config.appKey, id: config.id, text: Fixtures.text(config), ifMatch: nil)
        try await offThePool {
            let serve = try ServeProcess(db: db, token: Fixtures.token)
            defer { serve.stop() }
            let cached = try Self.exchange(Self.get(), port: serve.port, count: 1).text
            let socket = try LoopbackSocket(port: serve.port)
            let count = 8000
            Thread.detachNewThread {
                try? socket.send(String(repeating: Self.get(), count: count - 1) + Self.get("/v1/ping"))
            }
            Thread.sleep(forTimeInterval: 3)
            let text = socket.read(bytes: (count - 1) * cached.utf8.count + 100, within: .seconds(60)).text
            let answers = RawAnswer.split(text)
            #expect(answers.count == count)
            #expect(answers.dropLast().allSatisfy { $0 == RawAnswer.split(cached).first })
            #expect(answers.last?.body == "pong\n")
        }
    }
}
