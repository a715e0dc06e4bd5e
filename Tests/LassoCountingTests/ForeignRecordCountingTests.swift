import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

@testable import LassoCounting

/// Other SDKs' records counted (docs/event-records.md, "Records of other SDKs"): the same random clicks written as
/// lasso, Sensors, GrowingIO and PostHog records, each counted by a definition in its own profile, against an oracle that
/// reads the clicks themselves.
@Suite("Counting Sensors, GrowingIO and PostHog records")
struct ForeignRecordCountingTests {
    typealias Click = SameTaps.Tap

    static let gioXPath = SameTaps.gioXPath

    static func clicks(_ count: Int) -> [Click] { SameTaps.taps(count) }

    static func line(_ click: Click, _ format: RecordFormat) -> String { SameTaps.line(click, format.rawValue) }

    static func oracle(_ clicks: [Click], home: Bool, time: ClosedRange<Int64>? = nil) -> Int {
        SameTaps.expected(clicks, home: home, time: time)
    }

    /// The definition of "the cart button in any row, from 5.0.0, its text containing 购物车" in `format`'s profile,
    /// on the home page when `home` (lasso's paths always name the page: home).
    static func cart(_ format: RecordFormat, home: Bool = false) throws -> EventDefinition {
        let base = EventDefinition(
            appKey: "shop-ios", name: "加购", key: "cart_\(format.rawValue)",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]), viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse(
                "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]"
            ), content: [ContentCondition(key: "title", .contains("购物车"))])
        switch format {
        case .lasso:
            return base
        case .sensors:
            return base.rewritten(
                in: .sensors,
                pattern: try SDKProfile.sensors.read(
                    "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]"),
                screen: home ? "ShopApp.HomeViewController" : nil)
        case .posthog:
            return base.rewritten(
                in: .posthog,
                pattern: try SDKProfile.posthog.read(
                    "UIButton;UITableViewCellContentView;ProductCell;UITableView;UIView;UIWindow"),
                screen: home ? "Home" : nil)
        case .growingio:
            return base.rewritten(
                in: .growingio,
                pattern: try SDKProfile.growingio.read(gioXPath + "UIButton /0/0/0/0/0/0/-/0/0"),
                screen: home ? "/home" : nil)
        }
    }

    static func count(
        _ lines: [String], _ definitions: [EventDefinition], format: RecordFormat, time: EventTimeRange? = nil
    )
        -> EventTally
    {
        var counter = EventCounter(plan: EventCountPlan(definitions: definitions, time: time, format: format))
        var text = Array(lines.joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        return counter.tally
    }

    @Test("the same clicks count the same in every SDK's records, as the oracle counts them; the page narrows them")
    func sameCounts() throws {
        let clicks = Self.clicks(3000)
        let expected = Self.oracle(clicks, home: false)
        let onHome = Self.oracle(clicks, home: true)
        #expect(expected > 100 && onHome > 50 && onHome < expected)
        for format in [RecordFormat.sensors, .growingio, .posthog] {
            let lines = clicks.map { Self.line($0, format) }
            let tally = Self.count(lines, [try Self.cart(format), try Self.cart(format, home: true)], format: format)
            #expect(tally.records == 3000, "\(format)")
            #expect(tally.malformed == 0, "\(format): \(tally.malformedSamples)")
            #expect(tally.counts == [expected, onHome], "\(format)")
        }
        // lasso's records name the page in the path: the home definition counts what the page-limited ones do.
        let lasso = Self.count(
            clicks.map { Self.line($0, .lasso) }, [try Self.cart(.lasso, home: true)], format: .lasso)
        #expect(lasso.counts == [onHome])
    }

    /// "The home page shown, from 5.0.0" (every page when not `home`) in `format`'s profile: lasso's on the page's
    /// root view, the other SDKs' by the page alone.
    static func homePage(_ format: RecordFormat, home: Bool = true) throws -> EventDefinition {
        let base = EventDefinition(
            appKey: "shop-ios", name: "首页浏览", key: "home_\(format.rawValue)",
            versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]), viewEvent: "PageView",
            viewPath: try PathNotation.parse((home ? "HomeViewController" : "*ViewController") + "[0]/UIView[0]"))
        let screens: [RecordFormat: String] = [
            .sensors: "ShopApp.HomeViewController", .growingio: "/home", .posthog: "Home",
        ]
        return format == .lasso ? base : base.pageOnly(in: format.profile, screen: home ? screens[format] : nil)
    }

    @Test("page views count the same in every SDK's records: the page alone locates them, mixed among clicks")
    func samePageViews() throws {
        let taps = Self.clicks(2000)
        let onHome = SameTaps.expected(pageViews: taps, home: true)
        let every = SameTaps.expected(pageViews: taps, home: false)
        #expect(onHome > 200 && onHome < every)
        for format in RecordFormat.allCases {
            // Each page view among the clicks: the clicks are other events, never counted as page views.
            let lines = taps.flatMap { [SameTaps.pageViewLine($0, format.rawValue), Self.line($0, format)] }
            var definitions = [try Self.homePage(format), try Self.cart(format)]
            if format != .lasso { definitions.append(try Self.homePage(format, home: false)) }
            let tally = Self.count(lines, definitions, format: format)
            #expect(tally.malformed == 0, "\(format): \(tally.malformedSamples)")
            // lasso's cart path names the home page; the other SDKs' cart definitions take any page.
            let expected =
                format == .lasso
                ? [onHome, Self.oracle(taps, home: true)] : [onHome, Self.oracle(taps, home: false), every]
            #expect(tally.counts == expected, "\(format)")
        }
        // A page view's definition in an SDK's profile has no path; a click's never matches a page event.
        let page = try Self.homePage(.sensors)
        #expect(page.isPageOnly && page.viewPathText.isEmpty && page.screen == "ShopApp.HomeViewController")
        #expect(RecordFormat.recordEvent(of: page) == "$AppViewScreen")
        #expect(RecordFormat.recordEvent(of: try Self.homePage(.growingio)) == "PAGE")
        #expect(RecordFormat.recordEvent(of: try Self.homePage(.posthog)) == "$screen")
    }

    @Test("the records' milliseconds are times: a period counts the clicks in it")
    func period() throws {
        let clicks = Self.clicks(600)
        let since = clicks[100].milliseconds
        let until = clicks[400].milliseconds
        let range = EventTimeRange(
            since: EventTime(filter: ForeignRecord.iso(milliseconds: since)),
            until: EventTime(filter: ForeignRecord.iso(milliseconds: until)))
        let expected = Self.oracle(clicks, home: false, time: since...(until - 1))
        for format in [RecordFormat.sensors, .growingio, .posthog] {
            let tally = Self.count(
                clicks.map { Self.line($0, format) }, [try Self.cart(format)], format: format, time: range)
            #expect(tally.counts == [expected], "\(format)")
        }
        #expect(ForeignRecord.iso(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ForeignRecord.iso(milliseconds: 1_700_000_000_123) == "2023-11-14T22:13:20.123Z")
        #expect(ForeignRecord.iso(milliseconds: 951_782_400_007) == "2000-02-29T00:00:00.007Z")
    }

    @Test(
        "events the app's code tracked through the catalogue, as each SDK sends a custom event, count with the taps (docs/event-catalogue.md)"
    )
    func codedEvents() throws {
        // Each SDK's custom event, written from its source: the event's name is the definition's key and the
        // catalogue's number rides among the properties.
        let lines: [RecordFormat: [String]] = [
            // sa-sdk-ios SAConstants.m (018c20a) L33-37: a record's `time` (ms), `event` (the name given to
            // track:withProperties:) and `properties`; `event_number` is not among its reserved names (L134-136).
            .sensors: [
                #"{"event": "cart_sensors", "time": 1732000000000, "properties": {"$app_version": "5.1.0", "event_number": 7, "price": 3}}"#,
                #"{"event": "cart_sensors", "time": 1732000000000, "properties": {"$app_version": "4.9.0", "event_number": 7}}"#,
                #"{"event": "cart_sensors", "time": 1732000000000, "properties": {"$app_version": "5.1.0", "event_number": 8}}"#,
                #"{"event": "cart_sensors", "time": 1732000000000, "properties": {"$app_version": "5.1.0"}}"#,
            ],
            // growingio-sdk-ios-autotracker GrowingTrackEventType.m L23 (CUSTOM), GrowingCustomEvent.m L38-43
            // (eventName, path), GrowingBaseAttributesEvent.m L34-37 (attributes, whose values it sends as text).
            .growingio: [
                #"{"eventType": "CUSTOM", "eventName": "cart_growingio", "attributes": {"event_number": "7"}, "timestamp": 1732000000000, "appVersion": "5.1.0", "path": "/"}"#,
                #"{"eventType": "CUSTOM", "eventName": "cart_growingio", "attributes": {"event_number": "9"}, "timestamp": 1732000000000, "appVersion": "5.1.0"}"#,
                #"{"eventType": "CUSTOM", "eventName": "other", "timestamp": 1732000000000, "appVersion": "5.1.0"}"#,
            ],
            // posthog-ios capture(_:properties:): `event`, `properties`, `timestamp`, as the PostHog records of SameTaps
            // (written from posthog-ios) have them.
            .posthog: [
                #"{"event": "cart_posthog", "properties": {"$app_version": "5.1.0", "event_number": 7}, "timestamp": "2026-11-20T08:00:00Z"}"#,
                #"{"event": "cart_posthog", "properties": {"$app_version": "5.1.0"}, "timestamp": "2026-11-20T08:00:00Z"}"#,
            ],
        ]
        let expected: [RecordFormat: Int] = [.sensors: 2, .growingio: 1, .posthog: 2]
        for (format, records) in lines {
            var definition = try Self.cart(format)
            definition.number = 7
            // A circled tap of the same definition beside them.
            let tapped = Self.clicks(200).first { Self.oracle([$0], home: false) == 1 }!
            let tally = Self.count(records + [Self.line(tapped, format)], [definition], format: format)
            #expect(tally.malformed == 0, "\(format): \(tally.malformedSamples)")
            #expect(tally.counts == [expected[format]! + 1], "\(format)")
        }
    }

    @Test("a line that is not the SDK's record is counted as malformed, with the reason, and skipped")
    func malformed() throws {
        let good = Self.line(Self.clicks(1)[0], .sensors)
        let lines = [
            good, "not json", #"{"properties": {}}"#, #"{"event": 7}"#,
            #"{"event": "$AppClick", "time": "yesterday"}"#, #"{"event": "$AppClick", "properties": []}"#, "[1]", "",
        ]
        let tally = Self.count(lines, [try Self.cart(.sensors)], format: .sensors)
        #expect(tally.records == 1)
        #expect(tally.malformed == 6)
        let reasons = tally.malformedSamples.map(\.reason)
        #expect(reasons.contains("expected event to be a string, found none"), "\(reasons)")
        #expect(reasons.contains("expected time to be milliseconds since 1970, found a string"), "\(reasons)")
        #expect(reasons.contains("expected properties to be an object, found an array"), "\(reasons)")
        // Five samples are kept: the sixth reason on its own.
        let array = Self.count(["[1]"], [try Self.cart(.sensors)], format: .sensors)
        #expect(array.malformedSamples.map(\.reason) == ["expected a JSON object, found an array"])
    }

    @Test(
        "a definition's dialect path as a pattern: Sensors' compared as the text the SDK sends ([-] itself), GrowingIO's - any row, an xpath alone any index"
    )
    func patterns() {
        // sa-sdk-ios v4.9.1 SAVisualizedManager.m L302-323 sends the similar path: `[-]` is in the record itself.
        let sensors = EventPathPattern(dialectText: "UIView/UITableView[0]/Cell[0][-]/UIButton[0]", profile: .sensors)
        #expect(sensors.matches("UIView/UITableView[0]/Cell[0][-]/UIButton[0]"))
        #expect(!sensors.matches("UIView/UITableView[0]/Cell[0][12]/UIButton[0]"))
        #expect(!sensors.matches("UIView/UITableView[0]/Cell[1][-]/UIButton[0]"))
        let exact = EventPathPattern(dialectText: "/Home/UIView/UIButton /0/0/2", profile: .growingio)
        #expect(exact.matches("/Home/UIView/UIButton /0/0/2"))
        #expect(!exact.matches("/Home/UIView/UIButton /0/0/3"))
        let anyRow = EventPathPattern(dialectText: "/Home/UIView/UIButton /0/-/2", profile: .growingio)
        #expect(anyRow.matches("/Home/UIView/UIButton /0/17/2"))
        #expect(!anyRow.matches("/Home/UIView/UIButton /1/17/2"))
        let xpath = EventPathPattern(dialectText: "/Home/UIView/UIButton", profile: .growingio)
        #expect(xpath.matches("/Home/UIView/UIButton /4/5/6"))
        #expect(!xpath.matches("/Home/UIView/UIButton /4/5"))
        #expect(!xpath.matches("/Home/UIView/UILabel /4/5/6"))
    }
}
