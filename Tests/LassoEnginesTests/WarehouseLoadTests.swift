import Foundation
import LassoCounting
import LassoDocuments
import LassoEngines
import LassoSnapshot
import Logging
import PostgresNIO
import Testing
import _LassoTestSupport

/// Records with every awkward line (truncated, not one object, fields of the wrong type, missing keys, zone-less
/// times, padded versions, quotes, CJK) loaded by lasso's own `CREATE TABLE` and load statements into each engine,
/// then counted with lasso's query: the counts are lasso's in-process counts, with and without a period.
@Suite("Records loaded by lasso's DDL and load statements count as lasso counts, on every engine", .serialized)
struct WarehouseLoadTests {
    /// The lines of the log, the definitions, and how many lines lasso skips as malformed.
    struct Log {
        var definitions: [EventDefinition]
        var lines: [String]
        var malformed: Int
    }

    /// 1,600 random records of 200 definitions, and among them, for every record, one awkward line: a malformed
    /// line made from it (which would count if it were loaded), or a valid one with a key missing or `null`.
    static let log: Log = {
        let data = DifferentialCountTests.makeData(seed: 23, definitions: 200, recordsPerDefinition: 8)
        var lines: [String] = []
        var malformed = 0
        for (index, (record, line)) in zip(data.records, data.lines).enumerated() {
            var object = RandomEvents.object(record)
            var bad = true
            switch index % 16 {
            case 0: lines.append(String(line.prefix(line.count / 2)))  // truncated: the next line is whole
            case 1: lines.append(line + " trailing")
            case 2: lines.append(line + line)
            case 3: lines.append("[" + line + "]")
            case 4:
                object["properties"] = .string("Levi's")
                lines.append(JSONWriter.compact(.object(object)))
            case 5:
                object["appVersion"] = .int(5)
                lines.append(JSONWriter.compact(.object(object)))
            case 6:
                object["time"] = .int(1)
                lines.append(JSONWriter.compact(.object(object)))
            case 7:
                object["event"] = .array([.string(record.event)])
                lines.append(JSONWriter.compact(.object(object)))
            case 8: lines.append(#""热门推荐""#)
            default:
                bad = false
                // Valid: a key missing or null, other values in properties; lasso counts these as records.
                switch index % 16 {
                case 9: object["time"] = nil
                case 10: object["appVersion"] = nil
                case 11: object["properties"] = nil
                case 12: object["appVersion"] = .null
                case 13: object["viewId"] = nil
                case 14:
                    var properties = object["properties"]?.objectValue ?? JSONObject()
                    properties["title"] = .null
                    properties["url"] = .object(JSONObject(["x": .string("Levi's")]))
                    properties["entranceTitle"] = .bool(true)
                    object["properties"] = .object(properties)
                default:
                    object["extra"] = .array([.string("热门"), .object(JSONObject())])
                    // A key twice: the last counts.
                    let properties = object["properties"]?.objectValue?.members ?? []
                    let first = properties.map { JSONObject.Member(key: $0.key, value: .string("Levi's 热门")) }
                    object["properties"] = .object(JSONObject(first + properties))
                }
                lines.append(JSONWriter.compact(.object(object)))
            }
            if bad { malformed += 1 }
            lines.append(line)
        }
        return Log(definitions: data.definitions, lines: lines, malformed: malformed)
    }()

    static func write(_ log: Log) throws -> (folder: URL, records: URL) {
        let folder = try DifferentialCountTests.folder()
        let records = folder.appendingPathComponent("records.jsonl")
        try (log.lines.joined(separator: "\n") + "\n").write(to: records, atomically: true, encoding: .utf8)
        return (folder, records)
    }

    /// lasso's counts of the log, and of the log in `RandomEvents.period`.
    static func expected(_ log: Log) throws -> (all: [Int], timed: [Int]) {
        let (_, records) = try write(log)
        let all = try EventLogCounting.count(files: [records.path], plan: EventCountPlan(definitions: log.definitions))
        #expect(all[0].tally.malformed == log.malformed)
        let timed = try EventLogCounting.count(
            files: [records.path], plan: EventCountPlan(definitions: log.definitions, time: RandomEvents.period))
        let counts = (all[0].tally.counts, timed[0].tally.counts)
        // Not a vacuous agreement: many definitions count something, and the period leaves some records out.
        #expect(counts.0.filter { $0 > 0 }.count > log.definitions.count / 3, "\(counts.0)")
        #expect(counts.1 != counts.0 && counts.1.filter { $0 > 0 }.count > log.definitions.count / 4)
        return counts
    }

    /// lasso's count of each definition in each bucket that holds any record, as the long shape's rows
    /// (`definition_key`, bucket, count), sorted: each bucket a period counted in process.
    static func expectedLong(_ log: Log, bucket: EventLongSQL.Bucket) throws -> [[String]] {
        let (_, records) = try write(log)
        let times = RandomEvents.times.compactMap { $0.text.flatMap { EventTime(filter: $0) } }
        let names = EventSQL.columnNames(log.definitions)
        var rows: [[String]] = []
        for start in Set(times.map { bucket.start(of: $0) }) {
            let period = EventTimeRange(
                since: EventTime(microseconds: start * 1_000_000),
                until: EventTime(microseconds: (start + bucket.seconds) * 1_000_000))
            let plan = EventCountPlan(definitions: log.definitions, time: period)
            let counts = try EventLogCounting.count(files: [records.path], plan: plan)[0].tally.counts
            for (name, count) in zip(names, counts) where count > 0 {
                rows.append([name, EventBucket.label(start), String(count)])
            }
        }
        #expect(Set(rows.map { $0[1] }).count > 1, "\(bucket): more than one bucket")
        return sorted(rows)
    }

    static func sorted(_ rows: [[String]]) -> [[String]] {
        rows.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Runs the setup statements, then each query, on an engine driven from Python; prints each query's rows
    /// (tab-separated) followed by a line `--`.
    static let runner = """
        import json, sys
        engine, spec, folder = sys.argv[1], json.load(open(sys.argv[2], encoding="utf-8")), sys.argv[3]
        def show(rows):
            for row in rows:
                print("\\t".join("" if value is None else str(value) for value in row))
            print("--")
        if engine == "duckdb":
            import duckdb
            connection = duckdb.connect()
            for statement in spec["setup"]:
                connection.execute(statement)
            for query in spec["queries"]:
                show(connection.execute(query).fetchall())
        elif engine == "clickhouse":
            from chdb import session
            s = session.Session()
            for statement in spec["setup"]:
                s.query(statement)
            for query in spec["queries"]:
                text = str(s.query(query, "TabSeparated"))
                show([line.split("\\t") for line in text.splitlines() if line])
        elif engine == "spark":
            from pyspark.sql import SparkSession
            # The driver runs the tasks in local mode: 1 GB of heap ran out on a loaded machine (OutOfMemoryError).
            spark = (SparkSession.builder.master("local[1]").config("spark.driver.memory", "3g")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "1")
                .config("spark.sql.warehouse.dir", folder + "/warehouse").getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
            for statement in spec["setup"]:
                spark.sql(statement)
            for query in spec["queries"]:
                show([tuple(row) for row in spark.sql(query).collect()])
            spark.stop()
        """

    /// The rows of each query, as `runner` printed them.
    static func run(_ engine: EventSQL.Engine, setup: [String], queries: [String], in folder: URL) throws
        -> [[[String]]]
    {
        let spec = folder.appendingPathComponent("spec.json")
        let object = JSONObject([
            "setup": .array(setup.map { .string($0) }), "queries": .array(queries.map { .string($0) }),
        ])
        try JSONWriter.compact(.object(object)).write(to: spec, atomically: true, encoding: .utf8)
        let errors = folder.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", runner, engine.rawValue, spec.path, folder.path]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Spark repeats one line per task it can no longer run: the cause comes first, so the first lines are shown.
        let problems = ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.contains("rejected from java.util.concurrent") }.joined(separator: "\n")
        #expect(process.terminationStatus == 0, "\(engine): \(problems.prefix(4000))")
        var results: [[[String]]] = [[]]
        for line in answer.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "--" {
                results.append([])
            } else if !line.isEmpty {
                results[results.count - 1].append(
                    line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            }
        }
        return Array(results.dropLast())
    }

    /// Loads the log with lasso's statements and counts it with lasso's query, untimed and timed.
    /// `extra`: queries of one row each, with the row each must give (checks of the loaded table itself).
    func check(_ engine: EventSQL.Engine, extra: [(query: String, row: [String])] = []) throws {
        let log = Self.log
        let (folder, records) = try Self.write(log)
        let setup =
            [try EventWarehouse.ddl(engine: engine)] + (try EventWarehouse.load(engine: engine, path: records.path))
        let queries = [
            try EventSQL.query(log.definitions, engine: engine),
            try EventSQL.query(log.definitions, engine: engine, time: RandomEvents.period),
        ]
        let long = try EventLongSQL.Bucket.allCases.map { bucket in
            try EventLongSQL.query(log.definitions, engine: engine, bucket: bucket)
        }
        let results = try Self.run(engine, setup: setup, queries: queries + long + extra.map(\.query), in: folder)
        let expected = try Self.expected(log)
        #expect(results.count == 2 + long.count + extra.count)
        guard results.count == 2 + long.count + extra.count else { return }
        for (index, check) in extra.enumerated() {
            #expect(results[2 + long.count + index] == [check.row], "\(engine): \(check.query)")
        }
        #expect(results[0].first?.compactMap { Int($0) } == expected.all, "\(engine)")
        #expect(results[1].first?.compactMap { Int($0) } == expected.timed, "\(engine), timed")
        for (index, bucket) in EventLongSQL.Bucket.allCases.enumerated() {
            #expect(
                Self.sorted(results[2 + index]) == (try Self.expectedLong(log, bucket: bucket)), "\(engine), \(bucket)")
        }
    }

    @Test(
        "DuckDB (Python's duckdb): 3,200 lines, 900 of them malformed; the long shape by hour, day and week",
        .enabled(if: Tools.hasDuckDB, "needs python3 with duckdb"))
    func duckdb() throws { try check(.duckdb) }

    @Test(
        "ClickHouse's engine (chdb): 3,200 lines, 900 of them malformed; the long shape by hour, day and week",
        .enabled(if: Tools.hasChdb, "needs python3 with chdb"))
    func clickhouse() throws { try check(.clickhouse) }

    @Test(
        "Spark (pyspark, local[1], UTC): 3,200 lines, 900 of them malformed; the long shape by hour, day and week",
        .enabled(if: Tools.hasSpark, "needs python3 with pyspark, and Java"))
    func spark() throws {
        // from_json gives a nested value as JSON text and keeps every copy of a repeated key: the load leaves the
        // first out and keeps only the last of the others, as lasso reads them.
        try check(
            .spark,
            extra: [
                (
                    "SELECT count(*) FROM events WHERE exists(map_values(properties), x -> x LIKE '{%' OR x LIKE '[%')",
                    ["0"]
                ),
                (
                    "SELECT count(*) FROM events WHERE size(properties) > size(map_keys(map_from_entries(map_entries(properties))))",
                    ["0"]
                ),
                (
                    "SELECT count(*) FROM events WHERE properties['url'] IS NOT NULL AND properties['url'] LIKE 'Levi_s 热门'",
                    ["0"]
                ),
            ])
    }

    @Test(
        "PostgreSQL (COPY, then jsonb through a function that returns NULL for a line that is not JSON); the long shape",
        .enabled(if: Tools.hasPostgres, "needs PostgreSQL (LASSO_TEST_DATABASE_URL)"))
    func postgres() async throws {
        let url = try #require(Tools.databaseURL, "LASSO_TEST_DATABASE_URL is not set")
        let log = Self.log
        let (_, records) = try Self.write(log)
        let table = "lasso_load_events_\(UInt32.random(in: 0...UInt32.max))"
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await Self.connect(url, logger: logger)
        let statements =
            [try EventWarehouse.ddl(engine: .postgres, table: table)]
            + (try EventWarehouse.load(engine: .postgres, table: table, path: records.path))
        var counts: [Int] = []
        var timed: [Int] = []
        var long: [[[String]]] = []
        var failure: (any Error)?
        do {
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            counts = try await EventEngine(url: url).count(log.definitions, table: table)
            timed = try await EventEngine(url: url).count(log.definitions, table: table, time: RandomEvents.period)
            for bucket in EventLongSQL.Bucket.allCases {
                let query = try EventLongSQL.query(log.definitions, engine: .postgres, bucket: bucket, table: table)
                var rows: [[String]] = []
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: query), logger: logger) {
                    let (key, start, count) = try row.decode((String, String, Int64).self)
                    rows.append([key, start, String(count)])
                }
                long.append(rows)
            }
        } catch {
            failure = error
        }
        _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"), logger: logger)
        try await connection.close()
        if let failure { throw failure }
        let expected = try Self.expected(log)
        #expect(counts == expected.all)
        #expect(timed == expected.timed)
        for (rows, bucket) in zip(long, EventLongSQL.Bucket.allCases) {
            #expect(Self.sorted(rows) == (try Self.expectedLong(log, bucket: bucket)), "\(bucket)")
        }
    }

    /// A connection to the test's PostgreSQL over its Unix socket (`LASSO_TEST_DATABASE_URL`'s `host`).
    static func connect(_ url: String, logger: Logger) async throws -> PostgresConnection {
        let components = URLComponents(string: url)!
        let socketFolder = components.queryItems!.first { $0.name == "host" }!.value!
        return try await PostgresConnection.connect(
            configuration: .init(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(components.port ?? 5432)",
                username: components.user ?? "postgres",
                password: nil, database: String(components.path.dropFirst())),
            id: 1, logger: logger)
    }
}
