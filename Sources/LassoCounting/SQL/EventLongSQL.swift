import Foundation
import LassoDocuments
import LassoSnapshot

/// The long shape of the count query (docs/event-records.md, "The long shape"): rows of
/// `(definition_key, <bucket>, count)`, one `SELECT` per definition joined by `UNION ALL`, each bucket the start of
/// its hour, day or week (weeks start on Monday) in UTC as the text `YYYY-MM-DDTHH:MM:SSZ`, so that a new
/// definition adds rows, not columns.
public enum EventLongSQL {
    /// The time a row's count covers (`EventBucket`, as `lasso event count --bucket` counts it); the bucket column
    /// is named after it.
    public typealias Bucket = EventBucket

    /// The query; throws as `EventSQL.query` does. Rows whose `time` is `NULL` (no time that reads) are in no
    /// bucket and not counted; a definition with nothing to count has no row.
    public static func query(
        _ definitions: [EventDefinition], engine: EventSQL.Engine, bucket: Bucket = .day,
        table: String = EventSQL.defaultTable, time: EventTimeRange? = nil
    ) throws(LassoError) -> String {
        // The table and each definition are checked, and the errors worded, as the wide query does.
        _ = try EventSQL.query(definitions, engine: engine, table: table, time: time)
        let dialect = Dialect(engine: engine)
        let records = EventSQL.records(
            definitions, dialect: dialect, table: table, time: time,
            columns: "event, app_key, view_path, properties, time")
        var selects: [String] = []
        for (definition, name) in zip(definitions, EventSQL.columnNames(definitions)) {
            let condition = try dialect.condition(definition)
            selects.append(
                """
                SELECT \(dialect.literal(name)) AS definition_key, \(start(bucket, engine)) AS \(dialect.identifier(bucket.rawValue)), count(*) AS \(dialect.identifier("count"))
                FROM records
                WHERE time IS NOT NULL AND \(condition)
                GROUP BY \(start(bucket, engine))
                """)
        }
        // Ordered around the union: ClickHouse would order only its last SELECT.
        return "WITH records AS (\n" + records + "\n)\nSELECT * FROM (\n" + selects.joined(separator: "\nUNION ALL\n")
            + "\n) AS counts\nORDER BY definition_key, " + dialect.identifier(bucket.rawValue)
    }

    /// The start of `time`'s bucket as UTC text.
    static func start(_ bucket: Bucket, _ engine: EventSQL.Engine) -> String {
        switch engine {
        case .postgres:
            return
                "to_char(date_trunc('\(bucket.rawValue)', time AT TIME ZONE 'UTC'), 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
        case .clickhouse:
            let start: String
            switch bucket {
            case .hour: start = "toStartOfHour(time, 'UTC')"
            case .day: start = "toStartOfDay(time, 'UTC')"
            case .week: start = "toDateTime(toMonday(time, 'UTC'), 'UTC')"
            }
            return "formatDateTime(\(start), '%Y-%m-%dT%H:%i:%SZ', 'UTC')"
        case .spark:
            let format = Dialect(engine: .spark).literal("yyyy-MM-dd'T'HH:mm:ss'Z'")
            return
                "date_format(date_trunc('\(bucket.rawValue.uppercased())', convert_timezone('UTC', time)), \(format))"
        case .duckdb:
            return "strftime(date_trunc('\(bucket.rawValue)', timezone('UTC', time)), '%Y-%m-%dT%H:%M:%SZ')"
        }
    }
}
