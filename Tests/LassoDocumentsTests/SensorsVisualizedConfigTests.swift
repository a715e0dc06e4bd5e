import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

/// The Sensors visualized-properties document made from configs: which configs it carries and how, what it names as
/// not sent, and a version that changes exactly when what it says does.
@Suite("The Sensors visualized-properties config, made from lasso's configs")
struct SensorsVisualizedConfigTests {
    static let button = "UIView/UITableView[0]/ProductCell[0][-]/UIButton[0]"

    static func config(
        _ keyName: String, event: String = "ButtonClick", conditions: [Condition] = [], property: Bool = true,
        versions: VersionRanges = VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]),
        profile: SDKProfile = .sensors
    ) throws -> KVCConfig {
        var config = KVCConfig(
            appKey: "shop-ios", versions: versions, viewEvent: event,
            pattern: try profile.read(
                profile == .sensors ? button : "FrameLayout[0]/RecyclerView[0]/LinearLayout[-]/Button[0]"),
            profile: profile, conditions: conditions, keyPath: "superview.views[UILabel:0].text", keyName: keyName)
        config.sensors = SensorsFields(
            screenName: "HomeViewController", elementPosition: "0:1",
            property: property
                ? SensorsFields.Property(
                    elementPath: "UIView/UITableView[0]/ProductCell[0][-]/UILabel[0]", screenName: "HomeViewController",
                    elementPosition: "0:1", type: "STRING", regular: ".+") : nil)
        return config
    }

    static func events(_ made: SensorsVisualizedConfig) -> [JSONValue] { made.document["events"]?.arrayValue ?? [] }

    @Test("configs at one place are one event with a property each; a title condition limits the content")
    func grouping() throws {
        let configs = [
            try Self.config("name"), try Self.config("name2"),
            try Self.config("buy", conditions: [Condition(key: "title", value: "加入购物车")]),
        ]
        let made = SensorsVisualizedConfig.make(
            configs: configs, platform: .iOS, appId: "com.shop", project: "default", version: nil)
        #expect(made.events == 2)
        #expect(made.unsent.isEmpty)
        let limited = Self.events(made).first { $0["event"]?["limit_element_content"] == .bool(true) }
        #expect(limited?["event"]?["element_content"] == .string("加入购物车"))
        #expect(limited?["properties"]?.arrayValue?.count == 1)
        let open = Self.events(made).first { $0["event"]?["limit_element_content"] == .bool(false) }
        #expect(open?["properties"]?.arrayValue?.map { $0["name"] } == [.string("name"), .string("name2")])
        #expect(open?["event"]?["element_position"] == nil, "an any-row path is not limited to the row it was made on")
        #expect(open?["event_type"] == .string("appclick"))
    }

    @Test("named as not sent: a model field, another event, another condition, lasso's paths; Android's left out")
    func unsent() throws {
        let lasso = KVCConfig(
            appKey: "shop-ios", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"), keyPath: "currentTitle",
            keyName: "title")
        let configs = [
            try Self.config("model", property: false), try Self.config("seen", event: "Exposure"),
            try Self.config("on", conditions: [Condition(key: "state.isOn", value: "true")]), lasso,
            try Self.config("android", profile: .sensorsAndroid),
        ]
        let made = SensorsVisualizedConfig.make(
            configs: configs, platform: .iOS, appId: "com.shop", project: "default", version: nil)
        #expect(made.events == 0)
        let reasons = Dictionary(uniqueKeysWithValues: made.unsent.map { ($0.config.keyName, $0.reason) })
        #expect(reasons.keys.sorted() == ["model", "on", "seen", "title"])
        #expect(reasons["model"]?.contains("reads no element's text") == true)
        #expect(reasons["seen"]?.contains("$AppClick only") == true)
        #expect(reasons["on"]?.contains("state.isOn=true") == true)
        #expect(reasons["title"]?.contains("lasso's dialect") == true)
        let android = SensorsVisualizedConfig.make(
            configs: configs, platform: .android, appId: "com.shop", project: "default", version: nil)
        #expect(android.events == 1)
        #expect(android.document["os"] == .string("Android"))
    }

    @Test("the version: the same for the same content, another for a change; ended configs left out")
    func versions() throws {
        let one = try Self.config("name")
        let ended = try Self.config(
            "old", versions: VersionRanges([VersionInterval(from: AppVersion("4.0"), until: AppVersion("5.0"))]))
        let first = SensorsVisualizedConfig.make(
            configs: [one, ended], platform: .iOS, appId: "a", project: "p", version: nil)
        let again = SensorsVisualizedConfig.make(configs: [one], platform: .iOS, appId: "a", project: "q", version: nil)
        #expect(first.version == again.version)
        #expect(first.events == 1)
        var renamed = one
        renamed.keyName = "title"
        let changed = SensorsVisualizedConfig.make(
            configs: [renamed], platform: .iOS, appId: "a", project: "p", version: nil)
        #expect(changed.version != first.version)
        // In a given app version, the configs that hold there.
        let old = SensorsVisualizedConfig.make(
            configs: [one, ended], platform: .iOS, appId: "a", project: "p", version: AppVersion("4.5"))
        #expect(Self.events(old).first?["properties"]?.arrayValue?.map { $0["name"] } == [.string("old")])
    }

    @Test("a config's sensors field reads back; one on a lasso config, or a bad type, is refused with its place")
    func codec() throws {
        let config = try Self.config("name")
        let text = ConfigCodec.fileText(config)
        #expect(
            try ConfigCodec.decode(try JSONParser.parse(Array(text.utf8), file: "c.json"), file: "c.json") == config)
        let badType = text.replacingOccurrences(of: #""type": "STRING""#, with: #""type": "TEXT""#)
        let parsed = try JSONParser.parse(Array(badType.utf8), file: "c.json")
        let message: String
        do {
            _ = try ConfigCodec.decode(parsed, file: "c.json")
            message = "read"
        } catch {
            message = error.description
        }
        #expect(message.contains("sensors.property.type"), "\(message)")
        #expect(message.contains("STRING or NUMBER"))
    }
}

/// A config for one row, exported and then matched as sa-sdk-ios v4.9.1 matches a click: the rules below are
/// written from `SAVisualPropertiesConfig.m` (`isEqualToViewIdentify:`, L60-64 and L101-115: `element_path` and
/// `screen_name` equal as text; `element_position` only when `limit_element_position`; `element_content` only when
/// `limit_element_content`), not from lasso's dialect.
@Suite("Sensors configs for one row and any row, matched by the SDK's rules")
struct SensorsRowConfigTests {
    /// A click as the SDK describes it (`SAVisualizedManager.m` L302-323: the similar path and the position).
    struct Click: Hashable {
        var path: String
        var screen: String
        var position: String?
        var content: String
    }

    /// `SAVisualPropertiesConfig.m` L101-115, re-written: does `event` (a document's `event` object) match `click`?
    static func sdkMatches(_ event: JSONValue, _ click: Click) -> Bool {
        guard event["element_path"]?.stringValue == click.path, event["screen_name"]?.stringValue == click.screen
        else { return false }
        if event["limit_element_position"] == .bool(true), event["element_position"]?.stringValue != click.position {
            return false
        }
        if event["limit_element_content"] == .bool(true), event["element_content"]?.stringValue != click.content {
            return false
        }
        return true
    }

    static func config(_ path: String, position: String) throws -> KVCConfig {
        var config = KVCConfig(
            appKey: "shop-ios", viewEvent: "ButtonClick", pattern: try SDKProfile.sensors.read(path), profile: .sensors,
            keyPath: "superview.views[UILabel:0].text", keyName: "name")
        config.sensors = SensorsFields(
            screenName: "HomeViewController", elementPosition: position,
            property: SensorsFields.Property(
                elementPath: "UIView/UITableView[0]/ProductCell[0][-]/UILabel[0]", screenName: "HomeViewController",
                elementPosition: position, type: "STRING", regular: ".+"),
            elementPath: "UIView/UITableView[0]/ProductCell[0][-]/UIButton[0]")
        return config
    }

    @Test("one row: the similar path with its position limited; any row: every row; both matched as lasso selects")
    func matched() throws {
        let clicks = (0..<6).map {
            Click(
                path: "UIView/UITableView[0]/ProductCell[0][-]/UIButton[0]", screen: "HomeViewController",
                position: "0:\($0)", content: "加入购物车")
        }
        let one = try Self.config("UIView/UITableView[0]/ProductCell[0][2]/UIButton[0]", position: "0:2")
        let any = try Self.config("UIView/UITableView[0]/ProductCell[0][-]/UIButton[0]", position: "0:2")
        for (config, expected) in [(one, [clicks[2]]), (any, clicks)] {
            let made = SensorsVisualizedConfig.make(
                configs: [config], platform: .iOS, appId: "com.shop", project: "default", version: nil)
            #expect(made.unsent.isEmpty)
            let event = try #require(made.document["events"]?.arrayValue?.first?["event"])
            #expect(clicks.filter { Self.sdkMatches(event, $0) } == expected, "\(event)")
        }
        let event = SensorsVisualizedConfig.make(
            configs: [one], platform: .iOS, appId: "com.shop", project: "default", version: nil
        ).document["events"]?.arrayValue?.first?["event"]
        #expect(event?["element_path"] == .string("UIView/UITableView[0]/ProductCell[0][-]/UIButton[0]"))
        #expect(event?["element_position"] == .string("0:2"))
        #expect(event?["limit_element_position"] == .bool(true))
    }
}
