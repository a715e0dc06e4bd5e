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

    /// `$element_path` of the clicked element as the SDK sends it (the similar path, its row as `[-]`); nil in a
    /// config written before lasso kept it.
    public var elementPath: String?
    /// `$screen_name` of the clicked element.
    public var screenName: String?
    /// `$element_position` of the clicked element, when it is in a list.
    public var elementPosition: String?
    /// The element the value is read from; nil when the key path reads no element's text (a model's field), which
    /// the SDK cannot be sent.
    public var property: Property?

    public init(screenName: String?, elementPosition: String?, property: Property?, elementPath: String? = nil) {
        self.elementPath = elementPath
        self.screenName = screenName
        self.elementPosition = elementPosition
        self.property = property
    }

    /// What a key path reads as a Sensors SDK reads a property: the element's content the SDK computes, or why it
    /// reads none of it.
    public enum Reading: Sendable, Equatable {
        /// The SDK reads `text` off the element `source`, the same as the key path reads on the snapshot.
        case content(source: Int, text: String)
        /// The SDK cannot be sent this value; the words say why.
        case unreadable(String)
    }

    /// How the SDK would read the value `keyPath` reads on `node`: only an element's content, computed as its code
    /// computes it (`SensorsElementContent`), and only where that is the value the key path gives on the snapshot.
    public static func reading(_ keyPath: String, on node: Int, evaluator: KeyPathEvaluator) -> Reading {
        guard let source = evaluator.sourceView(of: keyPath, on: node) else {
            return .unreadable(
                "\(keyPath) reads no element's text (a model's field): Sensors SDKs read only an element's content")
        }
        let snapshot = evaluator.snapshot
        let name = ClassName.pathName(snapshot.className(of: source))
        guard let content = SensorsElementContent(snapshot).content(of: source) else {
            let image =
                snapshot.classChain(of: source).contains("UIImageView")
                ? " (an image view's name only where the app sets sensorsAnalyticsImageName)" : ""
            return .unreadable(
                "\(keyPath) reads no element's text as Sensors SDKs read it: they read nothing off that \(name)"
                    + image)
        }
        let value: String? =
            switch evaluator.evaluate(keyPath, on: node).value {
            case .string(let text)?: text
            case .number(let text)?: text
            default: nil
            }
        guard value == content else {
            return .unreadable(
                "\(keyPath) reads no element's text as Sensors SDKs read it: they read “\(content)” off that \(name)"
                    + (value.map { ", not “\($0)”" } ?? ""))
        }
        return .content(source: source, text: content)
    }

    /// The profiles whose SDK downloads this document.
    public static func applies(to profile: SDKProfile) -> Bool { profile == .sensors || profile == .sensorsAndroid }

    /// The fields for a config whose clicked view is `node`, read with `dialect`: the paths the SDK sends for the
    /// clicked element and for the element the value is read from (similar paths, the rows in their
    /// `element_position`; the SDK reads a value in the clicked list from the clicked row).
    public static func make(
        keyPath: String, node: Int, dialect: any PathDialect, evaluator: KeyPathEvaluator
    ) -> SensorsFields {
        let location = dialect.sentLocation(of: node)
        var fields = SensorsFields(
            screenName: location?[field: "$screen_name"], elementPosition: location?[field: "$element_position"],
            property: nil, elementPath: location?.path)
        guard case .content(let source, _) = reading(keyPath, on: node, evaluator: evaluator) else { return fields }
        guard let place = dialect.sentLocation(of: source) else { return fields }
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
                "its key path \(config.keyPath) reads no element's text as Sensors SDKs read it (a model's field, a view's other field, or a text the SDK computes otherwise): they read only an element's content"
        }
        return nil
    }

    /// The fields as a config file writes them (`"sensors"`).
    public var json: JSONValue {
        var object = JSONObject()
        if let elementPath { object["elementPath"] = .string(elementPath) }
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
            elementPosition: try text(object, "elementPosition", at: "sensors"), property: nil,
            elementPath: try text(object, "elementPath", at: "sensors"))
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
                throw fault(
                    "sensors.property.regular", "a regular expression that compiles",
                    DisplayText.quoted(regular, limit: 80))
            }
            fields.property = Property(
                elementPath: path, screenName: try text(inner, "screenName", at: "sensors.property"),
                elementPosition: try text(inner, "elementPosition", at: "sensors.property"), type: type,
                regular: regular)
        }
        return fields
    }
}
