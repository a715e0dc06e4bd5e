import ArgumentParser
import LassoCounting
import LassoDocuments
import LassoSnapshot

/// `lasso event export`: the definitions in a back end's language: the regex of each location, or one SQL query
/// counting them all; or the records table's `CREATE TABLE` and the statements that load a JSON-lines file into it.
struct EventExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write the definitions as regular expressions or as one SQL query counting them all, or the records table and its load.",
        discussion: "The table's columns and the load are documented in docs/event-records.md.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case regex, clickhouse, postgres, spark, duckdb
    }

    /// The query's rows: one with a column per definition, or a row per definition and bucket.
    enum Shape: String, ExpressibleByArgument, CaseIterable {
        case wide, long
    }

    @Option(help: "regex, clickhouse, postgres, spark or duckdb.") var format: Format
    @Option(help: "The table of records the query reads (default: events).") var table = EventSQL.defaultTable
    @OptionGroup var selection: EventSelection
    @OptionGroup var period: EventTimeOptions
    @Option(help: "wide (default: one row, a column per definition) or long (definition_key, bucket, count rows).")
    var shape: Shape = .wide
    @Option(help: "With --shape long: hour, day (default) or week (from Monday), in UTC; names the bucket column.")
    var bucket: EventLongSQL.Bucket?
    @Flag(help: "Write the records table's CREATE TABLE instead of a query.") var ddl = false
    @Option(
        name: .customLong("load"),
        help: ArgumentHelp(
            "Write the statements that load the JSON-lines file at PATH (as the engine sees it) into the table.",
            valueName: "PATH"))
    var loadPath: String?
    @Option(
        help:
            "Whose records the table holds: lasso (default), or sensors, growingio or posthog as lasso event convert wrote them; only the definitions in that SDK's profile are written."
    )
    var records = "lasso"
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        if ddl || loadPath != nil {
            try writeTable()
            return
        }
        if bucket != nil && shape != .long {
            throw LassoError(.usage, "--bucket: the buckets are rows of --shape long; add --shape long")
        }
        guard let records = RecordFormat(rawValue: records) else {
            throw LassoError(.usage, "--records: expected one of \(RecordFormat.names), found \"\(self.records)\"")
        }
        // The SQL reads the table's records: definitions written for another SDK's are left out, and said.
        let definitions = try EventCountCommand.counted(try selection.definitions(), over: records, inProcess: false)
        let time = try period.range()
        if format == .regex && (time != nil || shape == .long) {
            throw LassoError(
                .usage,
                "--since/--until and --shape long go into a query: use them with --format clickhouse, postgres, spark or duckdb"
            )
        }
        let engine: EventSQL.Engine
        switch format {
        case .regex:
            let paged = definitions.filter(\.isPageOnly)
            if !paged.isEmpty {
                Console.error(
                    "note: left out: "
                        + paged.map { DisplayText.escaped($0.key) }.joined(separator: ", ")
                        + " (a page view has no path to match; its page is a condition on the record's properties, in --format clickhouse, postgres, spark or duckdb)"
                )
            }
            let definitions = definitions.filter { !$0.isPageOnly }
            // A Sensors location for one row is every row's path; the SDK sends the row beside it.
            let rows = definitions.map { definition in
                definition.recorded.content.count > definition.content.count
                    ? definition.recorded.content.last?.operation.texts.first : nil
            }
            let pinned = zip(definitions, rows).compactMap { definition, row in row.map { (definition.key, $0) } }
            if !json, !pinned.isEmpty {
                Console.error(
                    "note: "
                        + pinned.map { "\(DisplayText.escaped($0.0)) counts the row $element_position = \($0.1)" }
                        .joined(separator: ", ")
                        + " (the SDK sends every row's path; the row is a condition on the record's properties)")
            }
            if json {
                Console.json(
                    .array(
                        zip(definitions, rows).map { definition, row in
                            var object = JSONObject()
                            object["id"] = .string(definition.id)
                            object["appKey"] = .string(definition.appKey)
                            object["key"] = .string(definition.key)
                            object["regex"] = .string(EventRegex.pattern(for: definition))
                            if let row { object["elementPosition"] = .string(row) }
                            return .object(object)
                        }))
            } else {
                for definition in definitions {
                    Console.exact(definition.key + "\t" + EventRegex.pattern(for: definition))
                }
            }
            return
        case .clickhouse: engine = .clickhouse
        case .postgres: engine = .postgres
        case .spark: engine = .spark
        case .duckdb: engine = .duckdb
        }
        let query =
            shape == .long
            ? try EventLongSQL.query(definitions, engine: engine, bucket: bucket ?? .day, table: table, time: time)
            : try EventSQL.query(definitions, engine: engine, table: table, time: time)
        if json {
            var object = JSONObject()
            object["engine"] = .string(engine.rawValue)
            object["table"] = .string(table)
            let columns =
                shape == .long
                ? ["definition_key", (bucket ?? .day).rawValue, "count"] : EventSQL.columnNames(definitions)
            object["columns"] = .array(columns.map { .string($0) })
            object["query"] = .string(query)
            Console.json(.object(object))
        } else {
            Console.exact(query)
        }
    }

    /// `--ddl` and `--load`: the table's `CREATE TABLE`, then the load's statements, each ended by `;`.
    private func writeTable() throws {
        guard let engine = EventSQL.Engine(rawValue: format.rawValue) else {
            throw LassoError(
                .usage, "--ddl and --load write SQL: use them with --format clickhouse, postgres, spark or duckdb")
        }
        if period.since != nil || period.until != nil || shape == .long || bucket != nil {
            throw LassoError(.usage, "--since/--until, --shape and --bucket go into a query, not into --ddl or --load")
        }
        if let loadPath, loadPath.isEmpty {
            throw LassoError(.usage, "--load: expected the path of a JSON-lines file, found an empty text")
        }
        var statements: [String] = []
        if ddl { statements.append(try EventWarehouse.ddl(engine: engine, table: table)) }
        if let loadPath { statements += try EventWarehouse.load(engine: engine, table: table, path: loadPath) }
        if json {
            var object = JSONObject()
            object["engine"] = .string(engine.rawValue)
            object["table"] = .string(table)
            object["statements"] = .array(statements.map { .string($0) })
            Console.json(.object(object))
        } else {
            Console.exact(EventWarehouse.script(statements))
        }
    }
}
