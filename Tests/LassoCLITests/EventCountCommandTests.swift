import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("lasso event count and export on the real binary (docs/event-records.md)")
struct EventCountCommandTests {
    static let definition = """
        {
          "id": "9b2f4e61-0c3a-4d8e-b5a7-1f6e2d9c8a40",
          "appKey": "shop-ios",
          "name": "热门推荐入口点击",
          "key": "home_hot_entrance_click",
          "versions": [{"from": "5.3.0", "until": "5.6"}],
          "viewEvent": "ButtonClick",
          "viewPath": "HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]",
          "content": [{"key": "entranceTitle", "op": "equals", "value": "热门推荐"}]
        }
        """

    static func record(_ index: Int, title: String = "热门推荐", version: String = "5.4.0") -> String {
        #"{"event": "ButtonClick", "appKey": "shop-ios", "appVersion": "\#(version)", "viewPath": "HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[\#(index)]", "viewId": "v", "properties": {"entranceTitle": "\#(title)"}, "time": "2026-11-20T08:00:00.123Z", "deviceId": "d"}"#
    }

    /// A configs folder with the definition, and a log of 6 records (4 counted) and one malformed line.
    func setUp() throws -> (folder: String, log: String) {
        let folder = try CLI.folder()
        try CLI.write(
            Self.definition, to: "kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json", in: folder)
        let lines = [
            Self.record(0), Self.record(1), Self.record(2, title: "新品"), "{broken", Self.record(3, version: "5.6.0"),
            Self.record(4, version: "5.3"), Self.record(5),
        ]
        let log = try CLI.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl", in: folder)
        return (folder, log)
    }

    func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-kf", path]
        try process.run()
        process.waitUntilExit()
        return path + ".gz"
    }

    @Test("--bucket day|week counts per UTC day and week (Monday first), zeros filled in, as an independent count says")
    func buckets() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            Self.definition, to: "kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json", in: folder)
        // Times in several zones; one with none and one that does not read: not counted, said as no time.
        let times = [
            "2026-11-20T08:00:00Z", "2026-11-21T01:30:00+08:00", "2026-11-20T23:59:59.999Z", "2026-11-22T10:00:00Z",
            "2026-11-24T00:00:00-05:00", "2026-11-23T12:00:00Z", "not a time",
        ]
        var lines: [String] = []
        for (index, time) in times.enumerated() {
            lines.append(Self.record(index).replacingOccurrences(of: "2026-11-20T08:00:00.123Z", with: time))
        }
        try CLI.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl", in: folder)
        // The independent count: Foundation's ISO 8601 reading and calendar, in UTC.
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let reader = ISO8601DateFormatter()
        reader.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let label = ISO8601DateFormatter()
        label.timeZone = calendar.timeZone
        var expectedDays: [String: Int] = [:]
        var expectedWeeks: [String: Int] = [:]
        for time in times {
            guard let date = reader.date(from: time) ?? plain.date(from: time) else { continue }
            expectedDays[label.string(from: calendar.startOfDay(for: date)), default: 0] += 1
            expectedWeeks[label.string(from: calendar.dateInterval(of: .weekOfYear, for: date)!.start), default: 0] += 1
        }
        for (bucket, expected) in [("day", expectedDays), ("week", expectedWeeks)] {
            let outcome = try CLI.run(["event", "count", "log.jsonl", "--bucket", bucket, "--json"], in: folder)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let json = try CLI.object(outcome)
            #expect(json.string("bucket") == bucket && json.int("noTime") == 1)
            let rows = try #require((json["definitions"] as? [[String: Any]])?.first?["buckets"] as? [[String: Any]])
            let nonZero = Dictionary(
                uniqueKeysWithValues: rows.compactMap { row -> (String, Int)? in
                    guard let start = row.string("start"), let count = row.int("count"), count > 0 else { return nil }
                    return (start, count)
                })
            #expect(nonZero == expected, "\(bucket)")
        }
        // Every day from the first to the last, 2026-11-21 (no record) with 0.
        let text = try CLI.run(["event", "count", "log.jsonl", "--bucket", "day"], in: folder)
        let dayLines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  2026-") }
        #expect(dayLines.count == 5, "\(text.stdout)")
        #expect(text.stdout.contains("1 record with no time (in no bucket)"))
        #expect(text.stdout.contains("home_hot_entrance_click  7  "), "the total counts every record: \(text.stdout)")
        // With --engine, --bucket runs the long shape's query (EventEngineCommandTests); --by stays a log's.
        #expect(
            try CLI.run(["event", "count", "--engine", "postgres://x/y", "--by", "title"], in: folder).status == 64)
    }

    @Test("counts each definition over plain and gzip logs; malformed lines reported, exit 0; --json")
    func counts() throws {
        let (folder, log) = try setUp()
        defer { CLI.cleanUp(folder) }
        let zipped = try gzip(log)
        let text = try CLI.run(["event", "count", "log.jsonl"], in: folder)
        #expect(text.status == 0)
        #expect(text.stdout.contains("home_hot_entrance_click  4  热门推荐入口点击"), "\(text.stdout)")
        #expect(text.stdout.contains("1 malformed line skipped"))
        #expect(text.stdout.contains("log.jsonl:4: expected"))
        #expect(text.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(text.stderr)")
        let json = try CLI.object(try CLI.run(["event", "count", log, zipped, "--json"], in: folder))
        let definitions = try #require(json["definitions"] as? [[String: Any]])
        #expect(definitions.first?["count"] as? Int == 8)
        #expect(json["records"] as? Int == 12)
        #expect(json["malformed"] as? Int == 2)
        let samples = try #require(json["malformedLines"] as? [[String: Any]])
        #expect(samples.map { $0["line"] as? Int } == [4, 4])
    }

    @Test("--by breaks the one definition down by a reported key, top N")
    func breakdown() throws {
        let (folder, log) = try setUp()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            Self.definition.replacingOccurrences(
                of: #"[{"key": "entranceTitle", "op": "equals", "value": "热门推荐"}]"#, with: "[]"),
            to: "any.json", in: folder)
        let json = try CLI.object(
            try CLI.run(
                ["event", "count", log, "--definition", "any.json", "--by", "entranceTitle", "--top", "1", "--json"],
                in: folder))
        let breakdown = try #require(json["breakdown"] as? [String: Any])
        let values = try #require(breakdown["values"] as? [[String: Any]])
        #expect(values.count == 1)
        #expect(values.first?["value"] as? String == "热门推荐")
        #expect(values.first?["count"] as? Int == 4)
        #expect(breakdown["distinctValues"] as? Int == 2)
    }

    @Test("--by counts a value past 256 bytes under its start and a hash, and says so once, in text and in --json")
    func breakdownCap() throws {
        let (folder, _) = try setUp()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            Self.definition.replacingOccurrences(
                of: #"[{"key": "entranceTitle", "op": "equals", "value": "热门推荐"}]"#, with: "[]"),
            to: "any.json", in: folder)
        let long = String(repeating: "v", count: 5000)
        let lines = [Self.record(0, title: long), Self.record(1, title: long), Self.record(2, title: long + "w")]
        try CLI.write(lines.joined(separator: "\n") + "\n", to: "long.jsonl", in: folder)
        let arguments = ["event", "count", "long.jsonl", "--definition", "any.json", "--by", "entranceTitle"]
        let text = try CLI.run(arguments, in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  2  " + String(repeating: "v", count: 200) + "…#"), "\(text.stdout)")
        #expect(!text.stdout.contains(String(repeating: "v", count: 201)))
        let notes = text.stdout.components(separatedBy: "longer than 256 bytes").count - 1
        #expect(notes == 1, "\(text.stdout)")
        #expect(text.stdout.contains("(3 records reported a value longer than 256 bytes"))
        let json = try CLI.object(try CLI.run(arguments + ["--json"], in: folder))
        let breakdown = try #require(json["breakdown"] as? [String: Any])
        #expect(breakdown["valueLimit"] as? Int == 256)
        #expect(breakdown["shortenedValues"] as? Int == 3)
        #expect(breakdown["distinctValues"] as? Int == 2)
    }

    @Test("--top -5 (and other numbers below their least) is refused in words naming the value, not as a missing one")
    func negativeNumbers() throws {
        let (folder, log) = try setUp()
        defer { CLI.cleanUp(folder) }
        let top = try CLI.run(["event", "count", log, "--top", "-5"], in: folder)
        #expect(top.status == 64)
        #expect(
            top.stderr.hasPrefix("lasso: --top: expected a whole number from 1 to 1000000, found -5"), "\(top.stderr)")
        let depth = try CLI.run(["tree", CLI.sample("shop-home.json"), "--max-depth", "-1"], in: folder)
        #expect(depth.status == 64)
        #expect(
            depth.stderr.hasPrefix("lasso: --max-depth: expected a whole number of 0 or more, found -1"),
            "\(depth.stderr)")
        let node = try CLI.run(["path", CLI.sample("shop-home.json"), "--node", "-1"], in: folder)
        #expect(node.status == 1)
        #expect(node.stderr.contains("no view numbered -1; the views are numbered 0 to"), "\(node.stderr)")
        let port = try CLI.run(["serve", "--port", "-1"], in: folder, timeout: 20)
        #expect(port.status == 64)
        #expect(port.stderr.contains("--port: expected a whole number from 0 to 65535, found -1"), "\(port.stderr)")
    }

    @Test("a missing log, a .gz that is not gzip, a truncated gzip: one clear message each, nothing on stdout")
    func badLogs() throws {
        let (folder, log) = try setUp()
        defer { CLI.cleanUp(folder) }
        CLI.expectCleanError(
            try CLI.run(["event", "count", "nowhere.jsonl"], in: folder), status: 66, file: "nowhere.jsonl")
        try CLI.write(Self.record(0), to: "fake.jsonl.gz", in: folder)
        CLI.expectCleanError(
            try CLI.run(["event", "count", "fake.jsonl.gz"], in: folder), status: 65, file: "fake.jsonl.gz",
            mentions: ["gzip"])
        let big = try CLI.write(
            (0..<20_000).map { Self.record($0 % 9) }.joined(separator: "\n"), to: "big.jsonl", in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try gzip(big)))
        try CLI.write(bytes.prefix(bytes.count * 2 / 3), to: "cut.jsonl.gz", in: folder)
        CLI.expectCleanError(
            try CLI.run(["event", "count", log, "cut.jsonl.gz"], in: folder), status: 65, file: "cut.jsonl.gz",
            mentions: ["truncated"])
    }

    @Test("a 10 MB line is one malformed line, skipped; the records around it count")
    func longLine() throws {
        let (folder, _) = try setUp()
        defer { CLI.cleanUp(folder) }
        let long = #"{"event": "ButtonClick", "pad": ""# + String(repeating: "x", count: 10_000_000) + #""}"#
        try CLI.write([Self.record(0), long, Self.record(1)].joined(separator: "\n"), to: "long.jsonl", in: folder)
        let json = try CLI.object(try CLI.run(["event", "count", "long.jsonl", "--json"], in: folder))
        #expect((json["definitions"] as? [[String: Any]])?.first?["count"] as? Int == 2)
        #expect(json["malformed"] as? Int == 1)
        let sample = try #require((json["malformedLines"] as? [[String: Any]])?.first)
        #expect(sample["line"] as? Int == 2)
        #expect((sample["reason"] as? String)?.contains("longer than") == true)
    }

    @Test("export: the regex per definition, and one SQL query per engine naming the table")
    func export() throws {
        let (folder, _) = try setUp()
        defer { CLI.cleanUp(folder) }
        let regex = try CLI.run(["event", "export", "--format", "regex"], in: folder)
        #expect(
            regex.stdout
                == "home_hot_entrance_click\t^HomeViewController\\[0\\]/UIView\\[0\\]/EntranceBar\\[0\\]/EntranceButton\\[[0-9]+\\]$\n"
        )
        for (format, marker) in [("clickhouse", "match(view_path"), ("postgres", "view_path ~"), ("spark", "RLIKE")] {
            let sql = try CLI.run(["event", "export", "--format", format, "--table", "analytics.clicks"], in: folder)
            #expect(sql.status == 0)
            #expect(sql.stdout.contains("FROM analytics.clicks"))
            #expect(sql.stdout.contains(marker), "\(format): \(sql.stdout)")
        }
        let bad = try CLI.run(["event", "export", "--format", "postgres", "--table", "x; DROP TABLE y"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--table: expected a table name"))
    }

    @Test("--since/--until count a period (until not included), in the query too; times that do not read are refused")
    func period() throws {
        let (folder, _) = try setUp()
        defer { CLI.cleanUp(folder) }
        let times = [
            "2026-11-20T07:59:59.999Z", "2026-11-20T08:00:00Z", "2026-11-20T16:00:00.5+08:00", "never",
            "2026-11-21T00:00:00Z", "2026-11-21T07:59:59+08:00",
        ]
        let lines = times.enumerated().map { index, time in
            Self.record(index).replacingOccurrences(of: "2026-11-20T08:00:00.123Z", with: time)
        }
        try CLI.write(lines.joined(separator: "\n") + "\n", to: "timed.jsonl", in: folder)
        let text = try CLI.run(
            ["event", "count", "timed.jsonl", "--since", "2026-11-20T08:00:00Z", "--until", "2026-11-21"], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("home_hot_entrance_click  3  "), "\(text.stdout)")
        #expect(text.stdout.contains("6 records in 1 file; 1 record with no time (not counted)"), "\(text.stdout)")
        let json = try CLI.object(
            try CLI.run(
                ["event", "count", "timed.jsonl", "--since", "2026-11-20T16:00:00.001+08:00", "--json"], in: folder))
        #expect((json["definitions"] as? [[String: Any]])?.first?["count"] as? Int == 3)
        #expect(json["noTime"] as? Int == 1)
        let all = try CLI.object(try CLI.run(["event", "count", "timed.jsonl", "--json"], in: folder))
        #expect((all["definitions"] as? [[String: Any]])?.first?["count"] as? Int == 6)
        #expect(all["noTime"] == nil)
        let query = try CLI.run(
            [
                "event", "export", "--format", "postgres", "--since", "2026-11-20", "--until",
                "2026-11-21T08:00:00+08:00",
            ],
            in: folder)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(
            query.stdout.contains(
                "AND time >= TIMESTAMPTZ '2026-11-20 00:00:00.000000+00' AND time < TIMESTAMPTZ '2026-11-21 00:00:00.000000+00'"
            ), "\(query.stdout)")
        let refused = try CLI.run(["event", "count", "timed.jsonl", "--since", "2026-11-31"], in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--since: expected an ISO 8601 time"), "\(refused.stderr)")
        #expect(refused.stderr.contains("found \"2026-11-31\""), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let backwards = try CLI.run(
            ["event", "count", "timed.jsonl", "--since", "2026-11-21", "--until", "2026-11-20"], in: folder)
        #expect(backwards.status == 64)
        #expect(backwards.stderr.contains("--until: expected a time after --since"), "\(backwards.stderr)")
        let regex = try CLI.run(["event", "export", "--format", "regex", "--since", "2026-11-20"], in: folder)
        #expect(regex.status == 64)
        #expect(regex.stderr.contains("--format clickhouse, postgres, spark or duckdb"), "\(regex.stderr)")
    }

    @Test(
        "a regex condition counts in time linear in the value: (a|a)*b over 40 a's and a ! is no match, ^(ab-)*$ over a 3 MB value is one"
    )
    func hostileRegex() throws {
        let (folder, _) = try setUp()
        defer { CLI.cleanUp(folder) }
        let file = "kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json"
        for (pattern, title, expected) in [
            ("(a|a)*b", String(repeating: "a", count: 40) + "!", 0),
            ("(a|a)*b", String(repeating: "a", count: 40) + "b", 1),
            ("(a*)*$", String(repeating: "a", count: 100_000) + "!", 1),
            ("(.*a){20}", String(repeating: "a", count: 19) + "!", 0),
            ("^(ab-)*$", String(repeating: "ab-", count: 1_000_000), 1),
        ] {
            try CLI.write(
                Self.definition.replacingOccurrences(
                    of: #""op": "equals", "value": "热门推荐""#, with: #""op": "regex", "value": "\#(pattern)""#),
                to: file, in: folder)
            try CLI.write(Self.record(0, title: title) + "\n", to: "hostile.jsonl", in: folder)
            let started = Date()
            // The timeout is a guard against a hang, not a measure: a backtracking engine took hours here.
            let json = try CLI.object(
                try CLI.run(["event", "count", "hostile.jsonl", "--json"], in: folder, timeout: 60))
            #expect(Date().timeIntervalSince(started) < 60)
            #expect(json["malformed"] as? Int == 0)
            #expect(
                (json["definitions"] as? [[String: Any]])?.first?["count"] as? Int == expected,
                "/\(pattern)/ over \(title.utf8.count) bytes")
        }
    }
}

extension EventCountCommandTests {
    @Test("the UI's count gives each named event its records per day over the logs' last days, the last day last")
    func namedEventDays() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let definition = try EventDefinitionCodec.decode(
            try JSONParser.parse(Array(Self.definition.utf8), file: "d.json"), file: "d.json")
        let times = ["2026-11-20T08:00:00Z", "2026-11-20T09:00:00Z", "2026-11-22T23:00:00Z", "no time"]
        let lines = times.enumerated().map { index, time in
            Self.record(index).replacingOccurrences(of: "2026-11-20T08:00:00.123Z", with: time)
        }
        let log = try CLI.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl", in: folder)
        let counts = try LogTapCounter.countNow(
            TapCountRequest(logs: [log], configs: [], definitions: [definition], viewPaths: []))
        #expect(counts.definitions[definition.id] == 4)
        #expect(counts.definitionDays[definition.id] == [2, 0, 1])
        #expect(counts.latestDay.map(EventBucket.label) == "2026-11-22T00:00:00Z")
    }
}
