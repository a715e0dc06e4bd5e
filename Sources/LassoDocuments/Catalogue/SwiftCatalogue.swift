/// Writes an `EventCatalogue` as Swift (docs/event-catalogue.md): an `Events` enum of the four kinds, an `Int32`
/// key enum per kind whose raw values are the events' numbers, a typed `Property` enum per kind, and the
/// `EventsProtocol` whose default `track` hands each event's key, number and properties to the app's `send`.
public enum SwiftCatalogue {
    /// The whole file.
    public static func text(_ catalogue: EventCatalogue) -> String {
        var out: [String] = []
        out.append(
            "// The named events of \(CatalogueText.comment(catalogue.appKey)), written by `lasso event catalogue --language swift`: do not edit, write it again."
        )
        out.append("// Each event's number is its own for good; the key is what the records carry.")
        out.append("")
        out.append("/// A property's value, as the app hands it to its analytics SDK.")
        out.append("public enum EventValue: Sendable, Equatable {")
        out.append("    case string(String)")
        out.append("    case number(Double)")
        out.append("    case boolean(Bool)")
        out.append("}")
        out.append("")
        out.append(
            "/// The named events of \(CatalogueText.comment(catalogue.appKey)), by kind: each one's key, its number and its properties."
        )
        out.append("public enum Events: Sendable, Equatable {")
        for kind in EventCatalogue.Kind.allCases {
            out.append("    /// \(kind.words.prefix(1).uppercased() + kind.words.dropFirst()).")
            out.append("    case \(kind.rawValue)(key: \(kind.keyType), properties: [\(kind.keyType).Property] = [])")
        }
        out.append("")
        out.append("    /// The key the records carry (\"\" for an `other` the catalogue does not name).")
        out.append("    public var key: String {")
        out.append("        switch self {")
        for kind in EventCatalogue.Kind.allCases {
            out.append("        case .\(kind.rawValue)(let key, _): key.key")
        }
        out.append("        }")
        out.append("    }")
        out.append("")
        out.append("    /// The event's number (0 for an `other` the catalogue does not name).")
        out.append("    public var number: Int32 {")
        out.append("        switch self {")
        for kind in EventCatalogue.Kind.allCases {
            out.append("        case .\(kind.rawValue)(let key, _): key.rawValue")
        }
        out.append("        }")
        out.append("    }")
        out.append("")
        out.append("    /// The properties by name (a name given twice keeps its last value).")
        out.append("    public var properties: [String: EventValue] {")
        out.append("        switch self {")
        for kind in EventCatalogue.Kind.allCases {
            out.append(
                "        case .\(kind.rawValue)(_, let properties): Dictionary(properties.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })"
            )
        }
        out.append("        }")
        out.append("    }")
        out.append("}")
        for kind in EventCatalogue.Kind.allCases {
            out.append("")
            out += keyEnum(catalogue, kind)
        }
        out.append("")
        out.append(
            "/// How the app sends the catalogue's events: it provides `send`, and `track` and `trackEvent` come with it."
        )
        out.append("public protocol EventsProtocol {")
        out.append("    /// Sends one event through the app's analytics SDK: its key, its number and its properties.")
        out.append("    static func send(key: String, number: Int32, properties: [String: EventValue])")
        out.append("}")
        out.append("")
        out.append("extension EventsProtocol {")
        out.append("    /// Sends `event` (from a type's own methods).")
        out.append("    public static func trackEvent(_ event: Events) {")
        out.append("        send(key: event.key, number: event.number, properties: event.properties)")
        out.append("    }")
        out.append("")
        out.append("    /// Sends `event`.")
        out.append("    public func track(_ event: Events) {")
        out.append("        Self.trackEvent(event)")
        out.append("    }")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The key enum of one kind, with its `key` strings and its `Property` enum.
    static func keyEnum(_ catalogue: EventCatalogue, _ kind: EventCatalogue.Kind) -> [String] {
        let events = catalogue.events(of: kind)
        let names = caseNames(events)
        var out: [String] = []
        out.append("extension Events {")
        out.append("    /// The \(plural(kind)) of the catalogue, each by its number.")
        out.append("    public enum \(kind.keyType): Int32, Sendable, CaseIterable {")
        out.append(
            "        /// \(kind.words.prefix(1).uppercased() + kind.words.dropFirst()) the catalogue does not name: no definition counts it."
        )
        out.append("        case other = 0")
        for (event, name) in zip(events, names) {
            out += CatalogueText.docLines(event.name + " (" + event.key + ")" + (event.note.map { ": " + $0 } ?? ""))
                .map { "        /// " + $0 }
            out.append("        case \(name) = \(event.number)")
        }
        out.append("")
        out.append("        /// The key the records carry.")
        out.append("        public var key: String {")
        out.append("            switch self {")
        out.append("            case .other: \"\"")
        for (event, name) in zip(events, names) {
            out.append("            case .\(name): \(CatalogueText.swiftString(event.key))")
        }
        out.append("            }")
        out.append("        }")
        out.append("")
        let properties = catalogue.properties(of: kind)
        let propertyNames = CatalogueIdentifier.unique(
            properties.map(\.key), make: CatalogueIdentifier.lowerCamel,
            reserved: CatalogueIdentifier.swiftKeywords.union(["name", "value"]),
            fallback: { "property_" + CatalogueIdentifier.stableSuffix(properties[$0].key) },
            suffix: { CatalogueIdentifier.stableSuffix(properties[$0].key) })
        out.append("        /// What \(plural(kind)) report, typed.")
        out.append("        public enum Property: Sendable, Equatable {")
        for (property, name) in zip(properties, propertyNames) {
            out += CatalogueText.docLines(
                "\(property.key): \(property.type.words), reported by \(property.events.joined(separator: ", "))"
            ).map { "            /// " + $0 }
            out.append("            case \(name)(\(swiftType(property.type)))")
        }
        out.append("")
        out.append("            /// The name the property is reported under.")
        out.append("            public var name: String {")
        out.append("                switch self {")
        for (property, name) in zip(properties, propertyNames) {
            out.append("                case .\(name): \(CatalogueText.swiftString(property.key))")
        }
        out.append("                }")
        out.append("            }")
        out.append("")
        out.append("            /// The value, as the SDK is handed it.")
        out.append("            public var value: EventValue {")
        out.append("                switch self {")
        for (property, name) in zip(properties, propertyNames) {
            out.append("                case .\(name)(let value): .\(property.type.rawValue)(value)")
        }
        out.append("                }")
        out.append("            }")
        out.append("        }")
        out.append("    }")
        out.append("}")
        return out
    }

    /// The case names of a kind's events: lowerCamel keys, never a keyword nor `other`, unique (a later event that
    /// collides gets `_` and its number).
    static func caseNames(_ events: [EventCatalogue.Event]) -> [String] {
        CatalogueIdentifier.unique(
            events.map(\.key), make: CatalogueIdentifier.lowerCamel,
            reserved: CatalogueIdentifier.swiftKeywords.union(["other", "key", "rawValue", "allCases", "hashValue"]),
            fallback: { "event\(events[$0].number)" }, suffix: { "\(events[$0].number)" })
    }

    static func swiftType(_ type: EventCatalogue.ValueType) -> String {
        switch type {
        case .string: "String"
        case .number: "Double"
        case .boolean: "Bool"
        }
    }

    static func plural(_ kind: EventCatalogue.Kind) -> String {
        switch kind {
        case .pageView: "page views"
        case .viewElement: "elements shown"
        case .clickPosition: "clicks"
        case .other: "other events"
        }
    }
}
