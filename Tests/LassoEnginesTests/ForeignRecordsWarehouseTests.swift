import Foundation
import LassoCounting
import LassoDocuments
import LassoEngines
import LassoSnapshot
import Logging
import PostgresNIO
import Testing
import _LassoTestSupport

/// Sensors, GrowingIO and PostHog records on a warehouse: rewritten by `lasso event convert`, loaded by lasso's DDL and load
/// statements, counted by lasso's query for the definitions in each SDK's profile: the counts are the in-process
/// counts over the SDK's own files, with and without a period, on DuckDB, ClickHouse (chdb), Spark and PostgreSQL.
@Suite("Other SDKs' records count on every engine as they count in process", .serialized)
struct ForeignRecordsWarehouseTests {
    /// One SDK's record file and the definitions in its profile.
    struct Case {
        var format: RecordFormat
        var definitions: [EventDefinition]
        var lines: [String]
    }

    static let classes = ["UIButton", "UILabel", "Price$Label", "热门(Cell)"]
    static let screens = ["ShopApp.HomeViewController", "ShopApp.CartViewController", "页面'引号"]
    /// Milliseconds at and around the period's ends (2026-11-20T08:00:00Z to 2026-11-21T00:00:00Z).
    static let times: [Int64?] = [
        1_763_625_599_999, 1_763_625_600_000, 1_763_625_600_001, 1_763_654_400_000, 1_763_683_199_999,
        1_763_683_200_000, 1_763_800_000_000, nil,
    ]

    static func definition(
        _ format: RecordFormat, key: String, event: String = "ButtonClick", path: String, screen: String? = nil,
        versions: [VersionInterval] = [], content: [ContentCondition] = []
    ) throws -> EventDefinition {
        let base = EventDefinition(
            appKey: "shop-ios", name: key, key: key, versions: VersionRanges(versions), viewEvent: event,
            viewPath: try PathNotation.parse("Home[0]"), content: content)
        return base.rewritten(in: format.profile, pattern: try format.profile.read(path), screen: screen)
    }

    /// A page view's definition in `format`'s profile: the page alone (nil: every page).
    static func page(
        _ format: RecordFormat, key: String, screen: String?, versions: [VersionInterval] = []
    ) throws -> EventDefinition {
        EventDefinition(
            appKey: "shop-ios", name: key, key: key, versions: VersionRanges(versions), viewEvent: "PageView",
            viewPath: try PathNotation.parse("Home[0]")
        ).pageOnly(in: format.profile, screen: screen)
    }

    /// 1,500 random clicks written as `format`'s records, among them awkward lines, and the definitions.
    static func make(_ format: RecordFormat, seed: UInt64) throws -> Case {
        var random = SeededGenerator(state: seed)
        var lines: [String] = []
        func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
        let xpath = "/ShopApp.Home/UIView/UITableView/Section/ShopKit.Cell/UITableViewCellContentView/"
        for index in 0..<1500 {
            let row = Int.random(in: 0...11, using: &random)
            let leaf = pick(classes)
            let version = pick(RandomEvents.versions)
            let screen = pick(screens)
            let content = pick(RandomEvents.values)
            let time = pick(times)
            var object = JSONObject()
            var properties = JSONObject()
            properties["entranceTitle"] = .string(pick(RandomEvents.values))
            if index % 7 == 0 { properties["nested"] = .object(JSONObject(["a": .string("b")])) }
            if index % 11 == 0 { properties["gone"] = .null }
            if index % 13 == 0 { properties["count"] = .int(row) }
            switch format {
            case .sensors:
                object["event"] = .string(
                    pick(["$AppClick", "$AppClick", "$AppViewExposure", "$AppViewScreen", "$AppStart"]))
                object["distinct_id"] = .string("d\(index % 5)")
                if let time { object["time"] = .int(Int(time)) }
                // sa-sdk-ios v4.9.1 SAVisualizedManager.m L302-323: `$element_path` is the similar path (the row
                // as `[-]`), the row in `$element_position` (UIView+SAElementPosition.m L19-85: `section:row`).
                properties["$element_path"] = .string(
                    "UIView/UITableView[0]/ShopKit.Cell[0][-]/UITableViewCellContentView[0]/\(leaf)[0]")
                properties["$element_position"] = .string("0:\(row)")
                properties["$screen_name"] = .string(screen)
                properties["$element_content"] = .string(content)
                if !version.isEmpty { properties["$app_version"] = .string(version) }
                object["properties"] = .object(properties)
            case .growingio:
                object["eventType"] = .string(pick(["VIEW_CLICK", "VIEW_CLICK", "PAGE"]))
                object["path"] = .string(screen)
                object["xpath"] = .string(xpath + leaf)
                object["xcontent"] = .string("/0/0/0/0/0/-/0")
                // The row plus one (growingio-sdk-ios-autotracker 4.11.0 GrowingViewElementEvent.m L35-39).
                object["index"] = index % 3 == 0 ? .string(String(row + 1)) : .int(row + 1)
                if index % 17 == 0 { object["originxcontent"] = .string("/0/0/0/0/0/\(row)/0") }
                object["textValue"] = .string(content)
                if !version.isEmpty { object["appVersion"] = .string(version) }
                if let time { object["timestamp"] = .int(Int(time)) }
                object["attributes"] = .object(properties)
            case .posthog:
                object["event"] = .string(pick(["$autocapture", "$autocapture", "$screen", "$rageclick"]))
                if let time {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                    object["timestamp"] = .string(
                        formatter.string(from: Date(timeIntervalSince1970: Double(time) / 1000)))
                }
                properties["$event_type"] = .string(pick(["touch", "touch", "value_changed", "toggle", "long_press"]))
                properties["$elements_chain"] = .string(
                    "\(leaf):text=\"\(content)\";UITableViewCellContentView;Cell:attr__class=\"UITableViewCell\";UITableView;UIView;UIWindow"
                )
                properties["$screen_name"] = .string(screen)
                if !version.isEmpty { properties["$app_version"] = .string(version) }
                object["properties"] = .object(properties)
            case .lasso:
                break
            }
            let line = JSONWriter.compact(.object(object))
            switch index % 25 {
            case 0: lines.append(String(line.prefix(line.count / 2)))
            case 1: lines.append("[" + line + "]")
            case 2: lines.append(line + " trailing")
            default: break
            }
            lines.append(line)
        }
        let from53 = [VersionInterval(from: AppVersion("5.3"))]
        let until6 = [VersionInterval(from: AppVersion("5.3"), until: AppVersion("6"))]
        let definitions: [EventDefinition]
        switch format {
        case .sensors:
            let path = { (row: String, leaf: String) in
                "UIView/UITableView[0]/ShopKit.Cell[0][\(row)]/UITableViewCellContentView[0]/\(leaf)[0]"
            }
            definitions = [
                try definition(.sensors, key: "any_row", path: path("-", "UIButton"), versions: from53),
                try definition(.sensors, key: "row_3", path: path("3", "UIButton")),
                try definition(
                    .sensors, key: "home_label", path: path("-", "UILabel"), screen: screens[0],
                    content: [ContentCondition(key: "title", .equals("热门推荐"))]),
                try definition(
                    .sensors, key: "quoted_page", path: path("-", "热门(Cell)"), screen: screens[2], versions: until6),
                try definition(
                    .sensors, key: "exposed", event: "Exposure", path: path("-", "Price$Label"),
                    content: [ContentCondition(key: "entranceTitle", .regex("^热"))]),
                try page(.sensors, key: "home_shown", screen: screens[0], versions: from53),
            ]
        case .growingio:
            definitions = [
                try definition(.growingio, key: "any_row", path: xpath + "UIButton /0/0/0/0/0/-/0", versions: from53),
                try definition(.growingio, key: "row_3", path: xpath + "UIButton /0/0/0/0/0/3/0"),
                try definition(.growingio, key: "xpath_only", path: xpath + "Price$Label", screen: screens[1]),
                try definition(
                    .growingio, key: "labels", path: xpath + "UILabel /0/0/0/0/0/-/0", versions: until6,
                    content: [ContentCondition(key: "text", .contains("活动"))]),
                try definition(
                    .growingio, key: "quoted_page", path: xpath + "热门(Cell) /0/0/0/0/0/-/0", screen: screens[2]),
                try page(.growingio, key: "quoted_shown", screen: screens[2]),
            ]
        case .posthog:
            let chain = { (leaf: String) in "\(leaf);UITableViewCellContentView;Cell;UITableView;UIView;UIWindow" }
            definitions = [
                try definition(.posthog, key: "buttons", path: chain("UIButton"), versions: from53),
                try definition(
                    .posthog, key: "home_label", path: chain("UILabel"), screen: screens[0],
                    content: [ContentCondition(key: "title", .contains("热门"))]),
                try definition(
                    .posthog, key: "quoted_page", path: chain("热门(Cell)"), screen: screens[2], versions: until6),
                try definition(.posthog, key: "changed", event: "ValueChanged", path: chain("UIButton")),
                try definition(
                    .posthog, key: "pressed", event: "LongPress", path: chain("Price$Label"),
                    content: [ContentCondition(key: "text", .contains("活动"))]),
                try page(.posthog, key: "any_shown", screen: nil, versions: until6),
            ]
        case .lasso:
            definitions = []
        }
        return Case(format: format, definitions: definitions, lines: lines)
    }

    /// The raw file, its conversion, and the in-process counts over the raw file (all, and in the period).
    static func prepare(_ item: Case) throws -> (folder: URL, converted: URL, all: [Int], timed: [Int]) {
        let folder = try DifferentialCountTests.folder()
        let raw = folder.appendingPathComponent("raw.jsonl")
        try (item.lines.joined(separator: "\n") + "\n").write(to: raw, atomically: true, encoding: .utf8)
        let all = try EventLogCounting.count(
            files: [raw.path], plan: EventCountPlan(definitions: item.definitions, format: item.format))[0].tally
        let timed = try EventLogCounting.count(
            files: [raw.path],
            plan: EventCountPlan(definitions: item.definitions, time: RandomEvents.period, format: item.format))[0]
            .tally
        // Not vacuous: every definition counts something, and the period leaves some out.
        #expect(all.counts.allSatisfy { $0 > 0 }, "\(item.format): \(all.counts)")
        #expect(timed.counts != all.counts, "\(item.format)")
        #expect(all.malformed == 180, "\(item.format): \(all.malformedSamples)")
        var converted: [UInt8] = []
        let summary = try RecordConversion.convert(files: [raw.path], format: item.format, appKey: "shop-ios") {
            converted += $0
        }
        #expect(summary.records == all.records && summary.malformed == all.malformed)
        let file = folder.appendingPathComponent("converted.jsonl")
        try Data(converted).write(to: file)
        return (folder, file, all.counts, timed.counts)
    }

    /// The taps as `format`'s records in a file, and the file lasso's load takes: the same for lasso's records, else
    /// as `lasso event convert` rewrites them.
    static func sameTapsFiles(_ taps: [SameTaps.Tap], _ format: RecordFormat, in folder: URL) throws -> (
        raw: URL, loaded: URL
    ) {
        let raw = folder.appendingPathComponent("same-\(format.rawValue).jsonl")
        // Each tap and its page shown: clicks and page views in one file.
        let lines = taps.flatMap { [SameTaps.line($0, format.rawValue), SameTaps.pageViewLine($0, format.rawValue)] }
        try (lines.joined(separator: "\n") + "\n").write(to: raw, atomically: true, encoding: .utf8)
        guard format != .lasso else { return (raw, raw) }
        var converted: [UInt8] = []
        _ = try RecordConversion.convert(files: [raw.path], format: format, appKey: "shop-ios") { converted += $0 }
        let loaded = folder.appendingPathComponent("same-\(format.rawValue).lasso.jsonl")
        try Data(converted).write(to: loaded)
        return (raw, loaded)
    }

    /// `RandomEvents.period` in milliseconds, until excluded.
    static let periodMilliseconds: ClosedRange<Int64> = 1_795_161_600_000...(1_795_219_200_000 - 1)

    /// "The cart button in any row on the home page from 5.0.0, its text containing 购物车" and "the home page shown,
    /// from 5.0.0" in `format`'s profile.
    static func sameTapsDefinitions(_ format: RecordFormat) throws -> [EventDefinition] {
        let page = EventDefinition(
            appKey: "shop-ios", name: "home", key: "home",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]),
            viewEvent: "PageView", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]"))
        let screens: [RecordFormat: String] = [
            .sensors: "ShopApp.HomeViewController", .growingio: "/home", .posthog: "Home",
        ]
        return [
            try sameTapsDefinition(format),
            format == .lasso ? page : page.pageOnly(in: format.profile, screen: screens[format]),
        ]
    }

    /// "The cart button in any row on the home page from 5.0.0, its text containing 购物车" in `format`'s profile.
    static func sameTapsDefinition(_ format: RecordFormat) throws -> EventDefinition {
        let content = [ContentCondition(key: "title", .contains("购物车"))]
        let from = [VersionInterval(from: AppVersion("5.0.0"))]
        switch format {
        case .lasso:
            return EventDefinition(
                appKey: "shop-ios", name: "cart", key: "cart", versions: VersionRanges(from), viewEvent: "ButtonClick",
                viewPath: try PathNotation.parse(
                    "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]"
                ), content: content)
        case .sensors:
            return try definition(
                .sensors, key: "cart",
                path: "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]",
                screen: "ShopApp.HomeViewController", versions: from, content: content)
        case .growingio:
            return try definition(
                .growingio, key: "cart", path: SameTaps.gioXPath + "UIButton /0/0/0/0/0/0/-/0/0", screen: "/home",
                versions: from, content: content)
        case .posthog:
            return try definition(
                .posthog, key: "cart",
                path: "UIButton;UITableViewCellContentView;ProductCell;UITableView;UIView;UIWindow",
                screen: "Home", versions: from, content: content)
        }
    }

    /// Every SDK's random records in one session of the engine (Spark starts slowly), a table each; then the same
    /// taps as each SDK's records.
    func check(_ engine: EventSQL.Engine) throws {
        var setup: [String] = []
        var queries: [String] = []
        var expected: [[Int]] = []
        var folder: URL?
        for (format, seed) in [(RecordFormat.sensors, UInt64(41)), (.growingio, 42), (.posthog, 43)] {
            let item = try Self.make(format, seed: seed)
            let prepared = try Self.prepare(item)
            folder = folder ?? prepared.folder
            let table = "events_" + format.rawValue
            setup.append(try EventWarehouse.ddl(engine: engine, table: table))
            setup += try EventWarehouse.load(engine: engine, table: table, path: prepared.converted.path)
            queries.append(try EventSQL.query(item.definitions, engine: engine, table: table))
            queries.append(
                try EventSQL.query(item.definitions, engine: engine, table: table, time: RandomEvents.period))
            expected += [prepared.all, prepared.timed]
        }
        // The same taps as each SDK's records, one named event each: every count the oracle's, with and without a period.
        let taps = SameTaps.taps(2000, seed: 44)
        for format in RecordFormat.allCases {
            let definitions = try Self.sameTapsDefinitions(format)
            let (raw, loaded) = try Self.sameTapsFiles(taps, format, in: try #require(folder))
            let table = "same_" + format.rawValue
            setup.append(try EventWarehouse.ddl(engine: engine, table: table))
            setup += try EventWarehouse.load(engine: engine, table: table, path: loaded.path)
            queries.append(try EventSQL.query(definitions, engine: engine, table: table))
            queries.append(try EventSQL.query(definitions, engine: engine, table: table, time: RandomEvents.period))
            let inProcess = try EventLogCounting.count(
                files: [raw.path], plan: EventCountPlan(definitions: definitions, format: format))[0].tally.counts
            let all = [SameTaps.expected(taps, home: true), SameTaps.expected(pageViews: taps, home: true)]
            #expect(inProcess == all, "\(format)")
            expected += [
                all,
                [
                    SameTaps.expected(taps, home: true, time: Self.periodMilliseconds),
                    SameTaps.expected(pageViews: taps, home: true, time: Self.periodMilliseconds),
                ],
            ]
        }
        let results = try WarehouseLoadTests.run(engine, setup: setup, queries: queries, in: try #require(folder))
        #expect(results.count == expected.count, "\(engine)")
        for (index, (rows, counts)) in zip(results, expected).enumerated() {
            #expect(rows.first?.compactMap { Int($0) } == counts, "\(engine), query \(index)")
        }
    }

    @Test(
        "DuckDB: Sensors, GrowingIO and PostHog records converted, loaded and counted",
        .enabled(if: Tools.hasDuckDB, "needs python3 with duckdb"))
    func duckdb() throws { try check(.duckdb) }

    @Test(
        "ClickHouse's engine (chdb): Sensors, GrowingIO and PostHog records converted, loaded and counted",
        .enabled(if: Tools.hasChdb, "needs python3 with chdb"))
    func clickhouse() throws { try check(.clickhouse) }

    @Test(
        "Spark (pyspark, local[1]): Sensors, GrowingIO and PostHog records converted, loaded and counted",
        .enabled(if: Tools.hasSpark, "needs python3 with pyspark, and Java"))
    func spark() throws { try check(.spark) }

    @Test(
        "PostgreSQL: Sensors, GrowingIO and PostHog records converted, loaded and counted (lasso event count --engine's query)",
        .enabled(if: Tools.hasPostgres, "needs PostgreSQL (LASSO_TEST_DATABASE_URL)"))
    func postgres() async throws {
        let url = try #require(Tools.databaseURL, "LASSO_TEST_DATABASE_URL is not set")
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        for (format, seed) in [(RecordFormat.sensors, UInt64(41)), (.growingio, 42), (.posthog, 43)] {
            let item = try Self.make(format, seed: seed)
            let prepared = try Self.prepare(item)
            let table = "lasso_foreign_\(format.rawValue)_\(UInt32.random(in: 0...UInt32.max))"
            let connection = try await WarehouseLoadTests.connect(url, logger: logger)
            var counts: [Int] = []
            var timed: [Int] = []
            var failure: (any Error)?
            do {
                let statements =
                    [try EventWarehouse.ddl(engine: .postgres, table: table)]
                    + (try EventWarehouse.load(engine: .postgres, table: table, path: prepared.converted.path))
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                counts = try await EventEngine(url: url).count(item.definitions, table: table)
                timed = try await EventEngine(url: url).count(item.definitions, table: table, time: RandomEvents.period)
            } catch {
                failure = error
            }
            _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"), logger: logger)
            try await connection.close()
            if let failure { throw failure }
            #expect(counts == prepared.all, "\(format)")
            #expect(timed == prepared.timed, "\(format), timed")
        }
        // The same taps as each SDK's records: one count, the oracle's.
        let taps = SameTaps.taps(2000, seed: 44)
        let folder = try DifferentialCountTests.folder()
        for format in RecordFormat.allCases {
            let definitions = try Self.sameTapsDefinitions(format)
            let (_, loaded) = try Self.sameTapsFiles(taps, format, in: folder)
            let table = "lasso_same_\(format.rawValue)_\(UInt32.random(in: 0...UInt32.max))"
            let connection = try await WarehouseLoadTests.connect(url, logger: logger)
            var counts: [Int] = []
            var failure: (any Error)?
            do {
                let statements =
                    [try EventWarehouse.ddl(engine: .postgres, table: table)]
                    + (try EventWarehouse.load(engine: .postgres, table: table, path: loaded.path))
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                counts = try await EventEngine(url: url).count(definitions, table: table)
            } catch {
                failure = error
            }
            _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"), logger: logger)
            try await connection.close()
            if let failure { throw failure }
            #expect(
                counts == [SameTaps.expected(taps, home: true), SameTaps.expected(pageViews: taps, home: true)],
                "same taps, \(format)")
        }
    }
}
