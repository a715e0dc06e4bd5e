import ArgumentParser
import LassoCore

/// `lasso event export`: the definitions in a back end's language: the regex of each location, or one SQL query
/// counting them all.
struct EventExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the definitions as regular expressions or as one SQL query counting them all.",
        discussion: "The table's columns are documented in docs/event-records.md.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case regex, clickhouse, postgres, spark
    }

    @Option(help: "regex, clickhouse, postgres or spark.") var format: Format
    @Option(help: "The table of records the query reads (default: events).") var table = EventSQL.defaultTable
    @OptionGroup var selection: EventSelection
    @OptionGroup var period: EventTimeOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let definitions = try selection.definitions()
        let time = try period.range()
        if format == .regex && time != nil {
            throw LassoError(
                .usage, "--since/--until go into a query: use them with --format clickhouse, postgres or spark")
        }
        let engine: EventSQL.Engine
        switch format {
        case .regex:
            if json {
                Console.json(
                    .array(
                        definitions.map { definition in
                            var object = JSONObject()
                            object["id"] = .string(definition.id)
                            object["appKey"] = .string(definition.appKey)
                            object["key"] = .string(definition.key)
                            object["regex"] = .string(EventRegex.pattern(for: definition.viewPath))
                            return .object(object)
                        }))
            } else {
                for definition in definitions {
                    Console.exact(definition.key + "\t" + EventRegex.pattern(for: definition.viewPath))
                }
            }
            return
        case .clickhouse: engine = .clickhouse
        case .postgres: engine = .postgres
        case .spark: engine = .spark
        }
        let query = try EventSQL.query(definitions, engine: engine, table: table, time: time)
        if json {
            var object = JSONObject()
            object["engine"] = .string(engine.rawValue)
            object["table"] = .string(table)
            object["columns"] = .array(EventSQL.columnNames(definitions).map { .string($0) })
            object["query"] = .string(query)
            Console.json(.object(object))
        } else {
            Console.exact(query)
        }
    }
}
