import ArgumentParser
import Foundation
import LassoCounting
import LassoDocuments
import LassoEngines
import LassoSnapshot

/// `lasso event count`: how many records of event logs each definition counts, in process, or on a warehouse with
/// `--engine`.
struct EventCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count", abstract: "Count each event definition over event logs (plain or gzip).",
        discussion: """
            Malformed lines are counted and skipped, never fatal. With --engine the query of lasso event export runs \
            on PostgreSQL (postgres://user@host:port/db, over --table) or a ClickHouse server's HTTP interface \
            (clickhouse://host:8123/db.table) instead, and no LOG is read.
            """)

    @Argument(help: "The event logs: one JSON record a line, plain or gzip.") var logs: [String] = []
    @OptionGroup var selection: EventSelection
    @OptionGroup var period: EventTimeOptions
    @Option(
        help: """
            Break one definition's count down by this reported key (needs one definition: --key); a value longer than \
            \(BreakdownValue.limit) bytes is counted under its first \(BreakdownValue.keptCharacters) characters and a hash.
            """)
    var by: String?
    // .unconditional: "--top -5" is a value to refuse in words, not a flag.
    @Option(parsing: .unconditional, help: "How many values of --by to list (default 10).") var top = 10
    @Option(help: "Count on a warehouse: postgres://… or clickhouse://host:8123/db.table.") var engine: String?
    @Option(help: "The PostgreSQL table of records (default: events).") var table = EventSQL.defaultTable
    @Option(
        help:
            "Also count each definition per hour, day or week of the records' time (UTC; weeks from Monday), with a bar per bucket on a terminal."
    )
    var bucket: EventBucket?
    @Option(
        help:
            "Whose records the logs are: lasso, sensors (Sensors Analytics), growingio (GrowingIO) or posthog (PostHog); only the definitions written in that SDK's profile are counted (default: lasso)."
    )
    var records = "lasso"
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard top >= 1 && top <= 1_000_000 else {
            throw ValidationError("--top: expected a whole number from 1 to 1000000, found \(top)")
        }
        if engine == nil && logs.isEmpty { throw ValidationError("expected at least one LOG, or --engine URL") }
        if engine != nil && !logs.isEmpty {
            throw ValidationError("--engine counts on the warehouse: give no LOG with it")
        }
        if engine != nil && by != nil { throw ValidationError("--by works on logs, not with --engine") }
        guard let format = RecordFormat(rawValue: records) else {
            throw ValidationError("--records: expected one of \(RecordFormat.names), found \"\(records)\"")
        }
    }

    func run() async throws {
        let format = RecordFormat(rawValue: records) ?? .lasso
        let definitions = try Self.counted(try selection.definitions(), over: format, inProcess: engine == nil)
        let time = try period.range()
        if let engine {
            let target = try EventEngine(url: engine)
            let counts = try await target.count(definitions, table: table, time: time)
            // With --bucket, the long shape's query (lasso event export --shape long) gives the buckets.
            var buckets: [[Int64: Int]]? = nil
            if let bucket {
                buckets = try await target.countPerBucket(definitions, bucket: bucket, table: table, time: time)
            }
            report(
                definitions, counts: counts, files: [], engine: EventEngine.redacted(engine), buckets: buckets,
                time: time)
            return
        }
        var breakdown: (definition: Int, key: String)? = nil
        if let by {
            guard definitions.count == 1 else {
                throw LassoError(
                    .usage,
                    "--by breaks down one definition: expected one (choose it with --key), found \(definitions.count)")
            }
            breakdown = (0, by)
        }
        let plan = EventCountPlan(
            definitions: definitions, breakdown: breakdown, time: time, bucket: bucket, format: format)
        let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
        let files = try EventLogCounting.count(files: logs, plan: plan) { done, total in bar?.show(done, of: total) }
        bar?.clear()
        var total = EventTally(definitions: definitions.count)
        for file in files { total.append(file.tally) }
        report(
            definitions, counts: total.counts, files: files, engine: nil, total: total, buckets: total.buckets,
            time: time)
    }

    /// One definition's buckets as the chart shows them, over the span of every definition's records (so that the
    /// definitions' rows line up).
    private func bucketRows(_ buckets: [[Int64: Int]], index: Int, bucket: EventBucket) -> [(start: Int64, count: Int)]
    {
        let all = buckets.flatMap(\.keys)
        let counts = index < buckets.count ? buckets[index] : [:]
        return BucketChart.rows(counts, bucket: bucket, from: all.min(), to: all.max())
    }

    private func report(
        _ definitions: [EventDefinition], counts: [Int], files: [EventLogCounting.FileCount], engine: String?,
        total: EventTally? = nil, buckets: [[Int64: Int]]? = nil, time: EventTimeRange? = nil
    ) {
        let malformed = files.flatMap { file in
            file.tally.malformedSamples.map { (file: file.path, line: $0.line, reason: $0.reason) }
        }.prefix(EventTally.sampleLimit)
        if json {
            var object = JSONObject()
            object["definitions"] = .array(
                zip(definitions, counts).map { definition, count in
                    var entry = JSONObject()
                    entry["id"] = .string(definition.id)
                    entry["appKey"] = .string(definition.appKey)
                    entry["key"] = .string(definition.key)
                    entry["name"] = .string(definition.name)
                    entry["count"] = .int(count)
                    if let bucket, let buckets, let index = definitions.firstIndex(of: definition) {
                        entry["buckets"] = .array(
                            bucketRows(buckets, index: index, bucket: bucket).map { row in
                                var item = JSONObject()
                                item["start"] = .string(EventBucket.label(row.start))
                                item["count"] = .int(row.count)
                                return .object(item)
                            })
                    }
                    return .object(entry)
                })
            if let bucket { object["bucket"] = .string(bucket.rawValue) }
            if let engine {
                object["engine"] = .string(engine)
            } else if let total {
                object["files"] = .array(files.map { .string($0.path) })
                object["records"] = .int(total.records)
                object["malformed"] = .int(total.malformed)
                if time != nil || bucket != nil { object["noTime"] = .int(total.noTime) }
                object["malformedLines"] = .array(
                    malformed.map { sample in
                        var entry = JSONObject()
                        entry["file"] = .string(sample.file)
                        entry["line"] = .int(sample.line)
                        entry["reason"] = .string(sample.reason)
                        return .object(entry)
                    })
                if let by {
                    var entry = JSONObject()
                    entry["key"] = .string(by)
                    entry["values"] = .array(
                        total.topValues(top).map { value in
                            var item = JSONObject()
                            item["value"] = value.value.map { .string($0) } ?? .null
                            item["count"] = .int(value.count)
                            return .object(item)
                        })
                    entry["distinctValues"] = .int(total.breakdown.count)
                    entry["otherValues"] = .int(total.otherValues)
                    entry["valueLimit"] = .int(BreakdownValue.limit)
                    entry["shortenedValues"] = .int(total.shortenedValues)
                    object["breakdown"] = .object(entry)
                }
            }
            Console.json(.object(object))
            return
        }
        // Every key, name and reported value is one cell: a line feed or tab in it is shown escaped, never as a row.
        let keys = definitions.map { Console.cell($0.key) }
        let width = keys.map(\.count).max() ?? 0
        let numberWidth = counts.map { String($0).count }.max() ?? 1
        let columns = BucketChart.terminalWidth()
        for (index, ((key, definition), count)) in zip(zip(keys, definitions), counts).enumerated() {
            let number = String(repeating: " ", count: numberWidth - String(count).count) + String(count)
            Console.print(
                "\(key.padding(toLength: width, withPad: " ", startingAt: 0))  \(number)  \(Console.cell(definition.name))"
            )
            guard let bucket, let buckets else { continue }
            let rows = bucketRows(buckets, index: index, bucket: bucket)
            let widest = rows.map(\.count).max() ?? 0
            let countWidth = String(widest).count
            for row in rows {
                let text = String(row.count)
                var line =
                    "  \(EventBucket.label(row.start))  " + String(repeating: " ", count: countWidth - text.count)
                    + text
                // 2 + 20 + 2 + the count + 2: what is left of the terminal's width is the bar's.
                if let columns {
                    line += "  " + BucketChart.bar(row.count, of: widest, width: columns - 26 - countWidth)
                }
                Console.print(line)
            }
        }
        if let by, let total {
            Console.print("")
            Console.print("\(keys[0]) by \(Console.cell(by)) (top \(top) of \(total.breakdown.count)):")
            for value in total.topValues(top) {
                Console.print("  \(value.count)  \(value.value.map(Console.cell) ?? "(not reported)")")
            }
            if total.otherValues > 0 {
                Console.print("  \(total.otherValues)  (values past the first \(EventTally.breakdownLimit))")
            }
            if total.shortenedValues > 0 {
                Console.print(
                    "  (\(total.shortenedValues) record\(total.shortenedValues == 1 ? "" : "s") reported a value longer than \(BreakdownValue.limit) bytes: counted under its first \(BreakdownValue.keptCharacters) characters, …, # and a hash)"
                )
            }
        }
        if let engine {
            Console.print("counted on \(Console.cell(engine))")
        } else if let total {
            var line =
                "\(total.records) record\(total.records == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")"
            if total.malformed > 0 {
                line += "; \(total.malformed) malformed line\(total.malformed == 1 ? "" : "s") skipped"
            }
            if (time != nil || bucket != nil) && total.noTime > 0 {
                line +=
                    "; \(total.noTime) record\(total.noTime == 1 ? "" : "s") with no time ("
                    + (time != nil ? "not counted" : "in no bucket") + ")"
            }
            Console.print(line)
            for sample in malformed {
                Console.print("  \(Console.cell(sample.file)):\(sample.line): \(Console.cell(sample.reason))")
            }
        }
    }

    /// The definitions that count `format`'s records (those written in its profiles), the others named on stderr;
    /// another SDK's record files are one app's, so its definitions counted in process must be too (on a warehouse,
    /// `lasso event convert` wrote each record's app).
    static func counted(_ definitions: [EventDefinition], over format: RecordFormat, inProcess: Bool = true) throws
        -> [EventDefinition]
    {
        let kept = definitions.filter { format.profiles.contains($0.profile) }
        let left = definitions.count - kept.count
        let names = format.profiles.map(\.rawValue).sorted().joined(separator: " or ")
        guard !kept.isEmpty else {
            throw LassoError(
                .notFound,
                "no event definition is written for \(format.rawValue) records (profile \(names)): add one with lasso event add --profile \(format.profile.rawValue)"
            )
        }
        if left > 0 {
            Console.error(
                "note: \(left) definition\(left == 1 ? "" : "s") written for other records left out (\(format.rawValue) records are counted by definitions in profile \(names))"
            )
        }
        let apps = Set(kept.map(\.appKey))
        if inProcess && format != .lasso && apps.count > 1 {
            throw LassoError(
                .usage,
                "\(format.rawValue) records carry no app key: count one app's definitions (--app-key \(apps.sorted().joined(separator: " or --app-key ")))"
            )
        }
        return kept
    }
}
