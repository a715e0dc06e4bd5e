/// Writes an `EventCatalogue` as Java (docs/event-catalogue.md): one final class (`Events` unless named) holding a key
/// enum per kind whose constants carry the events' numbers and keys, a typed `Property` per kind, a factory per kind
/// that makes an `Event`, and the `Tracker` interface whose default `track` hands the event's key, number and
/// properties to the app's `send`.
public enum JavaCatalogue {
    /// The whole file, in `package` (none: the default package), its class named `className`.
    public static func text(_ catalogue: EventCatalogue, className: String = "Events", package: String? = nil)
        -> String
    {
        var out: [String] = []
        out.append(
            "// The named events of \(CatalogueText.javaDoc(CatalogueText.comment(catalogue.appKey))), written by `lasso event catalogue --language java`: do not edit, write it again."
        )
        out.append("// Each event's number is its own for good; the key is what the records carry.")
        if let package { out += ["", "package \(package);"] }
        out.append("")
        out.append("import java.util.Collections;")
        out.append("import java.util.LinkedHashMap;")
        out.append("import java.util.Map;")
        out.append("")
        out.append(
            "/** The named events of \(CatalogueText.javaDoc(CatalogueText.comment(catalogue.appKey))), by kind: each one's key, its number and its properties. */"
        )
        out.append("public final class \(className) {")
        out.append("    private \(className)() {}")
        out.append("")
        out.append("    /** The kinds of events. */")
        out.append("    public enum Kind {")
        out.append(
            "        "
                + EventCatalogue.Kind.allCases.map { CatalogueIdentifier.upperSnake($0.rawValue)! }.joined(
                    separator: ", "))
        out.append("    }")
        out.append("")
        out.append("    /** One event to send: its kind, its key, its number and its properties by name. */")
        out.append("    public static final class Event {")
        out.append("        public final Kind kind;")
        out.append("        public final String key;")
        out.append("        public final int number;")
        out.append("        public final Map<String, Object> properties;")
        out.append("")
        out.append("        Event(Kind kind, String key, int number, Property[] properties) {")
        out.append("            this.kind = kind;")
        out.append("            this.key = key;")
        out.append("            this.number = number;")
        out.append("            Map<String, Object> byName = new LinkedHashMap<>();")
        out.append("            for (Property property : properties) {")
        out.append("                byName.put(property.name, property.value);")
        out.append("            }")
        out.append("            this.properties = Collections.unmodifiableMap(byName);")
        out.append("        }")
        out.append("    }")
        out.append("")
        out.append("    /** A property's name and value (a String, a Double or a Boolean). */")
        out.append("    public static class Property {")
        out.append("        public final String name;")
        out.append("        public final Object value;")
        out.append("")
        out.append("        Property(String name, Object value) {")
        out.append("            this.name = name;")
        out.append("            this.value = value;")
        out.append("        }")
        out.append("    }")
        for kind in EventCatalogue.Kind.allCases {
            out.append("")
            out += keyEnum(catalogue, kind, className: className)
        }
        out.append("")
        out.append(
            "    /** How the app sends the catalogue's events: it provides {@code send}, and {@code track} comes with it. */"
        )
        out.append("    public interface Tracker {")
        out.append(
            "        /** Sends one event through the app's analytics SDK: its key, its number and its properties. */")
        out.append("        void send(String key, int number, Map<String, Object> properties);")
        out.append("")
        out.append("        /** Sends {@code event}. */")
        out.append("        default void track(Event event) {")
        out.append("            send(event.key, event.number, event.properties);")
        out.append("        }")
        out.append("    }")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The key enum of one kind with its typed `Property`, and the factory that makes its events.
    static func keyEnum(_ catalogue: EventCatalogue, _ kind: EventCatalogue.Kind, className: String) -> [String] {
        let events = catalogue.events(of: kind)
        let names = constantNames(events)
        let plural = SwiftCatalogue.plural(kind)
        var out: [String] = []
        out.append("    /** The \(plural) of the catalogue, each with its number and key. */")
        out.append("    public enum \(kind.keyType) {")
        out.append(
            "        /** \(kind.words.prefix(1).uppercased() + kind.words.dropFirst()) the catalogue does not name: no definition counts it. */"
        )
        out.append("        OTHER(0, \"\")" + (events.isEmpty ? ";" : ","))
        for (position, (event, name)) in zip(events, names).enumerated() {
            let lines = CatalogueText.docLines(
                event.name + " (" + event.key + ")" + (event.note.map { ": " + $0 } ?? "")
            ).map(CatalogueText.javaDoc)
            out.append("        /**")
            out += lines.map { "         * " + $0 }
            out.append("         */")
            out.append(
                "        \(name)(\(event.number), \(CatalogueText.javaString(event.key)))"
                    + (position == events.count - 1 ? ";" : ","))
        }
        out.append("")
        out.append("        /** The event's number, its own for good. */")
        out.append("        public final int number;")
        out.append("        /** The key the records carry. */")
        out.append("        public final String key;")
        out.append("")
        out.append("        \(kind.keyType)(int number, String key) {")
        out.append("            this.number = number;")
        out.append("            this.key = key;")
        out.append("        }")
        out.append("")
        let properties = catalogue.properties(of: kind)
        let methods = CatalogueIdentifier.unique(
            properties.map(\.key), make: CatalogueIdentifier.lowerCamel, reserved: CatalogueIdentifier.javaKeywords,
            fallback: { "property_" + CatalogueIdentifier.stableSuffix(properties[$0].key) },
            suffix: { CatalogueIdentifier.stableSuffix(properties[$0].key) })
        out.append("        /** What \(plural) report, typed. */")
        out.append("        public static final class Property extends \(className).Property {")
        out.append("            private Property(String name, Object value) {")
        out.append("                super(name, value);")
        out.append("            }")
        for (property, method) in zip(properties, methods) {
            out.append("")
            out.append(
                "            /** "
                    + CatalogueText.javaDoc(
                        CatalogueText.comment(
                            "\(property.key): \(property.type.words), reported by \(property.events.joined(separator: ", "))"
                        )) + " */")
            out.append(
                "            public static Property \(method)(\(javaType(property.type)) value) {")
            out.append("                return new Property(\(CatalogueText.javaString(property.key)), value);")
            out.append("            }")
        }
        out.append("        }")
        out.append("    }")
        out.append("")
        out.append("    /** An event of the kind: \(kind.words). */")
        out.append(
            "    public static Event \(kind.rawValue)(\(kind.keyType) key, \(kind.keyType).Property... properties) {")
        out.append(
            "        return new Event(Kind.\(CatalogueIdentifier.upperSnake(kind.rawValue)!), key.key, key.number, properties);"
        )
        out.append("    }")
        return out
    }

    /// The constant names of a kind's events: UPPER_SNAKE keys, never `OTHER`, unique (a later event that collides
    /// gets `_` and its number).
    static func constantNames(_ events: [EventCatalogue.Event]) -> [String] {
        CatalogueIdentifier.unique(
            events.map(\.key), make: CatalogueIdentifier.upperSnake, reserved: ["OTHER", "_"],
            fallback: { "EVENT_\(events[$0].number)" }, suffix: { "\(events[$0].number)" })
    }

    static func javaType(_ type: EventCatalogue.ValueType) -> String {
        switch type {
        case .string: "String"
        case .number: "double"
        case .boolean: "boolean"
        }
    }
}
