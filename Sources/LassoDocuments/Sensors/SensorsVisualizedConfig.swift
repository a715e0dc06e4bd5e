import LassoSnapshot

/// The visualized-properties config a Sensors Analytics SDK downloads (`GET /config/visualized/iOS.conf`), made from
/// lasso's configs in a Sensors profile (docs/sdk-sensors.md, "Configs the SDK downloads"): one `appclick` event for
/// each place configs report at, with one property for each config's value, read from another element's text.
public struct SensorsVisualizedConfig: Sendable {
    /// The SDK's platform: which profile's configs are sent, and the document's `os`.
    public enum Platform: String, Sendable, CaseIterable {
        case iOS
        case android = "Android"

        public var profile: SDKProfile { self == .iOS ? .sensors : .sensorsAndroid }
    }

    /// A config the document cannot carry, and why.
    public struct Unsent: Sendable {
        public var config: KVCConfig
        public var reason: String
    }

    /// The document the SDK reads; it holds no event when `events` is 0 (the server answers 205 then).
    public var document: JSONValue
    /// The document's `version`: a digest of what it says, so that it changes exactly when an SDK must reload it.
    public var version: String
    public var events: Int
    public var unsent: [Unsent]

    /// lasso's events that are a click, the only event a Sensors visualized event is (`$AppClick`).
    public static let clickEvents: Set<String> = [
        "ButtonClick", "ListItemClick", "ViewTap", "ValueChanged", "AlertAction",
    ]

    /// The document for `configs` (every config of the app; those of the other Sensors platform are left out, every
    /// other one that cannot be carried is named in `unsent`). `version` picks the configs that hold
    /// in that app version; without it, the configs still open (no end), since the SDK does not say its version.
    public static func make(
        configs: [KVCConfig], platform: Platform, appId: String, project: String, version: AppVersion?
    ) -> SensorsVisualizedConfig {
        var unsent: [Unsent] = []
        // Configs of this platform that hold now, grouped by the element clicked: path, page and content limit.
        struct Place: Hashable {
            var path: String
            var screenName: String?
            var position: String?
            /// One row: the click must have `position` (`limit_element_position`).
            var oneRow: Bool
            var content: String?
        }
        var places: [Place: [(KVCConfig, SensorsFields.Property)]] = [:]
        // The other Sensors platform's configs belong to its own document; any other is named, never dropped silently.
        let otherPlatform: SDKProfile = platform == .iOS ? .sensorsAndroid : .sensors
        for config in configs where config.profile != otherPlatform {
            guard config.isSent(in: version) else { continue }
            if let reason = SensorsFields.unsent(config) {
                unsent.append(Unsent(config: config, reason: reason))
                continue
            }
            guard clickEvents.contains(config.viewEvent) else {
                unsent.append(
                    Unsent(
                        config: config,
                        reason:
                            "its event \(config.viewEvent) is no click: Sensors visualized events are $AppClick only"))
                continue
            }
            var content: String?
            var other: [Condition] = []
            for condition in config.conditions {
                if ["title", "text", "currentTitle"].contains(condition.key) && content == nil {
                    content = condition.value
                } else {
                    other.append(condition)
                }
            }
            guard other.isEmpty else {
                let words = other.map(\.description).joined(separator: ", ")
                unsent.append(
                    Unsent(
                        config: config,
                        reason:
                            "its conditions (\(words)) cannot be said to Sensors SDKs, which match a click by path, page, position and text only"
                    ))
                continue
            }
            let fields = config.sensors!
            guard let sent = sentPath(of: config, fields: fields) else {
                unsent.append(
                    Unsent(
                        config: config,
                        reason:
                            "it was written before lasso kept the path the SDK sends for a row: save it again (lasso config edit \(config.shortID) --profile \(config.profile.rawValue) --path …)"
                    ))
                continue
            }
            let place = Place(
                path: sent.elementPath, screenName: fields.screenName, position: sent.position,
                oneRow: sent.position != nil, content: content)
            places[place, default: []].append((config, fields.property!))
        }
        var events: [JSONValue] = []
        for place in places.keys.sorted(by: {
            ($0.path, $0.screenName ?? "", $0.oneRow ? $0.position ?? "" : "", $0.content ?? "")
                < ($1.path, $1.screenName ?? "", $1.oneRow ? $1.position ?? "" : "", $1.content ?? "")
        }) {
            var event = JSONObject()
            event["element_path"] = .string(place.path)
            if let screenName = place.screenName { event["screen_name"] = .string(screenName) }
            if let position = place.position { event["element_position"] = .string(position) }
            if let content = place.content { event["element_content"] = .string(content) }
            event["limit_element_position"] = .bool(place.oneRow)
            event["limit_element_content"] = .bool(place.content != nil)
            event["h5"] = .bool(false)
            let properties = places[place]!.sorted { $0.0.keyName < $1.0.keyName }.map { config, property in
                var object = JSONObject()
                object["name"] = .string(config.keyName)
                object["type"] = .string(property.type)
                object["regular"] = .string(property.regular)
                object["element_path"] = .string(property.elementPath)
                if let screenName = property.screenName { object["screen_name"] = .string(screenName) }
                if let position = property.elementPosition { object["element_position"] = .string(position) }
                object["h5"] = .bool(false)
                return JSONValue.object(object)
            }
            let identity =
                [place.path, place.screenName ?? "", place.content ?? ""].joined(separator: "\n")
                + (place.oneRow ? "\n" + (place.position ?? "") : "")
            var item = JSONObject()
            item["event_type"] = .string("appclick")
            item["event_name"] = .string("lasso_" + ViewId.make(lassoText: identity, hash: .md5).prefix(12))
            item["event"] = .object(event)
            item["properties"] = .array(properties)
            events.append(.object(item))
        }
        let said = JSONWriter.compact(.array(events))
        let digest = String(ViewId.make(lassoText: platform.rawValue + "\n" + said, hash: .md5).prefix(16))
        var document = JSONObject()
        document["version"] = .string(digest)
        document["project"] = .string(project)
        document["app_id"] = .string(appId)
        document["os"] = .string(platform.rawValue)
        document["events"] = .array(events)
        return SensorsVisualizedConfig(
            document: .object(document), version: digest, events: events.count, unsent: unsent)
    }

    /// The clicked element's `element_path` as the SDK sends it, and the row a config for one row pins
    /// (`element_position` with `limit_element_position`); nil for an Android config for one row written before
    /// lasso kept the sent path (its row cannot be told from its text).
    static func sentPath(of config: KVCConfig, fields: SensorsFields) -> SensorsSentPath? {
        let text = config.viewPathText
        switch config.profile {
        case .sensors:
            let sent = SensorsSentPath(iOS: text)
            return SensorsSentPath(elementPath: fields.elementPath ?? sent.elementPath, position: sent.position)
        default:
            if text.contains("[-]") || fields.elementPosition == nil { return SensorsSentPath(android: text) }
            guard let elementPath = fields.elementPath else { return nil }
            return SensorsSentPath(
                elementPath: elementPath, position: elementPath == text ? nil : fields.elementPosition)
        }
    }
}
