import Foundation
import LassoDocuments
import LassoSnapshot
import NIOHTTP1
import Testing
import _LassoTestSupport

/// The access log of the real `lasso serve`: one line per request on standard output, in text or JSON, with no token
/// in it and nothing a terminal would read as a command.
@Suite struct AccessLogTests {
    /// Starts a server whose standard output goes to a file, sends the requests, stops it (the log's last lines are
    /// written before it exits) and returns the log's lines.
    static func lines(format: String, _ requests: (LiveServer) async throws -> Void) async throws -> [String] {
        let folder = TestRunFolder.fresh("lasso-access-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = folder + "/access.log"
        let server = try ServeProcess(
            db: folder + "/store.sqlite", token: Fixtures.token, arguments: ["--log-format", format], output: output)
        try await requests(LiveServer(port: server.port))
        server.stop()
        #expect(server.process.terminationStatus == 0)
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func writesOneTextLinePerRequestWithSecretsRedactedAndBytesEscaped() async throws {
        let config = Fixtures.config()
        let lines = try await Self.lines(format: "text") { server in
            _ = try await server.send(
                .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config), headers: server.auth)
            for _ in 0..<3 { _ = try await server.send(.GET, "/v1/apps/shop-ios/configs?version=5.4.0") }
            // A Mixpanel project token and a user's id in the query.
            _ = try await server.send(.GET, "/decide?version=1&lib=iphone&token=project-secret&distinct_id=user-42")
            // Sent as raw bytes: a quote and a backslash the HTTP parser lets through, then a bidi character and a C1
            // control it refuses (400, and the line says so without the bytes).
            for target in ["/v1/apps/a\"b\\c/configs?version=1.0.0", "/v1/apps/\u{202E}x\u{85}/configs"] {
                let socket = try LoopbackSocket(port: server.port)
                try socket.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = socket.read(until: { $0.contains("\r\n\r\n") }, within: .seconds(10))
                socket.close()
            }
        }
        #expect(lines.count == 7, "\(lines)")
        try #require(lines.count == 7)
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 "(\S+) (\S+)" (\d{3}) (\d+) \d+\.\d{6}$/#
        var parsed: [(method: String, target: String, status: Int, bytes: Int)] = []
        for line in lines {
            let match = try #require(line.wholeMatch(of: pattern), "\(line)")
            parsed.append((String(match.1), String(match.2), Int(match.3)!, Int(match.4)!))
        }
        #expect(parsed[0].method == "PUT" && parsed[0].status == 201)
        #expect(parsed[0].target == "/v1/apps/shop-ios/configs/\(config.id)")
        #expect(parsed[1...3].allSatisfy { $0.target == "/v1/apps/shop-ios/configs?version=5.4.0" && $0.status == 200 })
        // The event loop's answers (the 2nd and 3rd GET) are logged with the same bytes as the router's (the 1st).
        #expect(parsed[2].bytes == parsed[1].bytes && parsed[3].bytes == parsed[1].bytes && parsed[1].bytes > 100)
        #expect(parsed[4].target == "/decide?version=1&lib=iphone&token=REDACTED&distinct_id=REDACTED")
        #expect(parsed[5].target == #"/v1/apps/a\x22b\x5Cc/configs?version=1.0.0"# && parsed[5].status == 400)
        #expect(parsed[6].method == "-" && parsed[6].target == "-" && parsed[6].status == 400)
        let all = lines.joined(separator: "\n")
        #expect(!all.contains("project-secret") && !all.contains("user-42") && !all.contains(Fixtures.token))
        #expect(lines.allSatisfy { line in line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } })
    }

    @Test func writesOneJSONObjectPerRequest() async throws {
        let lines = try await Self.lines(format: "json") { server in
            _ = try await server.send(.GET, "/v1/ping")
            _ = try await server.send(.HEAD, "/v1/apps/shop-ios/configs?version=5.4.0")
            _ = try await server.send(.GET, "/health/full")
        }
        try #require(lines.count == 3, "\(lines)")
        let objects = try lines.map { try JSONParser.parse(Array($0.utf8), file: "access log") }
        #expect(objects.map { $0["method"]?.stringValue } == ["GET", "HEAD", "GET"])
        #expect(
            objects.map { $0["path"]?.stringValue } == [
                "/v1/ping", "/v1/apps/shop-ios/configs?version=5.4.0", "/health/full",
            ])
        #expect(objects.map { $0["status"]?.doubleValue } == [200, 200, 401])
        // The HEAD is answered without its body.
        #expect(objects[0]["bytes"]?.doubleValue == 5 && objects[1]["bytes"]?.doubleValue == 0)
        #expect(objects.allSatisfy { $0["client"]?.stringValue == "127.0.0.1" && $0["seconds"] != nil })
        #expect(objects.allSatisfy { ($0["time"]?.stringValue ?? "").hasSuffix("Z") })
    }
}
