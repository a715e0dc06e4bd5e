import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

/// `docs/config.schema.json` against `ConfigCodec`: the schema names the fields a canonical config has, requires
/// those the codec refuses to go without, allows unknown fields as the codec keeps them, and its patterns accept
/// what lasso writes and refuse what the codec refuses.
@Suite("The config JSON Schema (docs/config.schema.json) agrees with the codec")
struct ConfigSchemaTests {
    static let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/config.schema.json")

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: schemaFile)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func properties() throws -> [String: Any] {
        try #require(try schema()["properties"] as? [String: Any])
    }

    /// The `pattern` of a property, or of the `$defs` entry it refers to; a lasso `viewPath`'s from `$defs`, where
    /// the schema applies it to configs without an SDK profile.
    static func pattern(_ property: String) throws -> NSRegularExpression {
        let schema = try schema()
        var node = try #require((try properties())[property] as? [String: Any])
        if property == "viewPath" { node = ["$ref": "#/$defs/lassoViewPath"] }
        if let reference = node["$ref"] as? String {
            let name = try #require(reference.split(separator: "/").last.map(String.init))
            let definitions = try #require(schema["$defs"] as? [String: Any])
            node = try #require(definitions[name] as? [String: Any])
        }
        return try NSRegularExpression(pattern: try #require(node["pattern"] as? String))
    }

    static func versionPattern() throws -> NSRegularExpression {
        let definitions = try #require(try schema()["$defs"] as? [String: Any])
        let version = try #require(definitions["version"] as? [String: Any])
        return try NSRegularExpression(pattern: try #require(version["pattern"] as? String))
    }

    static func accepts(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A config with every field set, written in `notation` with `hash`.
    static func fullConfig(notation: PathNotation = .lasso, hash: PathRules.Hash = .md5) throws -> KVCConfig {
        KVCConfig(
            appKey: "shop-ios",
            versions: VersionRanges([
                VersionInterval(from: AppVersion("5.3.0-beta.2"), until: AppVersion("5.6")),
                VersionInterval(from: AppVersion("6.0.0")),
            ]),
            viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse(
                "ProductListViewController@sale[2]/UIView[0]/UICollectionView[0]/ListCell<Item>[0:*]/_UIButtonBarButton[*]"
            ),
            notation: notation, hash: hash,
            conditions: [Condition(key: "title", value: "加入购物车"), Condition(key: "action", value: "addToCart:")],
            keyPath: "superview.model.@max.price", keyName: "最高价", note: "a note")
    }

    static func object(_ config: KVCConfig) throws -> JSONObject {
        try #require(ConfigCodec.json(config).objectValue)
    }

    @Test("the schema's properties are the fields a canonical config can have")
    func propertiesAreTheCanonicalFields() throws {
        // A config in an SDK's dialect adds its profile.
        var sensors = try Self.fullConfig().rewritten(
            in: .sensors, pattern: try SensorsDialect.read("UIView/UITableView[0]/ListCell[0][-]"), hash: .md5)
        sensors.sensors = SensorsFields(
            screenName: "ShopApp.HomeViewController", elementPosition: "0:2",
            property: SensorsFields.Property(
                elementPath: "UIView/UITableView[0]/ListCell[0][-]/UILabel[0]",
                screenName: "ShopApp.HomeViewController",
                elementPosition: "0:2", type: "STRING", regular: ".+"))
        var mixpanel = try Self.fullConfig().rewritten(
            in: .mixpanel, pattern: try MixpanelDialect.read("/ShopApp.HomeViewController/UIView/UIButton[0]"),
            hash: .md5)
        mixpanel.mixpanel = MixpanelFields(binding: .control(controlEvent: 64, verifyEvent: 1))
        let written = Set(try Self.object(try Self.fullConfig()).members.map(\.key))
            .union(try Self.object(sensors).members.map(\.key)).union(try Self.object(mixpanel).members.map(\.key))
        #expect(Set(try Self.properties().keys) == written)
        #expect(try ConfigCodec.decode(.object(try Self.object(sensors)), file: "c.json") == sensors)
        #expect(try ConfigCodec.decode(.object(try Self.object(mixpanel)), file: "c.json") == mixpanel)
        // A config with nothing optional set writes a subset of them.
        let minimal = KVCConfig(
            appKey: "shop-ios", viewEvent: "PageView",
            viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]"),
            keyPath: "title", keyName: "title")
        #expect(Set(try Self.object(minimal).members.map(\.key)).isSubset(of: written))
    }

    @Test("the schema requires exactly the fields the codec refuses to go without")
    func requiredIsWhatTheCodecNeeds() throws {
        let full = try Self.object(try Self.fullConfig())
        var needed: Set<String> = []
        for member in full.members {
            var without = full
            without[member.key] = nil
            do {
                _ = try ConfigCodec.decode(.object(without), file: "c.json")
            } catch {
                needed.insert(member.key)
            }
            // null counts as missing.
            var null = full
            null[member.key] = .null
            let nullRefused = (try? ConfigCodec.decode(.object(null), file: "c.json")) == nil
            #expect(nullRefused == needed.contains(member.key), "\(member.key): null and missing differ")
        }
        let required = try #require(try Self.schema()["required"] as? [String])
        #expect(Set(required) == needed)
    }

    @Test("unknown fields are allowed, as the codec keeps and writes them back")
    func unknownFieldsAllowed() throws {
        #expect(try Self.schema()["additionalProperties"] as? Bool == true)
        var object = try Self.object(try Self.fullConfig())
        object["owner"] = .string("feed-team")
        let config = try ConfigCodec.decode(.object(object), file: "c.json")
        #expect(ConfigCodec.fileText(config).contains("\"owner\": \"feed-team\""))
    }

    @Test("the patterns accept every config lasso writes, in every notation and hash")
    func patternsAcceptWhatLassoWrites() throws {
        for notation in PathNotation.allCases {
            for hash in PathRules.Hash.allCases {
                let config = try Self.fullConfig(notation: notation, hash: hash)
                let object = try Self.object(config)
                for key in ["id", "appKey", "viewPath", "viewId", "keyName"] {
                    let text = try #require(object[key]?.stringValue)
                    #expect(Self.accepts(try Self.pattern(key), text), "\(key) \(text)")
                }
                let versions = try Self.versionPattern()
                for interval in config.versions.intervals {
                    for end in [interval.from, interval.until].compactMap({ $0 }) {
                        #expect(Self.accepts(versions, end.text), "version \(end.text)")
                    }
                }
                // And the codec reads back what it wrote.
                #expect(try ConfigCodec.decode(.object(object), file: "c.json") == config)
            }
        }
    }

    @Test(
        "the patterns refuse what the codec refuses",
        arguments: [
            ("id", "short"), ("id", "3c1f0a9e_5b7d"), ("appKey", "../evil"), ("appKey", ".hidden"), ("appKey", "a/b"),
            ("keyName", "a\\b"), ("keyName", "tab\there"), ("viewId", "0000"), ("viewId", "not hex at all"),
            ("viewPath", "HomeViewController"), ("viewPath", "Home[x]/UIView[0]"),
        ])
    func patternsRefuseWhatTheCodecRefuses(key: String, value: String) throws {
        #expect(!Self.accepts(try Self.pattern(key), value))
        var object = try Self.object(try Self.fullConfig())
        object[key] = .string(value)
        #expect((try? ConfigCodec.decode(.object(object), file: "c.json")) == nil)
    }

    @Test(
        "the version pattern agrees with AppVersion",
        arguments: ["5.3.0", "5.10", "5.3.0-beta.2", "5.3.0+5301", "five", "5..3", "5.3-", "1.2.3.4.5.6.7.8.9"])
    func versionPattern(text: String) throws {
        #expect(Self.accepts(try Self.versionPattern(), text) == (AppVersion(text) != nil))
    }
}
