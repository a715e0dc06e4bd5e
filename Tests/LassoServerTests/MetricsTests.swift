import Foundation
import LassoDocuments
import LassoServer
import NIOHTTP1
import Testing
import _LassoTestSupport

/// `GET /metrics` of the real `lasso serve`: Prometheus text whose counters are the requests the test made (the
/// SDK's GETs the event loop answers among them), behind the admin token on the main port and without it on
/// `--metrics-port`.
@Suite struct MetricsTests {
    /// A real `lasso serve` on a fresh store with more `arguments`.
    static func serve(_ prefix: String, _ arguments: [String]) throws -> ServeProcess {
        let folder = TestRunFolder.fresh(prefix)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try ServeProcess(db: folder + "/store.sqlite", token: Fixtures.token, arguments: arguments)
    }

    /// The value of the sample `name{labels}` on a Prometheus text page, or nil when the page has no such line.
    static func sample(_ page: String, _ series: String) -> Double? {
        for line in page.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func countsEveryRequestByRouteAndStatusWithTheirLatencyAndTheCache() async throws {
        let server = try Self.serve("lasso-metrics-", ["--metrics-port", "0"])
        defer { server.stop() }
        let client = LiveServer(port: server.port)
        let config = Fixtures.config()
        #expect(
            try await client.send(
                .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config), headers: client.auth
            ).status == 201)
        // The first GET fills the cache (a miss, through the router), the next five are answered on the event loop.
        var etag = ""
        for _ in 0..<6 {
            let reply = try await client.send(.GET, "/v1/apps/shop-ios/configs?version=5.4.0")
            #expect(reply.status == 200)
            etag = reply.headers["ETag"].first ?? ""
        }
        for _ in 0..<3 {
            let reply = try await client.send(
                .GET, "/v1/apps/shop-ios/configs?version=5.4.0", headers: [("If-None-Match", etag)])
            #expect(reply.status == 304)
        }
        #expect(try await client.send(.GET, "/v1/apps/shop-ios/configs?version=nope").status == 400)
        #expect(try await client.send(.GET, "/no/such/route/\(UUID())").status == 404)

        // Every other route once: each is counted under its pattern.
        let others: [(String, String)] = [
            ("/health", "/health"), ("/health/full", "/health/full"), ("/v1/ping", "/v1/ping"),
            ("/v1/apps/shop-ios/events?version=5.4.0", "/v1/apps/{appKey}/events"),
            ("/v1/apps/shop-ios/hooks?version=5.4.0", "/v1/apps/{appKey}/hooks"),
            ("/v1/apps/shop-ios/reports", "/v1/apps/{appKey}/reports"),
            ("/config/visualized/iOS.conf?app_id=shop-ios", "/config/visualized/iOS.conf"),
            ("/config/visualized/Android.conf?app_id=shop-ios", "/config/visualized/Android.conf"),
            ("/decide?version=1&lib=iphone&token=t", "/decide"),
        ]
        var statuses: [String: Int] = [:]
        for (path, route) in others { statuses[route] = try await client.send(.GET, path).status }
        // On the main port, only with the admin token.
        #expect(try await client.send(.GET, "/metrics").status == 401)
        let page = try await client.send(.GET, "/metrics", headers: client.auth)
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"].first == "text/plain; version=0.0.4; charset=utf-8")
        let text = page.body
        let configs = #"route="/v1/apps/{appKey}/configs""#
        #expect(Self.sample(text, #"lasso_http_requests_total{\#(configs),method="GET",status="200"}"#) == 6)
        #expect(Self.sample(text, #"lasso_http_requests_total{\#(configs),method="GET",status="304"}"#) == 3)
        #expect(Self.sample(text, #"lasso_http_requests_total{\#(configs),method="GET",status="400"}"#) == 1)
        #expect(
            Self.sample(
                text, #"lasso_http_requests_total{route="/v1/apps/{appKey}/configs/{id}",method="PUT",status="201"}"#)
                == 1)
        #expect(Self.sample(text, #"lasso_http_requests_total{route="other",method="GET",status="404"}"#) == 1)
        #expect(Self.sample(text, #"lasso_http_requests_total{route="/metrics",method="GET",status="401"}"#) == 1)
        #expect(Self.sample(text, #"lasso_http_request_duration_seconds_count{\#(configs)}"#) == 10)
        #expect((Self.sample(text, #"lasso_http_request_duration_seconds_sum{\#(configs)}"#) ?? 0) > 0)
        // The configs' first GET, and the Sensors iOS, Sensors Android and Mixpanel documents, each built once.
        #expect(Self.sample(text, "lasso_answer_cache_misses_total") == 4)
        #expect(Self.sample(text, "lasso_answer_cache_hits_total") == 8)
        #expect((Self.sample(text, #"lasso_store_calls_total{outcome="ok"}"#) ?? 0) >= 2)
        #expect(Self.sample(text, #"lasso_store_calls_total{outcome="failed"}"#) == 0)
        #expect((Self.sample(text, "lasso_connections_opened_total") ?? 0) >= 1)
        #expect(text.contains("# TYPE lasso_http_request_duration_seconds histogram"))
        for (route, status) in statuses {
            #expect(
                Self.sample(text, #"lasso_http_requests_total{route="\#(route)",method="GET",status="\#(status)"}"#)
                    == 1,
                "\(route) \(status)")
        }
        // No app key or id becomes a label: the labels stay few whatever clients send.
        #expect(!text.contains("shop-ios") && !text.contains(config.id))

        // On --metrics-port, without a token.
        let port = try #require(server.metricsPort)
        let scraped = try await LiveServer(port: port).send(.GET, "/metrics")
        #expect(scraped.status == 200)
        #expect(Self.sample(scraped.body, #"lasso_http_requests_total{\#(configs),method="GET",status="304"}"#) == 3)
    }

    @Test func theMetricsPortClosesIdleConnectionsToo() throws {
        let server = try Self.serve("lasso-metrics-port-idle-", ["--metrics-port", "0", "--idle-timeout", "0.3"])
        defer { server.stop() }
        let socket = try LoopbackSocket(port: try #require(server.metricsPort))
        let read = socket.read(for: .seconds(5))
        #expect(read.closed && read.text.isEmpty, "an idle connection to the metrics port stayed open")
    }

    @Test func countsConnectionsTheServerClosedForIdling() async throws {
        let server = try Self.serve("lasso-metrics-idle-", ["--idle-timeout", "0.3"])
        defer { server.stop() }
        let socket = try LoopbackSocket(port: server.port)
        // The server closes the idle connection: the read ends, having read nothing.
        let read = socket.read(for: .seconds(5))
        #expect(read.closed && read.text.isEmpty)
        let page = try await LiveServer(port: server.port).send(
            .GET, "/metrics", headers: [("Authorization", "Bearer \(Fixtures.token)")])
        #expect(Self.sample(page.body, #"lasso_connections_closed_early_total{reason="idle_timeout"}"#) == 1)
    }

    @Test func countsTheStoreTimingOutAndTheServerErrorsItCauses() async throws {
        let (inner, _) = try Fixtures.sqliteStore()
        let store = StallingStore(inner)
        let server = Fixtures.server(store, limits: ServerLimits(storeTimeout: .seconds(1)))
        let statuses = try await LiveServer.with(server: server) { client in
            var statuses = [try await client.send(.GET, "/v1/apps/shop-ios/configs?version=5.4.0").status]
            store.stall()
            for _ in 0..<2 {
                statuses.append(try await client.send(.GET, "/v1/apps/shop-ios/configs?version=5.5.0").status)
            }
            return statuses
        }
        #expect(statuses == [200, 503, 503])
        let page = String(decoding: server.metrics.page(), as: UTF8.self)
        let configs = #"route="/v1/apps/{appKey}/configs""#
        #expect(Self.sample(page, #"lasso_http_requests_total{\#(configs),method="GET",status="503"}"#) == 2)
        #expect(Self.sample(page, #"lasso_store_calls_total{outcome="timeout"}"#) == 2)
        #expect(Self.sample(page, #"lasso_store_calls_total{outcome="ok"}"#) == 1)
        #expect(Self.sample(page, "lasso_store_call_duration_seconds_count") == 3)
        #expect((Self.sample(page, "lasso_store_call_duration_seconds_sum") ?? 0) >= 2)
    }

    @Test(.enabled(if: Tools.isCI || Tools.pythonHas(["prometheus_client"]), "needs Python's prometheus_client"))
    func thePageParsesWithPrometheusOwnClientParser() async throws {
        let server = try Self.serve("lasso-metrics-parse-", ["--metrics-port", "0"])
        defer { server.stop() }
        let client = LiveServer(port: server.port)
        for path in ["/health", "/v1/ping", "/v1/apps/a/configs?version=1.0.0", "/v1/apps/a/configs?version=1.0.0"] {
            _ = try await client.send(.GET, path)
        }
        let port = try #require(server.metricsPort)
        // prometheus_client's parser of the text format, as a Prometheus server reads it; it prints each sample.
        let script = """
            import sys, urllib.request
            from prometheus_client.parser import text_string_to_metric_families
            page = urllib.request.urlopen(sys.argv[1]).read().decode()
            for family in text_string_to_metric_families(page):
                for sample in family.samples:
                    labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                    print(family.type, sample.name, labels, float(sample.value))
            """
        let (status, output) = try TestCA.run(["python3", "-c", script, "http://127.0.0.1:\(port)/metrics"])
        #expect(status == 0, "\(output)")
        let lines = Set(output.split(separator: "\n").map(String.init))
        try #require(lines.count > 50, "\(output)")
        #expect(lines.contains("counter lasso_http_requests_total method=GET,route=/v1/ping,status=200 1.0"))
        #expect(
            lines.contains(
                "counter lasso_http_requests_total method=GET,route=/v1/apps/{appKey}/configs,status=200 2.0"))
        #expect(lines.contains("counter lasso_answer_cache_hits_total  1.0"))
        #expect(
            lines.contains(
                "histogram lasso_http_request_duration_seconds_count route=/v1/apps/{appKey}/configs 2.0"))
        #expect(
            lines.contains("gauge lasso_connections_open  1.0") || lines.contains("gauge lasso_connections_open  0.0"))
    }
}
