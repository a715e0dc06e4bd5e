import LassoSnapshot

/// The records table of each engine and the statements that load a file of JSON lines into it, reading each line
/// as lasso's counter does (docs/event-records.md, "Loading the records"): a line that is not one JSON object, or
/// whose fields are not of their types, is skipped alone; camelCase fields become snake_case columns; a `time` with
/// no zone is UTC, and one that does not read is NULL.
public enum EventWarehouse {
    /// The columns of the table, in order, with the record field each is read from.
    public static let columns: [(column: String, field: String)] = [
        ("event", "event"), ("app_key", "appKey"), ("app_version", "appVersion"), ("view_path", "viewPath"),
        ("view_id", "viewId"), ("properties", "properties"), ("time", "time"), ("device_id", "deviceId"),
    ]

    /// The string fields: a record whose field is not a string (nor `null`, nor missing) is malformed.
    static let stringFields = ["event", "appKey", "appVersion", "viewPath", "viewId", "time"]

    /// The times `EventTime` reads, as a regex every engine reads alike.
    static let timePattern =
        #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2})?$"#

    /// `CREATE TABLE` of the records table; throws when `table` is not a plain name.
    public static func ddl(engine: EventSQL.Engine, table: String = EventSQL.defaultTable) throws(LassoError)
        -> String
    {
        try checkTable(table)
        let text: String
        let map: String
        let time: String
        let suffix: String
        switch engine {
        case .clickhouse:
            (text, map, time) = ("String", "Map(String, String)", "Nullable(DateTime64(3, 'UTC'))")
            suffix = "\nENGINE = MergeTree ORDER BY (app_key, event)"
        case .postgres: (text, map, time, suffix) = ("text", "jsonb", "timestamptz", "")
        case .spark: (text, map, time, suffix) = ("STRING", "MAP<STRING, STRING>", "TIMESTAMP", "")
        case .duckdb: (text, map, time, suffix) = ("VARCHAR", "MAP(VARCHAR, VARCHAR)", "TIMESTAMPTZ", "")
        }
        let definitions = columns.map { column, _ in
            "  " + column + " " + (column == "properties" ? map : column == "time" ? time : text)
        }
        return "CREATE TABLE \(table) (\n" + definitions.joined(separator: ",\n") + "\n)" + suffix
    }

    /// The statements, in order, that append the records of the JSON-lines file at `path` (as the engine sees it)
    /// to the table; throws when `table` is not a plain name.
    public static func load(engine: EventSQL.Engine, table: String = EventSQL.defaultTable, path: String)
        throws(LassoError) -> [String]
    {
        try checkTable(table)
        let dialect = Dialect(engine: engine)
        let names = columns.map(\.column).joined(separator: ", ")
        switch engine {
        case .clickhouse: return [clickhouse(dialect, table: table, names: names, path: path)]
        case .postgres: return postgres(dialect, table: table, names: names, path: path)
        case .spark: return spark(dialect, table: table, names: names, path: path)
        case .duckdb: return [duckdb(dialect, table: table, names: names, path: path)]
        }
    }

    /// The statements as one script, each ended by `;` and a blank line.
    public static func script(_ statements: [String]) -> String {
        statements.map { $0 + ";" }.joined(separator: "\n\n")
    }

    private static func checkTable(_ table: String) throws(LassoError) {
        guard EventSQL.isValidTable(table) else {
            throw LassoError(
                .usage, "--table: expected a table name (letters, digits and _, dotted parts), found \"\(table)\"")
        }
    }

    /// A time text made one every engine reads the same: the fraction cut to microseconds, `Z` added when there is
    /// no zone, `±HHMM` written `±HH:MM`. `replace` is the engine's `regexp_replace(text, pattern, replacement)`.
    private static func normalized(
        _ text: String, _ dialect: Dialect, replace: (String, String, String) -> String, group: (Int) -> String
    ) -> String {
        let cut = replace(text, #"(\.[0-9]{6})[0-9]+"#, group(1))
        let zone = replace(cut, #"([+-][0-9]{2})([0-9]{2})$"#, group(1) + ":" + group(2))
        let zoneless = dialect.matches(text, #"T[0-9:.]+$"#)
        return "CASE WHEN \(zoneless) THEN concat(\(cut), 'Z') ELSE \(zone) END"
    }

    private static func clickhouse(_ dialect: Dialect, table: String, names: String, path: String) -> String {
        let time = normalized(
            "t", dialect, replace: { "replaceRegexpOne(\($0), \(dialect.literal($1)), \(dialect.literal($2)))" },
            group: { "\\\($0)" })
        let strings = stringFields.map { "JSONType(line, \(dialect.literal($0))) IN ('String', 'Null')" }
        func field(_ name: String) -> String { "JSONExtractString(line, \(dialect.literal(name)))" }
        return """
            INSERT INTO \(table) (\(names))
            SELECT \(field("event")), \(field("appKey")), \(field("appVersion")), \(field("viewPath")), \(field("viewId")),
              mapFromArrays(arrayMap(p -> p.1, kv), arrayMap(p -> if(startsWith(p.2, '"'), JSONExtractString(p.2), p.2), kv)),
              if(\(dialect.matches("t", timePattern)), parseDateTime64BestEffortOrNull(\(time), 3, 'UTC'), NULL),
              \(field("deviceId"))
            FROM (
              SELECT line, JSONExtractString(line, 'time') AS t,
                arrayReverse(arrayFilter(p -> NOT (p.2 = 'null' OR startsWith(p.2, '{') OR startsWith(p.2, '[')),
                  JSONExtractKeysAndValuesRaw(line, 'properties'))) AS kv
              FROM file(\(dialect.literal(path)), 'LineAsString')
            ) AS lines
            WHERE isValidJSON(line) AND JSONType(line) = 'Object'
              AND \(strings.joined(separator: "\n  AND "))
              AND JSONType(line, 'properties') IN ('Object', 'Null')
            """
    }

    private static func postgres(_ dialect: Dialect, table: String, names: String, path: String) -> [String] {
        let time = normalized(
            "t", dialect, replace: { "regexp_replace(\($0), \(dialect.literal($1)), \(dialect.literal($2)))" },
            group: { "\\\($0)" })
        let strings = stringFields.map {
            "coalesce(jsonb_typeof(r -> \(dialect.literal($0))), 'null') IN ('string', 'null')"
        }
        func field(_ name: String) -> String { "r ->> \(dialect.literal(name))" }
        return [
            "CREATE TEMPORARY TABLE lasso_lines (line text)",
            // Each line whole: a quote and a delimiter that never occur in text.
            "COPY lasso_lines FROM \(dialect.literal(path)) WITH (FORMAT csv, QUOTE e'\\x01', DELIMITER e'\\x02')",
            """
            CREATE FUNCTION pg_temp.lasso_json(line text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $lasso$
            BEGIN
              RETURN line::jsonb;
            EXCEPTION WHEN others THEN
              RETURN NULL;
            END $lasso$
            """,
            """
            CREATE FUNCTION pg_temp.lasso_time(t text) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $lasso$
            BEGIN
              IF t IS NULL OR NOT \(dialect.matches("t", timePattern)) THEN
                RETURN NULL;
              END IF;
              RETURN (\(time))::timestamptz;
            EXCEPTION WHEN others THEN
              RETURN NULL;
            END $lasso$
            """,
            """
            INSERT INTO \(table) (\(names))
            SELECT \(field("event")), \(field("appKey")), \(field("appVersion")), \(field("viewPath")), \(field("viewId")),
              CASE WHEN jsonb_typeof(r -> 'properties') = 'object' THEN coalesce((SELECT jsonb_object_agg(key, value)
                FROM jsonb_each(r -> 'properties') WHERE jsonb_typeof(value) IN ('string', 'number', 'boolean')), '{}') END,
              pg_temp.lasso_time(\(field("time"))), \(field("deviceId"))
            FROM (SELECT pg_temp.lasso_json(line) AS r FROM lasso_lines) AS lines
            WHERE jsonb_typeof(r) = 'object'
              AND \(strings.joined(separator: "\n  AND "))
              AND coalesce(jsonb_typeof(r -> 'properties'), 'null') IN ('object', 'null')
            """,
            "DROP TABLE lasso_lines",
        ]
    }

    private static func spark(_ dialect: Dialect, table: String, names: String, path: String) -> [String] {
        let time = normalized(
            "r.time", dialect,
            replace: { "regexp_replace(\($0), \(dialect.literal($1)), \(dialect.literal($2)))" },
            group: { "$\($0)" })
        let schema = columns.map { column, field in
            "`\(field)` " + (column == "properties" ? "MAP<STRING, STRING>" : "STRING")
        }.joined(separator: ", ")
        // The line as a one-element array: text after the object (or a second value) leaves no variant.
        func type(_ field: String) -> String {
            "coalesce(schema_of_variant(variant_get(v, '$[0].\(field)')), 'VOID')"
        }
        let strings = stringFields.map { type($0) + " IN ('STRING', 'VOID')" }
        return [
            // A key repeated in properties counts with its last value, as in lasso: from_json keeps every copy (and
            // `properties['k']` reads the first), so the map is built again below, where this policy keeps the last;
            // a null, object or array value (which from_json gives as JSON text) is left out, as the line's variant
            // tells.
            "SET spark.sql.mapKeyDedupPolicy = LAST_WIN",
            // The type check's variant too (it refuses a line with a repeated key by default).
            "SET spark.sql.variant.allowDuplicateKeys = true",
            "CREATE OR REPLACE TEMPORARY VIEW lasso_lines USING text OPTIONS (path \(dialect.literal(path)))",
            """
            INSERT INTO \(table)
            SELECT r.event, r.appKey, r.appVersion, r.viewPath, r.viewId,
              map_filter(map_from_entries(map_entries(r.properties)), (k, x) -> coalesce(schema_of_variant(element_at(
                try_variant_get(v, '$[0].properties', 'MAP<STRING, VARIANT>'), k)), 'VOID') NOT RLIKE '^(OBJECT|ARRAY|VOID)'),
              CASE WHEN \(dialect.matches("r.time", timePattern)) THEN try_cast(\(time) AS TIMESTAMP) END,
              r.deviceId
            FROM (
              SELECT from_json(value, \(dialect.literal(schema))) AS r, try_parse_json(concat('[', value, ']')) AS v
              FROM lasso_lines
            ) AS lines
            WHERE schema_of_variant(variant_get(v, '$[0]')) LIKE 'OBJECT<%' AND variant_get(v, '$[1]') IS NULL
              AND \(strings.joined(separator: "\n  AND "))
              AND (\(type("properties")) = 'VOID' OR \(type("properties")) LIKE 'OBJECT<%')
            """,
        ]
    }

    private static func duckdb(_ dialect: Dialect, table: String, names: String, path: String) -> String {
        let time = normalized(
            "t", dialect, replace: { "regexp_replace(\($0), \(dialect.literal($1)), \(dialect.literal($2)))" },
            group: { "\\\($0)" })
        let strings = stringFields.map {
            "coalesce(json_type(json, \(dialect.literal("$." + $0))), 'NULL') IN ('VARCHAR', 'NULL')"
        }
        func field(_ name: String) -> String { "json ->> \(dialect.literal("$." + name))" }
        return """
            INSERT INTO \(table) (\(names))
            SELECT \(field("event")), \(field("appKey")), \(field("appVersion")), \(field("viewPath")), \(field("viewId")),
              CAST(map_from_entries(list_transform(list_filter(list_zip(json_keys(p), json_extract(p, '$.*')),
                lambda e, i: NOT list_contains(json_keys(p)[i + 1:], e[1]) AND json_type(e[2]) NOT IN ('OBJECT', 'ARRAY', 'NULL')),
                lambda e: {'key': e[1], 'value': e[2] ->> '$'})) AS MAP(VARCHAR, VARCHAR)),
              CASE WHEN \(dialect.matches("t", timePattern)) THEN try_cast(\(time) AS TIMESTAMPTZ) END,
              \(field("deviceId"))
            FROM (
              SELECT json, json ->> '$.time' AS t, json -> '$.properties' AS p
              FROM read_json_objects(\(dialect.literal(path)), format = 'newline_delimited', ignore_errors = true)
            ) AS lines
            WHERE json_type(json) = 'OBJECT'
              AND \(strings.joined(separator: "\n  AND "))
              AND coalesce(json_type(json, '$.properties'), 'NULL') IN ('OBJECT', 'NULL')
            """
    }
}
