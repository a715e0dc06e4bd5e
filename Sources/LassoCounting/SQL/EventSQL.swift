import Foundation
import LassoDocuments
import LassoSnapshot

/// The one SQL query that counts every event definition over the table of records, for ClickHouse, PostgreSQL,
/// Spark or DuckDB (docs/event-records.md, "The table" and "Export"): a column per definition, named by its key.
///
/// Each definition is its event, app key, version intervals, the location's `EventRegex` over `view_path` and its
/// content conditions on `properties`, ANDed. Versions compare as `AppVersion` does: a version is read only when
/// it is valid (at most 8 numbers of at most 9 digits, an optional `-prerelease`, an optional `+build`), its
/// numbers padded to 9 digits each and 8 in all, then `0` for a pre-release and `1` for a release, so that text
/// order is version order (`5.3` = `5.3.0`, `5.3.0-beta` < `5.3.0`). An interval end with a pre-release has no
/// such form and is refused.
public enum EventSQL {
    /// The engines whose SQL is written.
    public enum Engine: String, Sendable, CaseIterable {
        case clickhouse, postgres, spark, duckdb
    }

    /// The table name used when none is given.
    public static let defaultTable = "events"

    /// A table name the query can hold as it is: dotted identifiers of letters, digits and `_`.
    public static func isValidTable(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, !(("0"..."9").contains(first)) else { return false }
                return part.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            }
    }

    /// The column names of the query's one row, one per definition in order: the key, or the key and the short id
    /// when two definitions share a key.
    public static func columnNames(_ definitions: [EventDefinition]) -> [String] {
        var seen: [String: Int] = [:]
        for definition in definitions { seen[definition.key, default: 0] += 1 }
        return definitions.map { seen[$0.key]! > 1 ? $0.key + "-" + $0.shortID : $0.key }
    }

    /// A content condition's portable pattern as the engine must be given it to read it as lasso does (`.` takes
    /// a line break, `$` is only the very end). PostgreSQL reads it so as it is. ClickHouse's RE2 lets `.` take a
    /// line break, but ClickHouse looks for the text a pattern needs byte by byte before running RE2, and reads
    /// a quantifier after a character of several bytes as repeating its last byte: such a character is given
    /// in a class (`😀{0}` → `[😀]{0}`). Java (Spark) is given `(?s)` and `\z` for each `$` outside a class, as
    /// its `.` stops at line breaks and its `$` also holds before a final one. DuckDB's RE2 is given `(?s)`, as its
    /// `.` stops at line breaks (its `$` is already the very end). RE2 (ClickHouse, DuckDB) is given `\x{2028}` for
    /// `\u2028`, which it does not read; ClickHouse in a class, as for any character of several bytes.
    public static func pattern(_ pattern: String, engine: Engine) -> String {
        guard engine != .postgres else { return pattern }
        let scalars = Array(pattern.unicodeScalars)
        var written = String.UnicodeScalarView()
        if engine == .spark || engine == .duckdb { written.append(contentsOf: "(?s)".unicodeScalars) }
        var inClass = false
        var escaped = false
        var skipped = 0
        for (index, scalar) in scalars.enumerated() {
            if skipped > 0 {
                skipped -= 1
                continue
            }
            if escaped {
                escaped = false
                if scalar == "u" && engine != .spark, let code = PortableRegex.codeUnit(after: index - 1, in: scalars) {
                    // The backslash is written; `\u` and its four digits become `x{…}` after it.
                    let hex = String(code.value, radix: 16, uppercase: true)
                    if engine == .clickhouse && !inClass {
                        written.removeLast()
                        written.append(contentsOf: "[\\x{\(hex)}]".unicodeScalars)
                    } else {
                        written.append(contentsOf: "x{\(hex)}".unicodeScalars)
                    }
                    skipped = 4
                    continue
                }
            } else if scalar == "\\" {
                escaped = true
            } else if inClass {
                inClass = scalar != "]"
            } else if scalar == "[" {
                inClass = true
            } else if scalar == "$" && engine == .spark {
                written.append(contentsOf: "\\z".unicodeScalars)
                continue
            } else if !scalar.isASCII && engine == .clickhouse && index + 1 < scalars.count
                && "*+?{".unicodeScalars.contains(scalars[index + 1])
            {
                written.append(contentsOf: ["[", scalar, "]"])
                continue
            }
            written.append(scalar)
        }
        return String(written)
    }

    /// The query; throws when an interval end has a pre-release or `table` is not a plain name. With `time`, only
    /// rows whose `time` lies in that period are counted.
    public static func query(
        _ definitions: [EventDefinition], engine: Engine, table: String = defaultTable, time: EventTimeRange? = nil
    ) throws(LassoError) -> String {
        guard isValidTable(table) else {
            throw LassoError(
                .usage, "--table: expected a table name (letters, digits and _, dotted parts), found \"\(table)\"")
        }
        guard !definitions.isEmpty else { throw LassoError(.usage, "no event definitions to write a query for") }
        let dialect = Dialect(engine: engine)
        var columns: [String] = []
        for (definition, name) in zip(definitions, columnNames(definitions)) {
            let condition: String
            do {
                condition = try dialect.condition(definition)
            } catch {
                // Said with the definition it is about (its file is <key>-<id8>.json); lasso lint finds them all.
                throw LassoError(
                    error.kind, "event definition \(definition.key) (\(definition.shortID)): " + error.message)
            }
            columns.append("  count(CASE WHEN " + condition + " THEN 1 END) AS " + dialect.identifier(name))
        }
        return """
            SELECT
            \(columns.joined(separator: ",\n"))
            FROM (
            \(records(definitions, dialect: dialect, table: table, time: time))
            ) AS records
            """
    }

    /// The inner query every count reads: the rows of the definitions' events and app keys (in the period), with
    /// their version's sort key.
    static func records(
        _ definitions: [EventDefinition], dialect: Dialect, table: String, time: EventTimeRange?,
        columns: String = "event, app_key, view_path, properties"
    ) -> String {
        // A definition's key is the event of the records the app tracked through the catalogue.
        let events = Set(definitions.map(RecordFormat.recordEvent) + definitions.map(\.key)).sorted()
            .map(dialect.literal).joined(separator: ", ")
        let apps = Set(definitions.map(\.appKey)).sorted().map(dialect.literal).joined(separator: ", ")
        var period = ""
        if let since = time?.since { period += " AND time >= " + dialect.time(since) }
        if let until = time?.until { period += " AND time < " + dialect.time(until) }
        return """
              SELECT \(columns),
                CASE WHEN \(dialect.versionIsValid) THEN \(dialect.versionKey) END AS version_key,
                \(dialect.eventNumber) AS event_number
              FROM \(table)
              WHERE event IN (\(events)) AND app_key IN (\(apps))\(period)
            """
    }
}

/// How one engine writes what the query needs.
struct Dialect {
    let engine: EventSQL.Engine

    /// Valid app versions, as `AppVersion` reads them (surrounding white space aside).
    static let validVersion = #"^[0-9]{1,9}(\.[0-9]{1,9}){0,7}(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+.*)?$"#

    func literal(_ text: String) -> String {
        switch engine {
        case .postgres, .duckdb:
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .clickhouse, .spark:
            return "'"
                + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
    }

    /// A time as the engine's literal of its `time` column's type, in UTC.
    func time(_ time: EventTime) -> String {
        switch engine {
        case .postgres, .duckdb: return "TIMESTAMPTZ '\(time.sqlText)+00'"
        case .clickhouse: return "toDateTime64('\(time.sqlText)', 6, 'UTC')"
        case .spark: return "TIMESTAMP '\(time.sqlText)Z'"
        }
    }

    func identifier(_ name: String) -> String {
        switch engine {
        case .postgres, .clickhouse, .duckdb: return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .spark: return "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
        }
    }

    func matches(_ column: String, _ pattern: String) -> String {
        switch engine {
        case .postgres: return "\(column) ~ \(literal(pattern))"
        case .clickhouse: return "match(\(column), \(literal(pattern)))"
        case .spark: return "\(column) RLIKE \(literal(pattern))"
        case .duckdb: return "regexp_matches(\(column), \(literal(pattern)))"
        }
    }

    var versionIsValid: String { matches(version, Self.validVersion) }

    /// `app_version` with the spaces and tabs around it left out, as the counter reads a record's version.
    var version: String {
        switch engine {
        case .postgres: return "btrim(app_version, ' ' || chr(9))"
        case .clickhouse: return "replaceRegexpAll(app_version, '^[ \\\\t]+|[ \\\\t]+$', '')"
        case .spark: return "btrim(app_version, concat(' ', chr(9)))"
        case .duckdb: return "trim(app_version, ' ' || chr(9))"
        }
    }

    /// The version's sort key: 8 numbers of 9 digits, then 0 (pre-release) or 1.
    var versionKey: String {
        let version = self.version
        let release: String
        let number: (Int) -> String
        switch engine {
        case .postgres, .duckdb:
            let numbers = "split_part(split_part(\(version), '+', 1), '-', 1)"
            number = { "lpad(split_part(\(numbers), '.', \($0)), 9, '0')" }
            release = "CASE WHEN strpos(split_part(\(version), '+', 1), '-') > 0 THEN '0' ELSE '1' END"
            return (1...8).map(number).joined(separator: " || ") + " || " + release
        case .clickhouse:
            let numbers = "splitByChar('-', splitByChar('+', \(version))[1])[1]"
            number = { "leftPad(splitByChar('.', \(numbers))[\($0)], 9, '0')" }
            release = "if(position(splitByChar('+', \(version))[1], '-') > 0, '0', '1')"
            return "concat(" + (1...8).map(number).joined(separator: ", ") + ", " + release + ")"
        case .spark:
            let numbers = "split_part(split_part(\(version), '+', 1), '-', 1)"
            number = { "lpad(split_part(\(numbers), '.', \($0)), 9, '0')" }
            release = "CASE WHEN instr(split_part(\(version), '+', 1), '-') > 0 THEN '0' ELSE '1' END"
            return "concat(" + (1...8).map(number).joined(separator: ", ") + ", " + release + ")"
        }
    }

    /// The sort key of an interval end, as `versionKey` makes it.
    func key(of version: AppVersion, end: String) throws(LassoError) -> String {
        guard version.prerelease.isEmpty else {
            throw LassoError(
                .usage,
                "the version \(version.text) (an interval's \(end)) has a pre-release, which the SQL export cannot compare; use a release version"
            )
        }
        let padded = (0..<8).map { index in
            let text = String(index < version.parts.count ? version.parts[index] : 0)
            return String(repeating: "0", count: 9 - text.count) + text
        }
        return padded.joined() + "1"
    }

    /// The sort key as compared: byte order on every engine.
    var versionColumn: String { engine == .postgres ? "version_key COLLATE \"C\"" : "version_key" }

    func condition(_ given: EventDefinition) throws(LassoError) -> String {
        // A definition of another SDK's records counts them as `lasso event convert` wrote them: its event as that
        // SDK names it, its path in that SDK's dialect as the SDK sends it, its page among the properties.
        let definition = given.recorded
        var parts = ["app_key = \(literal(definition.appKey))"]
        if let versions = try self.versions(definition) { parts.append(versions) }
        var tap = ["event = \(literal(RecordFormat.recordEvent(of: definition)))"]
        if !definition.isPageOnly { tap.append(matches("view_path", EventRegex.pattern(for: definition))) }
        for condition in definition.content { tap.append(content(condition)) }
        if let screen = definition.screen, let field = definition.profile.screenField {
            tap.append(content(ContentCondition(key: field, .equals(screen))))
        }
        // A record the app tracked through the catalogue: the key as its event, the number (when it carries one)
        // the definition's, its content not asked (docs/event-catalogue.md, "Counted with the circled taps").
        let number = literal(definition.number.map(String.init) ?? "")
        let coded = "event = \(literal(definition.key)) AND (event_number IS NULL OR event_number = \(number))"
        parts.append("((" + tap.joined(separator: " AND ") + ") OR (" + coded + "))")
        return parts.joined(separator: " AND ")
    }

    /// The definition's version intervals as a condition on the record's version; nil when it has none.
    func versions(_ definition: EventDefinition) throws(LassoError) -> String? {
        guard !definition.versions.intervals.isEmpty else { return nil }
        var intervals: [String] = []
        for interval in definition.versions.intervals {
            var ends: [String] = []
            if let from = interval.from {
                ends.append("\(versionColumn) >= \(literal(try key(of: from, end: "from")))")
            }
            if let until = interval.until {
                ends.append("\(versionColumn) < \(literal(try key(of: until, end: "until")))")
            }
            intervals.append(ends.isEmpty ? "version_key IS NOT NULL" : "(" + ends.joined(separator: " AND ") + ")")
        }
        return "(" + intervals.joined(separator: " OR ") + ")"
    }

    /// The number a record the app tracked through the catalogue carries (`properties.event_number` as text), NULL
    /// when it carries none.
    var eventNumber: String {
        let key = literal(EventCountPlan.numberKey)
        switch engine {
        case .postgres: return "(properties ->> \(key))"
        case .clickhouse: return "if(mapContains(properties, \(key)), properties[\(key)], NULL)"
        case .spark, .duckdb: return "properties[\(key)]"
        }
    }

    func content(_ condition: ContentCondition) -> String {
        let value: String
        let present: String?
        switch engine {
        case .postgres:
            value = "(properties ->> \(literal(condition.key)))"
            present = nil
        case .clickhouse:
            value = "properties[\(literal(condition.key))]"
            present = "mapContains(properties, \(literal(condition.key)))"
        case .spark, .duckdb:
            value = "properties[\(literal(condition.key))]"
            present = nil
        }
        let test: String
        switch condition.operation {
        case .equals(let wanted): test = "\(value) = \(literal(wanted))"
        case .oneOf(let wanted): test = "\(value) IN (\(wanted.map(literal).joined(separator: ", ")))"
        case .contains(let wanted):
            switch engine {
            case .postgres, .duckdb: test = "strpos(\(value), \(literal(wanted))) > 0"
            case .clickhouse: test = "position(\(value), \(literal(wanted))) > 0"
            case .spark: test = "instr(\(value), \(literal(wanted))) > 0"
            }
        case .regex(let pattern): test = matches(value, EventSQL.pattern(pattern, engine: engine))
        }
        return present.map { "(\($0) AND \(test))" } ?? "(\(test))"
    }
}
