import LassoSnapshot

/// Reads a named event definition from JSON, checking every field, and writes it in its one canonical form
/// (docs/event-definitions.md, "The file").
///
/// Canonical form: keys in the order id, appKey, name, key, number, versions, viewEvent, profile, viewPath, screen, content,
/// note; a missing `number`, `note`, `screen` or lasso's own `profile` is left out; unknown fields follow the known ones in the order they came; two-space indent, trailing newline.
public enum EventDefinitionCodec {
    static let knownKeys: Set<String> = [
        "id", "appKey", "name", "key", "number", "versions", "viewEvent", "profile", "viewPath", "screen", "content",
        "note",
    ]

    public static func json(_ definition: EventDefinition) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(definition.id)
        object["appKey"] = .string(definition.appKey)
        object["name"] = .string(definition.name)
        object["key"] = .string(definition.key)
        if let number = definition.number { object["number"] = .int(number) }
        object["versions"] = ConfigCodec.json(definition.versions)
        object["viewEvent"] = .string(definition.viewEvent)
        if definition.profile != .lasso { object["profile"] = .string(definition.profile.rawValue) }
        object["viewPath"] = .string(definition.viewPathText)
        if let screen = definition.screen { object["screen"] = .string(screen) }
        object["content"] = .array(definition.content.map(json))
        if let note = definition.note { object["note"] = .string(note) }
        for member in definition.otherFields.members where !knownKeys.contains(member.key) {
            object[member.key] = member.value
        }
        return .object(object)
    }

    /// One content condition as the file writes it: `{"key", "op", "value"}`, or `"values"` for `oneOf`.
    public static func json(_ condition: ContentCondition) -> JSONValue {
        var object = JSONObject()
        object["key"] = .string(condition.key)
        object["op"] = .string(condition.operation.name)
        switch condition.operation {
        case .equals(let value), .contains(let value), .regex(let value): object["value"] = .string(value)
        case .oneOf(let values): object["values"] = .array(values.map(JSONValue.string))
        }
        return .object(object)
    }

    /// The file text: canonical JSON and a newline.
    public static func fileText(_ definition: EventDefinition) -> String {
        JSONWriter.pretty(json(definition)) + "\n"
    }

    /// Builds a definition from parsed JSON; `file` and `base` (the JSON path of the object) place errors.
    public static func decode(_ value: JSONValue, file: String, base: String = "$") throws(InputError)
        -> EventDefinition
    {
        let fields = try DocumentFields(value, file: file, base: base, what: "an event definition object")
        let id = try fields.checkedID(try fields.string("id")!)
        let appKey = try fields.checkedAppKey(try fields.string("appKey")!)
        let name = try fields.string("name")!
        let key = try fields.string("key")!
        guard SafeName.isSafe(key) else {
            throw fields.fault(
                "key", "an event key usable in a file name (\(SafeName.rule))", DisplayText.quoted(key))
        }
        let number = try Self.number(fields)
        let versions = try fields.versions()
        let viewEvent = try fields.string("viewEvent")!
        let profile = try fields.profile()
        let pageOnly = EventDefinition.isPageOnly(profile: profile, viewEvent: viewEvent)
        if pageOnly {
            let text = try fields.string("viewPath", required: false)
            if text != "" {
                throw fields.fault(
                    "viewPath",
                    "\"\" (a page view of \(profile.rawValue) records carries no element path; \"screen\" names the page)",
                    text.map { "\"\($0)\"" } ?? "nothing (the field is missing)")
            }
        }
        let pattern =
            pageOnly
            ? DialectPattern(text: "", parsed: .segments([])) : try fields.viewPath(in: profile)
        let screen = try fields.string("screen", required: false)
        if let screen, screen.isEmpty || DisplayText.hasEscaped(screen) {
            throw fields.fault(
                "screen", "the page's name as the SDK reports it (not empty, no control characters)",
                "\"\(DisplayText.escaped(screen))\"")
        }
        if screen != nil && !profile.reportsScreen {
            throw fields.fault(
                "screen", "no \"screen\" on a definition whose profile (\(profile.rawValue)) reports no page", "one")
        }
        var content: [ContentCondition] = []
        if let field = fields["content"], field != .null {
            guard case .array(let items) = field else {
                throw fields.fault(
                    "content", "an array of {\"key\", \"op\", \"value\"} conditions", field.kindDescription)
            }
            for (position, item) in items.enumerated() {
                content.append(try decodeCondition(item, place: "content[\(position)]", fault: fields.fault))
            }
        }
        let note = try fields.string("note", required: false)
        var definition = EventDefinition(
            id: id, appKey: appKey, name: name, key: key, versions: versions, viewEvent: viewEvent,
            viewPath: pattern.identityPath, content: content, note: note)
        definition.number = number
        definition.profile = profile
        definition.viewPathText = pattern.text
        definition.screen = screen
        // A repeated unknown key keeps its last value in its first place, as the file form writes it.
        for member in fields.object.members where !knownKeys.contains(member.key) {
            definition.otherFields[member.key] = member.value
        }
        return definition
    }

    /// The largest number an event may have: the catalogue's keys are 32-bit (Swift `Int32`, Java `int`).
    public static let largestNumber = Int(Int32.max)

    /// The `number` field: nil when missing or null, else a whole number from 1 to `largestNumber`.
    static func number(_ fields: DocumentFields) throws(InputError) -> Int? {
        guard let field = fields["number"], field != .null else { return nil }
        guard case .number(let text) = field, let number = Int(text), (1...largestNumber).contains(number) else {
            throw fields.fault(
                "number", "a whole number from 1 to \(largestNumber) (the event's number, given by lasso)",
                { if case .number(let text) = field { text } else { DocumentFields.found(field) } }())
        }
        return number
    }

    static func decodeCondition(
        _ item: JSONValue, place: String, fault: (String, String, String) -> InputError
    ) throws(InputError) -> ContentCondition {
        guard case .object(let object) = item else {
            throw fault(place, "an object with \"key\", \"op\" and \"value\" (or \"values\")", item.kindDescription)
        }
        let allowed: Set<String> = ["key", "op", "value", "values"]
        if let extra = object.members.first(where: { !allowed.contains($0.key) }) {
            throw fault(
                place + "." + extra.key, "only \"key\", \"op\", \"value\" and \"values\"", "a field \"\(extra.key)\"")
        }
        guard case .string(let key)? = object["key"], !key.isEmpty else {
            throw fault(place + ".key", "a non-empty string (a reported key name)", DocumentFields.found(object["key"]))
        }
        let condition = try decodeOperation(object, key: key, place: place, fault: fault)
        // A control character goes into no query literal or terminal as it is.
        for (index, text) in ([key] + condition.operation.texts).enumerated() where DisplayText.hasEscaped(text) {
            throw fault(
                place + (index == 0 ? ".key" : ".value"), "a text without control characters",
                "\"\(DisplayText.escaped(text))\"")
        }
        return condition
    }

    /// The operation of a condition whose key has been read.
    private static func decodeOperation(
        _ object: JSONObject, key: String, place: String, fault: (String, String, String) -> InputError
    ) throws(InputError) -> ContentCondition {
        let ops = ["equals", "oneOf", "contains", "regex"]
        guard case .string(let op)? = object["op"], ops.contains(op) else {
            throw fault(place + ".op", "one of equals, oneOf, contains, regex", DocumentFields.found(object["op"]))
        }
        if op == "oneOf" {
            if object["value"] != nil {
                throw fault(place + ".value", "no \"value\" with oneOf (it takes \"values\", an array)", "a value")
            }
            guard case .array(let items)? = object["values"], !items.isEmpty else {
                throw fault(place + ".values", "a non-empty array of strings", DocumentFields.found(object["values"]))
            }
            var values: [String] = []
            for (position, value) in items.enumerated() {
                guard case .string(let text) = value else {
                    throw fault(place + ".values[\(position)]", "a string", value.kindDescription)
                }
                values.append(text)
            }
            return ContentCondition(key: key, .oneOf(values))
        }
        if object["values"] != nil {
            throw fault(place + ".values", "no \"values\" with \(op) (it takes \"value\", a string)", "values")
        }
        guard case .string(let value)? = object["value"] else {
            throw fault(place + ".value", "a string", DocumentFields.found(object["value"]))
        }
        switch op {
        case "equals": return ContentCondition(key: key, .equals(value))
        case "contains":
            guard !value.isEmpty else { throw fault(place + ".value", "a non-empty string", "\"\"") }
            return ContentCondition(key: key, .contains(value))
        default:
            if let problem = ContentCondition.regexProblem(value) {
                throw fault(
                    place + ".value", "a portable regular expression that compiles (\(problem))",
                    DisplayText.quoted(value, limit: 80))
            }
            return ContentCondition(key: key, .regex(value))
        }
    }
}
