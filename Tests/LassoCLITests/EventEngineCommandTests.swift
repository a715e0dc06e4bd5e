import Foundation
import Testing
import _LassoTestSupport

/// `lasso event count --engine` on the real binary: against the private PostgreSQL, and over real HTTP against a
/// stand-in for a ClickHouse server (a small Python HTTP server that runs each POSTed query with chdb, ClickHouse's
/// engine in process, over the records loaded into a table `default.events`). Both must give the counts the
/// in-process count gives on the same records.
@Suite("lasso event count --engine on PostgreSQL and on ClickHouse's HTTP interface", .serialized)
struct EventEngineCommandTests {
    /// Six records over three days, two hours of one day and two weeks, so that `--bucket` has buckets to tell apart.
    static let records = zip(
        [
            EventCountCommandTests.record(0), EventCountCommandTests.record(1),
            EventCountCommandTests.record(2, title: "新品"), EventCountCommandTests.record(3, version: "5.6.0"),
            EventCountCommandTests.record(4, version: "5.3"), EventCountCommandTests.record(5, version: "5.2.99"),
        ],
        [
            "2026-11-20T08:00:00.123Z", "2026-11-20T09:59:59.999Z", "2026-11-21T00:00:00Z", "2026-11-22T23:30:00Z",
            "2026-11-23T00:30:00Z", "2026-11-23T01:00:00Z",
        ]
    ).map { record, time in record.replacingOccurrences(of: "2026-11-20T08:00:00.123Z", with: time) }

    /// `--bucket hour|day|week` on the warehouse gives, definition by definition, the buckets the same records give
    /// counted from the log.
    func expectSameBuckets(engine: [String], log: String, in folder: String) throws {
        for bucket in ["hour", "day", "week"] {
            let fromLog = try CLI.object(
                try CLI.run(["event", "count", log, "--bucket", bucket, "--json"], in: folder))
            let outcome = try CLI.run(["event", "count"] + engine + ["--bucket", bucket, "--json"], in: folder)
            #expect(outcome.status == 0, "\(bucket): \(outcome.stderr)")
            let fromEngine = try CLI.object(outcome)
            func buckets(_ json: [String: Any]) -> [String] {
                ((json["definitions"] as? [[String: Any]]) ?? []).flatMap { definition in
                    ((definition["buckets"] as? [[String: Any]]) ?? []).map {
                        "\($0["start"] ?? "")=\($0["count"] ?? "")"
                    }
                }
            }
            #expect(buckets(fromEngine) == buckets(fromLog), "\(bucket)")
            #expect(buckets(fromLog).count >= (bucket == "week" ? 2 : 3), "\(bucket): \(buckets(fromLog))")
            #expect(fromEngine["bucket"] as? String == bucket)
        }
    }

    func setUp() throws -> (folder: String, log: String, expected: Int) {
        let folder = try CLI.folder()
        try CLI.write(
            EventCountCommandTests.definition,
            to: "kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json", in: folder)
        let log = try CLI.write(Self.records.joined(separator: "\n") + "\n", to: "log.jsonl", in: folder)
        let json = try CLI.object(try CLI.run(["event", "count", log, "--json"], in: folder))
        let expected = try #require((json["definitions"] as? [[String: Any]])?.first?["count"] as? Int)
        #expect(expected == 3)
        return (folder, log, expected)
    }

    func psql(_ url: String, _ sql: String) throws {
        let components = URLComponents(string: url)!
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "psql", "-h", components.queryItems!.first { $0.name == "host" }!.value!, "-p", "\(components.port!)",
            "-U", components.user ?? "postgres", String(components.path.dropFirst()), "-qAt", "-v", "ON_ERROR_STOP=1",
            "-c", sql,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("--engine postgres:// counts on the records' table", .enabled(if: Tools.hasPostgres, "needs PostgreSQL"))
    func postgres() throws {
        let url = try #require(Tools.databaseURL)
        let (folder, log, expected) = try setUp()
        defer { CLI.cleanUp(folder) }
        let table = "lasso_cli_events_\(UInt32.random(in: 0...UInt32.max))"
        var inserts = ""
        for line in Self.records {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let properties = String(
                decoding: try JSONSerialization.data(withJSONObject: record["properties"]!), as: UTF8.self)
            let fields = ["event", "appKey", "appVersion", "viewPath", "viewId"].map { "'\(record[$0] as! String)'" }
            inserts +=
                "INSERT INTO \(table) VALUES (\(fields.joined(separator: ", ")), '\(properties)'::jsonb, '\(record["time"] as! String)', 'd');"
        }
        try psql(
            url,
            "CREATE TABLE \(table) (event text, app_key text, app_version text, view_path text, view_id text, properties jsonb, time timestamptz, device_id text);"
                + inserts)
        defer { try? psql(url, "DROP TABLE \(table)") }
        let outcome = try CLI.run(["event", "count", "--engine", url, "--table", table, "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try CLI.object(outcome)
        #expect((json["definitions"] as? [[String: Any]])?.first?["count"] as? Int == expected)
        // The rows are of November 2026: a period before 2000 counts none, one from 2000 on counts them all.
        for (since, until, count) in [("1990-01-01", "2000-01-01", 0), ("2000-01-01T00:00:00+08:00", "", expected)] {
            var arguments = ["event", "count", "--engine", url, "--table", table, "--json", "--since", since]
            if !until.isEmpty { arguments += ["--until", until] }
            let timed = try CLI.object(try CLI.run(arguments, in: folder))
            #expect((timed["definitions"] as? [[String: Any]])?.first?["count"] as? Int == count, "\(since)")
        }
        try expectSameBuckets(engine: ["--engine", url, "--table", table], log: log, in: folder)
        let refused = try CLI.run(["event", "count", "--engine", url, "--table", "no_such_table_here"], in: folder)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("no_such_table_here"), "\(refused.stderr)")
    }

    /// The stand-in server: loads the records into `default.events`, prints its port, answers each POST by running
    /// the body with chdb and returning the result (status 500 and the error when the query fails).
    static let server = """
        import json, sys
        from http.server import BaseHTTPRequestHandler, HTTPServer
        from chdb import session
        s = session.Session()
        s.query("CREATE TABLE default.events (event String, app_key String, app_version String, view_path String, "
                "view_id String, properties Map(String, String), time DateTime64(3, 'UTC'), device_id String) "
                "ENGINE = Memory")
        rows = []
        for line in open(sys.argv[1], encoding="utf-8"):
            r = json.loads(line)
            rows.append(json.dumps({"event": r["event"], "app_key": r["appKey"], "app_version": r["appVersion"],
                "view_path": r["viewPath"], "view_id": r["viewId"],
                "properties": {k: str(v) for k, v in r["properties"].items()},
                "time": r["time"].replace("T", " ").replace("Z", ""), "device_id": r["deviceId"]}, ensure_ascii=False))
        s.query("INSERT INTO default.events FORMAT JSONEachRow\\n" + "\\n".join(rows))
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                query = self.rfile.read(int(self.headers["Content-Length"])).decode("utf-8")
                try:
                    body, status = str(s.query(query)).encode("utf-8"), 200
                except Exception as error:
                    body, status = str(error).encode("utf-8"), 500
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = HTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    @Test(
        "--engine clickhouse://host:port/db.table POSTs the query over HTTP",
        .enabled(if: Tools.hasChdb, "needs python3 with chdb"))
    func clickhouse() throws {
        let (folder, log, expected) = try setUp()
        defer { CLI.cleanUp(folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.server, log]
        let output = Pipe()
        process.standardOutput = output
        // Its own standard error, so that the test run never waits on a pipe the server still holds.
        process.standardError = FileHandle.nullDevice
        try process.run()
        // SIGKILL: chdb's engine keeps running through SIGTERM.
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var portText = ""
        while !portText.hasSuffix("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            portText += String(decoding: byte, as: UTF8.self)
        }
        let port = try #require(Int(portText.trimmingCharacters(in: .whitespacesAndNewlines)), "no port: \(portText)")
        let outcome = try CLI.run(
            ["event", "count", "--engine", "clickhouse://127.0.0.1:\(port)/default.events", "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try CLI.object(outcome)
        #expect((json["definitions"] as? [[String: Any]])?.first?["count"] as? Int == expected)
        try expectSameBuckets(
            engine: ["--engine", "clickhouse://127.0.0.1:\(port)/default.events"], log: log, in: folder)
        let refused = try CLI.run(
            ["event", "count", "--engine", "clickhouse://127.0.0.1:\(port)/default.missing"], in: folder)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("refused the query"), "\(refused.stderr)")
    }
}
