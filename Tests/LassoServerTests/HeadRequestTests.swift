import Foundation
import LassoServer
import Testing
import _LassoTestSupport

/// `HEAD` on every `GET` route (RFC 9110 §9.1), against real listening servers: the `GET`'s status and header fields,
/// `Content-Length` and `ETag` included, and not one byte of body, from the router and from the event loop's cache.
@Suite struct HeadRequestTests {
    static let question = EventLoopAnswerTests.question

    static func request(_ method: String, _ target: String, _ fields: String = "") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n"
    }

    /// The header fields a `HEAD` must share with its `GET`.
    static func fields(_ answer: RawAnswer) -> [String?] {
        ["Content-Length", "Content-Type", "ETag", "Cache-Control"].map { answer.field($0) }
    }

    @Test func headIsGetWithoutTheBodyOnEveryGetRoute() async throws {
        try await EventLoopAnswerTests.withServers { fast, router in
            for port in [fast, router] {
                let targets = [
                    Self.question, "/v1/apps/shop-ios/configs", "/v1/apps/shop-ios/events?version=5.4.1",
                    "/v1/apps/shop-ios/hooks", "/v1/apps/shop-ios/reports", "/health", "/v1/ping",
                    "/v1/apps/%00/configs",
                ]
                // Each HEAD then its GET on one connection, and a last GET: any body sent to a HEAD would be read as
                // the start of the next answer.
                var requests = ""
                for target in targets { requests += Self.request("HEAD", target) + Self.request("GET", target) }
                requests += Self.request("GET", "/v1/ping")
                let heads = Set(stride(from: 0, to: targets.count * 2, by: 2))
                let socket = try LoopbackSocket(port: port)
                try socket.send(requests)
                let text = socket.read(
                    until: { RawAnswer.split($0, bodiless: heads).count > targets.count * 2 }, within: .seconds(10)
                ).text
                let answers = RawAnswer.split(text, bodiless: heads)
                try #require(answers.count == targets.count * 2 + 1, "\(port): \(text)")
                for (index, target) in targets.enumerated() {
                    let head = answers[index * 2]
                    let get = answers[index * 2 + 1]
                    #expect(head.status == get.status, "HEAD \(target): \(head)")
                    #expect(Self.fields(head) == Self.fields(get), "HEAD \(target): \(head) / \(get)")
                    #expect(Int(head.field("Content-Length") ?? "") == get.body.utf8.count, "HEAD \(target)")
                }
                #expect(answers.map(\.status).prefix(2) == [200, 200])
                #expect(answers[answers.count - 3].status == 400, "a HEAD refused: no body either")
                #expect(answers.last?.body == "pong\n", "\(text)")
            }
        }
    }

    @Test func aCachedHeadAndAConditionalOneHaveNoBodyEither() async throws {
        try await EventLoopAnswerTests.withServers { fast, router in
            for port in [fast, router] {
                // The first GET fills the cache; the HEADs after it are answered from it (on the event loop of `fast`).
                let socket = try LoopbackSocket(port: port)
                try socket.send(Self.request("GET", Self.question))
                let got = socket.read(until: { RawAnswer.split($0).count == 1 }, within: .seconds(10)).text
                let get = try #require(RawAnswer.split(got).first)
                let etag = try #require(get.field("ETag"))
                try socket.send(
                    Self.request("HEAD", Self.question)
                        + Self.request("HEAD", Self.question, "If-None-Match: \(etag)\r\n")
                        + Self.request("GET", "/v1/ping"))
                let text = socket.read(
                    until: { RawAnswer.split($0, bodiless: [0, 1]).count == 3 }, within: .seconds(10)
                ).text
                let answers = RawAnswer.split(text, bodiless: [0, 1])
                try #require(answers.count == 3, "\(text)")
                #expect(answers[0].status == 200)
                #expect(Self.fields(answers[0]) == Self.fields(get))
                #expect(answers[1].status == 304)
                #expect(answers[1].field("ETag") == etag)
                #expect(answers[2].body == "pong\n", "\(text)")
            }
        }
    }
}
