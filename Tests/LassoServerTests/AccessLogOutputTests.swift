import Foundation
import Logging
import Testing
import _LassoTestSupport

@testable import LassoServer

/// The access log when its output refuses lines (a full disk): the lines are dropped and counted, and writing goes on
/// whole lines once the output takes them again.
@Suite struct AccessLogOutputTests {
    @Test func aFullOutputDropsAndCountsLinesThenWritingGoesOn() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let metrics = ServerMetrics()
        let log = AccessLog(
            format: .text, output: descriptor, metrics: metrics, logger: Logger(label: "test.access-log"))
        func dropped() -> Double? {
            MetricsTests.sample(String(decoding: metrics.page(), as: UTF8.self), "lasso_access_log_dropped_total")
        }
        for _ in 0..<3 { log.record(LogLineTests.request("/v1/ping")) }
        let deadline = Date().addingTimeInterval(10)
        while dropped() != 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(dropped() == 3)

        // The disk has room again: the same descriptor now writes to a file.
        let file = TestRunFolder.fresh("lasso-access-output-") + ".log"
        let good = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        try #require(good >= 0)
        #expect(dup2(good, descriptor) == descriptor)
        close(good)
        for target in ["/health", "/v1/ping?version=1"] { log.record(LogLineTests.request(target)) }
        log.finish()
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "", "\(lines)")
        #expect(lines.first?.contains("\"GET /health\" 200 42") == true)
        #expect(lines.dropFirst().first?.contains("\"GET /v1/ping?version=1\" 200 42") == true)
        #expect(dropped() == 3)
    }
}
