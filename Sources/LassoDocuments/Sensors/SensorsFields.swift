import LassoSnapshot

/// What a Sensors Analytics SDK needs beyond a config's `$element_path` to apply it from its visualized-properties
/// config (docs/sdk-sensors.md, "Configs the SDK downloads"): the page, and the element whose text the value is,
/// worked out on the screen when the config is written, since the server that serves them has no screen.
public struct SensorsFields: Sendable, Equatable {
    /// The element whose text the SDK reads for the value: its path, page and position, and how the text is read.
    public struct Property: Sendable, Equatable {
        public var elementPath: String
        public var screenName: String?
        public var elementPosition: String?
        /// `NUMBER` when the value was a number on the screen, else `STRING`.
        public var type: String
        /// The regular expression whose first match in the element's text is the value.
        public var regular: String

        public init(
            elementPath: String, screenName: String?, elementPosition: String?, type: String, regular: String
        ) {
            self.elementPath = elementPath
            self.screenName = screenName
            self.elementPosition = elementPosition
            self.type = type
            self.regular = regular
        }
    }

    /// `$screen_name` of the clicked element.
    public var screenName: String?
    /// `$element_position` of the clicked element, when it is in a list.
    public var elementPosition: String?
    /// The element the value is read from; nil when the key path reads no element's text (a model's field), which
    /// the SDK cannot be sent.
    public var property: Property?

    public init(screenName: String?, elementPosition: String?, property: Property?) {
        self.screenName = screenName
        self.elementPosition = elementPosition
        self.property = property
    }

    /// The keys whose value is an element's own text, as the SDK's `element_content` reads it.
    static let contentKeys: Set<String> = ["text", "title", "currentTitle", "accessibilityLabel", "contentDescription"]

    /// True when `keyPath` ends in a key that is an element's own text, the only kind of value the SDK is sent.
    public static func readsText(_ keyPath: String) -> Bool {
        contentKeys.contains(keyPath.split(separator: ".").last.map(String.init) ?? keyPath)
    }

    /// The profiles whose SDK downloads this document.
    public static func applies(to profile: SDKProfile) -> Bool { profile == .sensors || profile == .sensorsAndroid }

    /// The fields for a config whose clicked view is `node`, read with `dialect`; `anyRow` when the config's path
    /// leaves the row open, so that a value in the same row is read from the clicked row (`[-]`, as the SDK aligns it).
    public static func make(
        keyPath: String, node: Int, anyRow: Bool, dialect: any PathDialect, evaluator: KeyPathEvaluator
    ) -> SensorsFields {
        let location = dialect.location(of: node)
        var fields = SensorsFields(
            screenName: location?[field: "$screen_name"], elementPosition: location?[field: "$element_position"],
            property: nil)
        let lastKey = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        guard contentKeys.contains(lastKey), let source = evaluator.sourceView(of: keyPath, on: node) else {
            return fields
        }
        let open = anyRow ? dialect.anyRowLocation(of: source) : nil
        guard let place = open ?? dialect.location(of: source) else { return fields }
        let value = evaluator.evaluate(keyPath, on: node).value
        let isNumber = if case .number? = value { true } else { false }
        fields.property = Property(
            elementPath: place.path, screenName: place[field: "$screen_name"],
            elementPosition: place[field: "$element_position"], type: isNumber ? "NUMBER" : "STRING",
            regular: ".+")
        return fields
    }

    /// Why a config cannot be sent to Sensors SDKs, in words; nil when it can.
    public static func unsent(_ config: KVCConfig) -> String? {
        guard applies(to: config.profile) else {
            return
                "its path is written in \(config.profile.rawValue)'s dialect, not as a Sensors $element_path: write it with --profile sensors (or sensors-android)"
        }
        guard let fields = config.sensors else {
            return
                "it was written before lasso kept the Sensors page and element: save it again (lasso config edit \(config.shortID) --profile \(config.profile.rawValue) --path …)"
        }
        guard fields.property != nil else {
            return
                "its key path \(config.keyPath) reads no element's text (a model's field, or a view's other field): Sensors SDKs read only other elements' text"
        }
        return nil
    }

    /// The fields as a config file writes them (`"sensors"`).
    public var json: JSONValue {
        var object = JSONObject()
        if let screenName { object["screenName"] = .string(screenName) }
        if let elementPosition { object["elementPosition"] = .string(elementPosition) }
        if let property {
            var inner = JSONObject()
            inner["elementPath"] = .string(property.elementPath)
            if let screenName = property.screenName { inner["screenName"] = .string(screenName) }
            if let position = property.elementPosition { inner["elementPosition"] = .string(position) }
            inner["type"] = .string(property.type)
            inner["regular"] = .string(property.regular)
            object["property"] = .object(inner)
        }
        return .object(object)
    }

    /// Reads the `"sensors"` field of a config; `fault` places an error at a key below it.
    static func decode(_ value: JSONValue, fault: (String, String, String) -> InputError) throws(InputError)
        -> SensorsFields
    {
        guard case .object(let object) = value else { throw fault("sensors", "an object", value.kindDescription) }
        func text(_ object: JSONObject, _ key: String, at place: String) throws(InputError) -> String? {
            guard let field = object[key], field != .null else { return nil }
            guard case .string(let text) = field, !text.isEmpty else {
                throw fault(place + "." + key, "a non-empty string", field.kindDescription)
            }
            return text
        }
        var fields = SensorsFields(
            screenName: try text(object, "screenName", at: "sensors"),
            elementPosition: try text(object, "elementPosition", at: "sensors"), property: nil)
        if let field = object["property"], field != .null {
            guard case .object(let inner) = field else {
                throw fault("sensors.property", "an object", field.kindDescription)
            }
            guard let path = try text(inner, "elementPath", at: "sensors.property") else {
                throw fault("sensors.property.elementPath", "the element's $element_path", "none")
            }
            let type = try text(inner, "type", at: "sensors.property") ?? "STRING"
            guard type == "STRING" || type == "NUMBER" else {
                throw fault("sensors.property.type", "STRING or NUMBER", "\"\(type)\"")
            }
            let regular = try text(inner, "regular", at: "sensors.property") ?? ".+"
            guard (try? RegexProgram(pattern: regular)) != nil else {
                throw fault("sensors.property.regular", "a regular expression that compiles", "\"\(regular)\"")
            }
            fields.property = Property(
                elementPath: path, screenName: try text(inner, "screenName", at: "sensors.property"),
                elementPosition: try text(inner, "elementPosition", at: "sensors.property"), type: type,
                regular: regular)
        }
        return fields
    }
}
