import Foundation
import Testing
import _LassoTestSupport

/// `lasso event export --ddl` and `--load PATH` on the real binary, and `--format duckdb` (docs/event-records.md,
/// "Loading the records").
@Suite("lasso event export --ddl, --load and --format duckdb on the real binary")
struct EventTableExportTests {
    @Test("--ddl writes the records table of each engine, snake_case columns, a map or jsonb, a time with its zone")
    func ddl() throws {
        let (folder, _) = try EventCountCommandTests().setUp()
        defer { CLI.cleanUp(folder) }
        let markers = [
            "clickhouse": "properties Map(String, String)", "postgres": "properties jsonb",
            "spark": "properties MAP<STRING, STRING>", "duckdb": "properties MAP(VARCHAR, VARCHAR)",
        ]
        for (format, marker) in markers {
            let result = try CLI.run(
                ["event", "export", "--ddl", "--format", format, "--table", "wh.clicks"], in: folder)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.hasPrefix("CREATE TABLE wh.clicks (\n  event "), "\(format): \(result.stdout)")
            #expect(result.stdout.contains(marker), "\(format): \(result.stdout)")
            for column in ["app_key", "app_version", "view_path", "view_id", "time", "device_id"] {
                #expect(result.stdout.contains("  \(column) "), "\(format): \(column)")
            }
        }
    }

    @Test("--load writes each engine's line-by-line ingestion of the path; --json lists the statements")
    func load() throws {
        let (folder, _) = try EventCountCommandTests().setUp()
        defer { CLI.cleanUp(folder) }
        let markers = [
            "clickhouse": "file('/data/Levi\\'s.jsonl', 'LineAsString')",
            "postgres": "COPY lasso_lines FROM '/data/Levi''s.jsonl'",
            "spark": "USING text OPTIONS (path '/data/Levi\\'s.jsonl')",
            "duckdb": "read_json_objects('/data/Levi''s.jsonl', format = 'newline_delimited', ignore_errors = true)",
        ]
        for (format, marker) in markers {
            let result = try CLI.run(
                ["event", "export", "--load", "/data/Levi's.jsonl", "--format", format], in: folder)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains(marker), "\(format): \(result.stdout)")
            #expect(result.stdout.contains("INSERT INTO events"), "\(format)")
        }
        let json = try CLI.run(
            ["event", "export", "--ddl", "--load", "x.jsonl", "--format", "postgres", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["engine"] as? String == "postgres")
        #expect((object?["statements"] as? [String])?.count == 7)
    }

    @Test("--ddl and --load refuse the regex format, a period, and an empty path, each in one message")
    func refusals() throws {
        let (folder, _) = try EventCountCommandTests().setUp()
        defer { CLI.cleanUp(folder) }
        let cases: [([String], String)] = [
            (["--ddl", "--format", "regex"], "--ddl and --load write SQL: use them with --format clickhouse"),
            (
                ["--ddl", "--format", "spark", "--since", "2026-11-20"],
                "--since/--until, --shape and --bucket go into a query, not into --ddl"
            ),
            (["--load", "", "--format", "duckdb"], "--load: expected the path of a JSON-lines file"),
            (["--ddl", "--format", "duckdb", "--table", "a b"], "--table: expected a table name"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["event", "export"] + arguments, in: folder)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(
        "end to end on DuckDB: lasso's table, load and query count the log as lasso event count does",
        .enabled(if: Tools.hasDuckDB, "needs python3 with duckdb"))
    func duckdbEndToEnd() throws {
        let (folder, log) = try EventCountCommandTests().setUp()
        defer { CLI.cleanUp(folder) }
        let script = try CLI.run(["event", "export", "--ddl", "--load", log, "--format", "duckdb"], in: folder)
        let query = try CLI.run(["event", "export", "--format", "duckdb"], in: folder)
        #expect(script.status == 0 && query.status == 0, "\(script.stderr)\(query.stderr)")
        let scriptFile = try CLI.write(script.stdout, to: "load.sql", in: folder)
        let queryFile = try CLI.write(query.stdout, to: "query.sql", in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import duckdb, sys; c = duckdb.connect(); c.execute(open(sys.argv[1]).read()); "
                + "print(c.execute(open(sys.argv[2]).read()).fetchall()[0][0])",
            scriptFile, queryFile,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(answer == "4\n")
    }
}
