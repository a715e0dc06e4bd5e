import Foundation
import LassoServer
import Synchronization
import Testing
import _LassoTestSupport

/// Clients that connect and say nothing, or send half a request head, to a real `lasso serve`: the server closes them
/// after the idle timeout, keeps at most its connection limit open by closing the connection idle longest, and answers
/// others meanwhile. Server and clients run apart from the test's own tasks (a process, a thread), so that tests
/// blocking this process's threads cannot skew the timings.
@Suite struct ConnectionLimitTests {
    static let halfHead = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    /// Runs `body` on a thread of its own with `lasso serve --idle-timeout IDLE --max-connections MAX` on a fresh
    /// SQLite file.
    static func withServer<T: Sendable>(
        idleTimeout: Int, maxConnections: Int, requestTimeout: Int = 60,
        _ body: @escaping @Sendable (_ port: Int) throws -> T
    ) async throws -> T {
        let (_, db) = try Fixtures.sqliteStore()
        return try await offThePool {
            let serve = try ServeProcess(
                db: db, token: Fixtures.token,
                arguments: [
                    "--idle-timeout", "\(idleTimeout)", "--max-connections", "\(maxConnections)", "--request-timeout",
                    "\(requestTimeout)",
                ])
            defer { serve.stop() }
            return try body(serve.port)
        }
    }

    /// What became of idle connections and of `/health` asked meanwhile.
    struct IdleOutcome: Sendable {
        var health: String
        var healthTook: Duration
        var closedEarly: Int
        var closed: Int
        var count: Int
        var closedAfter: Duration
        var healthAfter: String
    }

    @Test func idleAndHalfHeadConnectionsAreClosedAfterTheIdleTimeoutWhileHealthAnswers() async throws {
        let outcome = try await Self.withServer(idleTimeout: 3, maxConnections: 1000) { port in
            var sockets = try (0..<200).map { _ in try LoopbackSocket(port: port) }
            let half = try LoopbackSocket(port: port)
            try half.send(Self.halfHead)
            sockets.append(half)
            let opened = ContinuousClock.now
            let health = try LoopbackSocket.get("/health", port: port, timeout: .seconds(1))
            // The last ones opened are still open a while later: the idle timeout, not the server at once, closes them.
            let early = LoopbackSocket.countClosedByServer(Array(sockets.suffix(20)), within: .milliseconds(500))
            let closed = LoopbackSocket.countClosedByServer(sockets, within: .seconds(8))
            let closedAfter = ContinuousClock.now - opened
            let after = try LoopbackSocket.get("/health", port: port, timeout: .seconds(1))
            return IdleOutcome(
                health: health.text, healthTook: health.took, closedEarly: early, closed: closed, count: sockets.count,
                closedAfter: closedAfter, healthAfter: after.text)
        }
        #expect(outcome.health.hasPrefix("HTTP/1.1 200 OK"), "\(outcome.health)")
        #expect(outcome.health.contains("\r\n\r\n{\"status\":\"ok\",\"store\":\"sqlite\",\"lastStoreCall\":{"))
        #expect(outcome.healthTook < .seconds(1), "\(outcome.healthTook)")
        #expect(outcome.closedEarly == 0)
        #expect(outcome.closed == outcome.count)
        #expect(outcome.closedAfter < .seconds(7), "\(outcome.closedAfter)")
        #expect(outcome.healthAfter.hasPrefix("HTTP/1.1 200 OK"))
    }

    /// What became of a flood of idle connections past the limit, of a request under way, and of `/health`.
    struct LimitOutcome: Sendable {
        var health: String
        var healthTook: Duration
        var closed: Int
        var count: Int
        var busyAnswer: String
    }

    @Test func atTheConnectionLimitTheConnectionsIdleLongestAreClosedToMakeRoom() async throws {
        let outcome = try await Self.withServer(idleTimeout: 60, maxConnections: 16) { port in
            // A request under way is never the one closed to make room: its head is read, its body still coming (as
            // a body does, within a second: one that stalls is closed, aSlowBodyIsClosedNearTheLimit…).
            let busy = try LoopbackSocket(port: port)
            try busy.send(
                "POST /v1/apps/shop-ios/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "Content-Length: 96\r\n\r\n{\"configId\":")
            Thread.sleep(forTimeInterval: 0.1)
            var sockets: [LoopbackSocket] = []
            for index in 0..<48 {
                let socket = try LoopbackSocket(port: port)
                if index % 2 == 0 { try socket.send(Self.halfHead) }
                sockets.append(socket)
            }
            try busy.send(
                "\"3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\",\"count\":1}")
            let health = try LoopbackSocket.get("/health", port: port, timeout: .seconds(2))
            let closed = LoopbackSocket.countClosedByServer(sockets, within: .seconds(2))
            return LimitOutcome(
                health: health.text, healthTook: health.took, closed: closed, count: sockets.count,
                busyAnswer: busy.read(for: .seconds(2)).text)
        }
        #expect(outcome.health.hasPrefix("HTTP/1.1 200 OK"), "\(outcome.health)")
        #expect(outcome.healthTook < .seconds(1), "\(outcome.healthTook)")
        #expect(outcome.closed >= outcome.count - 16, "\(outcome.closed) of \(outcome.count) closed")
        #expect(outcome.busyAnswer.hasPrefix("HTTP/1.1 201 Created"), "\(outcome.busyAnswer)")
    }

    /// What became of a request whose body came a byte a second, and of `/health` asked meanwhile.
    struct SlowBodyOutcome: Sendable {
        var closed: Bool
        var bytesSent: Int
        var closedAfter: Duration
        var health: String
        var healthTook: Duration
    }

    @Test func aBodySentAByteASecondIsCutOffAtTheRequestTimeoutWhileHealthAnswers() async throws {
        let outcome = try await Self.withServer(idleTimeout: 3, maxConnections: 100, requestTimeout: 4) { port in
            let slow = try LoopbackSocket(port: port)
            try slow.send(
                "POST /v1/apps/shop-ios/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{")
            let started = ContinuousClock.now
            var sent = 1
            var closed = false
            var health = (text: "", took: Duration.zero)
            // A byte each second, well within the idle timeout of 3 s, for up to 10 s.
            while !closed, ContinuousClock.now - started < .seconds(10) {
                closed = slow.read(for: .seconds(1)).closed
                if !closed, (try? slow.send(" ")) != nil { sent += 1 }
                if sent == 3 { health = try LoopbackSocket.get("/health", port: port, timeout: .seconds(1)) }
            }
            return SlowBodyOutcome(
                closed: closed, bytesSent: sent, closedAfter: ContinuousClock.now - started, health: health.text,
                healthTook: health.took)
        }
        #expect(outcome.closed)
        #expect(outcome.bytesSent >= 3, "\(outcome.bytesSent)")
        #expect(outcome.closedAfter >= .seconds(3) && outcome.closedAfter < .seconds(7), "\(outcome.closedAfter)")
        #expect(outcome.health.hasPrefix("HTTP/1.1 200 OK"), "\(outcome.health)")
        #expect(outcome.healthTook < .seconds(1), "\(outcome.healthTook)")
    }

    /// What became of bodies sent a byte at a time that filled the connection limit, and of a client that came then.
    struct SlowBodiesOutcome: Sendable {
        var answer: String
        var took: Duration
        var slowClosed: Int
    }

    @Test func aSlowBodyIsClosedNearTheLimitSoANewClientIsAnsweredWithinSeconds() async throws {
        let outcome = try await Self.withServer(idleTimeout: 60, maxConnections: 8, requestTimeout: 60) { port in
            // 8 bodies, a byte each half second: every connection the server keeps is busy with a request. (Each
            // head is read before the next connection opens, or the table would close one still idle to make room.)
            let slow = try (0..<8).map { _ in
                let socket = try LoopbackSocket(port: port)
                try socket.send(
                    "POST /v1/apps/shop-ios/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{")
                Thread.sleep(forTimeInterval: 0.05)
                return socket
            }
            let trickling = Trickle()
            Thread.detachNewThread {
                while !trickling.stopped.load(ordering: .relaxed) {
                    Thread.sleep(forTimeInterval: 0.5)
                    for socket in slow { try? socket.send(" ") }
                }
            }
            defer { trickling.stopped.store(true, ordering: .relaxed) }
            // Until the request timeout (60 s) this one would wait in the listen backlog.
            let answer = try LoopbackSocket.get("/v1/ping", port: port, timeout: .seconds(20))
            let slowClosed = LoopbackSocket.countClosedByServer(slow, within: .seconds(1))
            return SlowBodiesOutcome(answer: answer.text, took: answer.took, slowClosed: slowClosed)
        }
        #expect(outcome.answer.hasPrefix("HTTP/1.1 200 OK"), "\(outcome.answer)")
        #expect(outcome.answer.hasSuffix("pong\n"))
        #expect(outcome.took < .seconds(8), "\(outcome.took)")
        #expect(outcome.slowClosed >= 1)
    }

    @Test func theConnectionLimitFitsTheOpenFileLimit() {
        #expect(ServerLimits(maxConnections: 4096).fitting(openFiles: 20_000).maxConnections == 4096)
        #expect(ServerLimits(maxConnections: 4096).fitting(openFiles: 1024).maxConnections == 1024 - 128)
        #expect(ServerLimits(maxConnections: 4096).fitting(openFiles: 64).maxConnections == 1)
    }
}

/// Tells the thread sending slow bodies a byte at a time to stop.
private final class Trickle: Sendable {
    let stopped = Atomic(false)
}
