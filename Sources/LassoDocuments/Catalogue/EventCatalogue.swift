import LassoSnapshot

/// An app's named events as a typed catalogue for code (docs/event-catalogue.md): each numbered definition as an
/// event of a kind (page views, elements shown, clicks, the others), with the properties its records carry and
/// their types; what `SwiftCatalogue` and `JavaCatalogue` write.
public struct EventCatalogue: Sendable, Equatable {
    /// The kinds events are grouped by, as the catalogue's `Events` cases name them.
    public enum Kind: String, Sendable, CaseIterable {
        case pageView
        case viewElement
        case clickPosition
        case other

        /// The kind of a definition's event.
        public init(viewEvent: String) {
            switch viewEvent {
            case EventType.pageView.rawValue: self = .pageView
            case EventType.exposure.rawValue: self = .viewElement
            case "ButtonClick", "ListItemClick", "ViewTap", "LongPress", "AlertAction", "ValueChanged":
                self = .clickPosition
            default: self = .other
            }
        }

        /// The type that names the kind's events: `PageKey`, `ViewElementKey`, `ClickPositionKey`, `OtherKey`.
        public var keyType: String {
            switch self {
            case .pageView: "PageKey"
            case .viewElement: "ViewElementKey"
            case .clickPosition: "ClickPositionKey"
            case .other: "OtherKey"
            }
        }

        /// What an event of the kind is, in words for a doc comment.
        public var words: String {
            switch self {
            case .pageView: "a page view"
            case .viewElement: "an element shown (an exposure)"
            case .clickPosition: "a click, tap or other touch on an element"
            case .other: "any other event"
            }
        }
    }

    /// The type of a property's values, from what its configs read on the screens.
    public enum ValueType: String, Sendable, CaseIterable {
        case string
        case number
        case boolean

        /// What a value in a snapshot is, as an SDK would report it: nil for nothing, an object or a list.
        public init?(_ value: JSONValue) {
            switch value {
            case .string: self = .string
            case .number: self = .number
            case .bool: self = .boolean
            default: return nil
            }
        }

        /// The words a doc comment says it in.
        var words: String {
            switch self {
            case .string: "a text"
            case .number: "a number"
            case .boolean: "true or false"
            }
        }
    }

    /// A reported key and its type.
    public struct Property: Sendable, Equatable {
        public var key: String
        public var type: ValueType
        /// The keys of the events that report it, by number.
        public var events: [String]
    }

    /// One named event.
    public struct Event: Sendable, Equatable {
        public var key: String
        public var number: Int
        public var name: String
        public var note: String?
        public var viewEvent: String
        public var kind: Kind
        public var properties: [Property]
    }

    public var appKey: String
    /// Every event, by kind (in `Kind`'s order), then by number.
    public var events: [Event]

    /// The catalogue of `definitions` (all numbered, of one app): each definition's properties are its content keys
    /// and the key names of the configs that feed it, typed by `types` (a config's id: the type of what it read on
    /// the screens; a key no config with a known type reports is a text).
    public init(
        appKey: String, definitions: [EventDefinition], configs: [KVCConfig], types: [String: ValueType] = [:]
    ) {
        self.appKey = appKey
        var events: [Event] = []
        // One event continued across releases is several definitions with one number and key: one event here.
        var seen: [Int: Int] = [:]
        let places = ConfigPlaces(configs)
        for definition in definitions {
            let feeding = EventFeeds(definition, configs: configs, places: places).feeding
            var keys = Set(feeding.map(\.keyName))
            keys.formUnion(definition.content.map(\.key))
            let properties = keys.sorted().map { key in
                let known = Set(feeding.filter { $0.keyName == key }.compactMap { types[$0.id] })
                return Property(key: key, type: known.count == 1 ? known.first! : .string, events: [definition.key])
            }
            if let earlier = seen[definition.number ?? 0] {
                let known = Set(events[earlier].properties.map(\.key))
                events[earlier].properties += properties.filter { !known.contains($0.key) }
                events[earlier].properties.sort { $0.key < $1.key }
                continue
            }
            seen[definition.number ?? 0] = events.count
            events.append(
                Event(
                    key: definition.key, number: definition.number ?? 0, name: definition.name, note: definition.note,
                    viewEvent: definition.viewEvent, kind: Kind(viewEvent: definition.viewEvent),
                    properties: properties))
        }
        let order = Dictionary(uniqueKeysWithValues: Kind.allCases.enumerated().map { ($1, $0) })
        self.events = events.sorted { (order[$0.kind]!, $0.number) < (order[$1.kind]!, $1.number) }
    }

    /// The events of one kind, by number.
    public func events(of kind: Kind) -> [Event] { events.filter { $0.kind == kind } }

    /// The properties the events of `kind` report, by key: one per key, a text when the events disagree on its type.
    public func properties(of kind: Kind) -> [Property] {
        var merged: [String: Property] = [:]
        for event in events(of: kind) {
            for property in event.properties {
                if var known = merged[property.key] {
                    if known.type != property.type { known.type = .string }
                    known.events.append(event.key)
                    merged[property.key] = known
                } else {
                    merged[property.key] = property
                }
            }
        }
        return merged.values.sorted { $0.key < $1.key }
    }

    /// The catalogue as JSON, for other generators: `{"appKey", "events": [{"key", "number", "name", "note"?,
    /// "kind", "viewEvent", "properties": [{"key", "type"}]}]}`.
    public var json: JSONValue {
        var object = JSONObject()
        object["appKey"] = .string(appKey)
        object["events"] = .array(
            events.map { event in
                var item = JSONObject()
                item["key"] = .string(event.key)
                item["number"] = .int(event.number)
                item["name"] = .string(event.name)
                if let note = event.note { item["note"] = .string(note) }
                item["kind"] = .string(event.kind.rawValue)
                item["viewEvent"] = .string(event.viewEvent)
                item["properties"] = .array(
                    event.properties.map { property in
                        var entry = JSONObject()
                        entry["key"] = .string(property.key)
                        entry["type"] = .string(property.type.rawValue)
                        return .object(entry)
                    })
                return .object(item)
            })
        return .object(object)
    }
}
