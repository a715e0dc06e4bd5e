import Foundation
import LassoCounting
import LassoDocuments
import LassoEngines
import LassoSnapshot
import Logging
import PostgresNIO
import Testing
import _LassoTestSupport

/// The regex (Foundation's NSRegularExpression over each record's viewPath, the rest checked one record at a time),
/// the in-process counter, PostgreSQL and ClickHouse's engine (chdb, in process, over the exported ClickHouse SQL)
/// count thousands of random definitions' records, and all agree.
@Suite("Every way of counting agrees: regex, in process, PostgreSQL, ClickHouse (chdb)", .serialized)
struct DifferentialCountTests {
    static let definitionCount = 60
    static let recordsPerDefinition = 60
    /// The engines' runs: many more definitions, fewer records each (an engine's query has a column per definition).
    static let engineDefinitionCount = 500
    static let engineRecordsPerDefinition = 8

    struct Data {
        var definitions: [EventDefinition]
        var records: [RandomEvents.Record]
        var lines: [String]
    }

    static func makeData(
        seed: UInt64, definitions definitionCount: Int = Self.definitionCount,
        recordsPerDefinition: Int = Self.recordsPerDefinition
    ) -> Data {
        var random = RandomEvents(seed: seed)
        let definitions = (0..<definitionCount).map { random.definition($0) }
        var records: [RandomEvents.Record] = []
        for definition in definitions {
            for _ in 0..<recordsPerDefinition { records.append(random.record(near: definition)) }
        }
        return Data(definitions: definitions, records: records, lines: records.map(RandomEvents.line))
    }

    /// The reference: each definition checked against each record, the location by NSRegularExpression; with
    /// `timed`, only records whose time `RandomEvents.times` says lies in the period.
    static func referenceCounts(_ data: Data, timed: Bool = false) throws -> [Int] {
        try data.definitions.map { definition in
            let path = try NSRegularExpression(pattern: EventRegex.pattern(for: definition.viewPath))
            return try data.records.filter { record in
                if timed {
                    let inside = RandomEvents.times.first { $0.text == record.time }!.inside
                    guard inside == true else { return false }
                }
                guard record.appKey == definition.appKey else { return false }
                if !definition.versions.intervals.isEmpty {
                    guard let version = Self.version(record.appVersion), definition.versions.contains(version) else {
                        return false
                    }
                }
                // A record the app tracked through the catalogue (docs/event-catalogue.md): its event is the key,
                // and a number it carries in event_number must be the definition's; its content is not asked.
                if record.event == definition.key {
                    guard let raw = record.properties.last(where: { $0.0 == "event_number" })?.1 else { return true }
                    let number = (raw as? Int).map(String.init) ?? (raw as! String)
                    return number == definition.number.map(String.init)
                }
                guard record.event == definition.viewEvent else { return false }
                let text = record.viewPath
                guard path.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else {
                    return false
                }
                for condition in definition.content {
                    // The last of repeated keys, as the record's JSON gives it.
                    guard let raw = record.properties.last(where: { $0.0 == condition.key })?.1 else { return false }
                    let value = (raw as? Int).map(String.init) ?? (raw as! String)
                    switch condition.operation {
                    case .equals(let wanted): guard value == wanted else { return false }
                    case .oneOf(let wanted): guard wanted.contains(value) else { return false }
                    case .contains(let wanted): guard wanted.isEmpty || value.contains(wanted) else { return false }
                    case .regex(let pattern):
                        let regex = try NSRegularExpression(pattern: pattern)
                        guard regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil else {
                            return false
                        }
                    }
                }
                return true
            }.count
        }
    }

    /// A record's version by the policy: spaces and tabs around it ignored, any other white space kept (and so no
    /// version).
    static func version(_ text: String) -> AppVersion? {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        guard trimmed.trimmingCharacters(in: .whitespacesAndNewlines) == trimmed else { return nil }
        return AppVersion(trimmed)
    }

    static func folder() throws -> URL {
        let folder = URL(fileURLWithPath: TestRunFolder.fresh("lasso-diff-"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func inProcessCounts(_ data: Data, timed: Bool = false) throws -> [Int] {
        let file = try folder().appendingPathComponent("records.jsonl")
        try (data.lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let plan = EventCountPlan(definitions: data.definitions, time: timed ? RandomEvents.period : nil)
        let result = try EventLogCounting.count(files: [file.path], plan: plan)
        #expect(result[0].tally.malformed == 0)
        #expect(result[0].tally.records == data.records.count)
        let noTime = data.records.filter { record in RandomEvents.times.first { $0.text == record.time }!.inside == nil
        }
        #expect(result[0].tally.noTime == (timed ? noTime.count : 0))
        return result[0].tally.counts
    }

    @Test(
        "the regex and the in-process counter agree: 3,600 records of 60 random definitions on three seeds, and 4,000 records of 500 definitions"
    )
    func regexAndCounter() throws {
        let runs: [(seed: UInt64, definitions: Int, records: Int)] = [
            (1, Self.definitionCount, Self.recordsPerDefinition), (2, Self.definitionCount, Self.recordsPerDefinition),
            (3, Self.definitionCount, Self.recordsPerDefinition),
            (4, Self.engineDefinitionCount, Self.engineRecordsPerDefinition),
        ]
        for (seed, definitionCount, recordsPerDefinition) in runs {
            let data = Self.makeData(
                seed: seed, definitions: definitionCount, recordsPerDefinition: recordsPerDefinition)
            let reference = try Self.referenceCounts(data)
            #expect(try Self.inProcessCounts(data) == reference, "seed \(seed)")
            // Not a vacuous agreement: many definitions count something, and some count nothing.
            #expect(reference.filter { $0 > 0 }.count > definitionCount / 3, "seed \(seed): \(reference)")
            let timed = try Self.referenceCounts(data, timed: true)
            #expect(try Self.inProcessCounts(data, timed: true) == timed, "seed \(seed), timed")
            #expect(timed.reduce(0, +) < reference.reduce(0, +), "seed \(seed): the period leaves records out")
            #expect(timed.reduce(0, +) > reference.reduce(0, +) / 3, "seed \(seed): the period keeps records")
        }
    }

    @Test(
        "PostgreSQL counts as the in-process counter: 500 random definitions, 4,000 records (the exported postgres query over a jsonb table)",
        .enabled(if: Tools.hasPostgres, "needs PostgreSQL (LASSO_TEST_DATABASE_URL)"))
    func postgres() async throws {
        let url = try #require(Tools.databaseURL, "LASSO_TEST_DATABASE_URL is not set")
        let data = Self.makeData(
            seed: 7, definitions: Self.engineDefinitionCount, recordsPerDefinition: Self.engineRecordsPerDefinition)
        let table = "lasso_diff_events_\(UInt32.random(in: 0...UInt32.max))"
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let components = URLComponents(string: url)!
        let folder = components.queryItems!.first { $0.name == "host" }!.value!
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(components.port ?? 5432)",
                username: components.user ?? "postgres",
                password: nil, database: String(components.path.dropFirst())),
            id: 1, logger: logger)
        func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        // A time that does not read is a NULL: PostgreSQL refuses it as a timestamptz. One with no zone is UTC.
        func postgresTime(_ text: String?) -> String {
            guard RandomEvents.times.first(where: { $0.text == text })!.inside != nil, let text else { return "NULL" }
            return literal(EventTime(filter: text)!.sqlText + "+00")
        }
        try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    CREATE TABLE \(table) (event text, app_key text, app_version text, view_path text, view_id text,
                      properties jsonb, time timestamptz, device_id text)
                    """), logger: logger)
        var rows: [String] = []
        for (record, line) in zip(data.records, data.lines) {
            let properties = try JSONParser.parse(Array(line.utf8), file: "-")["properties"]!
            rows.append(
                "(\(literal(record.event)), \(literal(record.appKey)), \(literal(record.appVersion)), "
                    + "\(literal(record.viewPath)), 'id', \(literal(JSONWriter.compact(properties)))::jsonb, "
                    + "\(postgresTime(record.time)), 'd1')")
        }
        try await connection.query(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES " + rows.joined(separator: ",\n")), logger: logger)
        let counts: [Int]
        let timedCounts: [Int]
        do {
            counts = try await EventEngine(url: url).count(data.definitions, table: table)
            timedCounts = try await EventEngine(url: url).count(
                data.definitions, table: table, time: RandomEvents.period)
        } catch {
            try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"), logger: logger)
            try await connection.close()
            throw error
        }
        try await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"), logger: logger)
        try await connection.close()
        let expected = try Self.inProcessCounts(data)
        #expect(counts == expected)
        #expect(expected.filter { $0 > 0 }.count > Self.engineDefinitionCount / 3, "\(expected)")
        let timed = try Self.inProcessCounts(data, timed: true)
        #expect(timedCounts == timed)
        #expect(timed != expected && timed.filter { $0 > 0 }.count > Self.engineDefinitionCount / 4, "\(timed)")
    }

    /// Loads records (JSON lines) into ClickHouse's engine in process (chdb), runs a query and prints its TSV.
    static let chdbScript = """
        import json, re, sys
        from datetime import datetime, timezone
        from chdb import session
        records, queries = sys.argv[1], sys.argv[2:]
        s = session.Session()
        s.query("CREATE TABLE events (event String, app_key String, app_version String, view_path String, "
                "view_id String, properties Map(String, String), time DateTime64(3, 'UTC'), device_id String) "
                "ENGINE = Memory")
        def utc(text):
            try:
                text = re.sub(r"(\\.[0-9]{6})[0-9]+", r"\\1", text)
                text = re.sub(r"([+-][0-9]{2})([0-9]{2})$", r"\\1:\\2", text)
                moment = datetime.fromisoformat(text)
            except (TypeError, ValueError):
                return None
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=timezone.utc)
            return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")
        rows = []
        for line in open(records, encoding="utf-8"):
            r = json.loads(line)
            row = {"event": r["event"], "app_key": r["appKey"], "app_version": r["appVersion"],
                "view_path": r["viewPath"], "view_id": r["viewId"],
                "properties": {k: str(v) for k, v in r["properties"].items()}, "device_id": r["deviceId"]}
            if utc(r.get("time")) is not None:
                row["time"] = utc(r["time"])
            rows.append(json.dumps(row, ensure_ascii=False))
        s.query("INSERT INTO events FORMAT JSONEachRow\\n" + "\\n".join(rows))
        for query in queries:
            print(s.query(open(query, encoding="utf-8").read(), "TabSeparated"), end="")
        """

    @Test(
        "ClickHouse's engine (chdb) counts as the in-process counter: 500 random definitions, 4,000 records (the exported clickhouse query over a Map table)",
        .enabled(if: Tools.hasChdb, "needs python3 with chdb (pip install chdb)"))
    func clickhouse() throws {
        let data = Self.makeData(
            seed: 11, definitions: Self.engineDefinitionCount, recordsPerDefinition: Self.engineRecordsPerDefinition)
        let folder = try Self.folder()
        let records = folder.appendingPathComponent("records.jsonl")
        try (data.lines.joined(separator: "\n") + "\n").write(to: records, atomically: true, encoding: .utf8)
        let query = folder.appendingPathComponent("query.sql")
        try EventSQL.query(data.definitions, engine: .clickhouse).write(to: query, atomically: true, encoding: .utf8)
        let timedQuery = folder.appendingPathComponent("timed.sql")
        try EventSQL.query(data.definitions, engine: .clickhouse, time: RandomEvents.period).write(
            to: timedQuery, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.chdbScript, records.path, query.path, timedQuery.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        let rows = answer.split(separator: "\n").map { row in row.split(separator: "\t").compactMap { Int($0) } }
        #expect(rows.count == 2, "\(answer)")
        let expected = try Self.inProcessCounts(data)
        #expect(rows.first == expected)
        #expect(expected.filter { $0 > 0 }.count > Self.engineDefinitionCount / 3, "\(expected)")
        let timed = try Self.inProcessCounts(data, timed: true)
        #expect(rows.last == timed)
        #expect(timed != expected && timed.filter { $0 > 0 }.count > Self.engineDefinitionCount / 4, "\(timed)")
    }
}
