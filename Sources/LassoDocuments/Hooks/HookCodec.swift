import LassoSnapshot

/// Reads a hook config from JSON, checking every field, and writes it in the one canonical form the repo commits
/// (docs/hook-configs.md, "Canonical form").
///
/// Keys in a fixed order (`id`, `appKey`, `versions`, `class`, `selectors`, `event`, `implName`, `rules`, `values`,
/// `note`, `added`), two-space indent, trailing newline; empty `versions` and `values` and a missing `note` or `implName` are
/// left out; unknown fields follow the known ones in the order they came.
public enum HookCodec {
    static let knownKeys: Set<String> = [
        "id", "appKey", "versions", "class", "selectors", "event", "implName", "rules", "values", "note", "added",
    ]

    public static func json(_ config: HookConfig) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(config.id)
        object["appKey"] = .string(config.appKey)
        if !config.versions.intervals.isEmpty { object["versions"] = ConfigCodec.json(config.versions) }
        object["class"] = .string(config.className)
        object["selectors"] = .array(config.selectors.map { .string($0) })
        switch config.trigger {
        case .event(let name):
            object["event"] = .string(name)
            if let implName = config.implName { object["implName"] = .string(implName) }
        case .rules(let rules):
            if let implName = config.implName { object["implName"] = .string(implName) }
            object["rules"] = .array(rules.map(json))
        }
        if !config.values.isEmpty {
            object["values"] = .object(
                JSONObject(config.values.map { JSONObject.Member(key: $0.name, value: .string($0.source.description)) })
            )
        }
        if let note = config.note { object["note"] = .string(note) }
        if let added = config.added { object["added"] = .string(added) }
        for member in config.otherFields.members where !knownKeys.contains(member.key) {
            object[member.key] = member.value
        }
        return .object(object)
    }

    static func json(_ rule: HookRule) -> JSONValue {
        var object = JSONObject()
        object["when"] = .array(
            rule.when.map { condition in
                .object(
                    JSONObject([
                        "keyPath": .string(condition.source.description), "op": .string(condition.op.rawValue),
                        "value": condition.value,
                    ]))
            })
        object["event"] = .string(rule.event)
        return .object(object)
    }

    /// The file text: canonical JSON and a newline.
    public static func fileText(_ config: HookConfig) -> String { JSONWriter.pretty(json(config)) + "\n" }

    /// True for a selector as the Objective-C runtime spells one: `name`, `name:` or `name:with:` (letters, digits,
    /// `_`, colons after the first character).
    public static func isSelector(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isWordScalar(first), !("0"..."9").contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { isWordScalar($0) || $0 == ":" }
    }

    /// An ASCII letter, digit or `_`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// True for a name usable as an Objective-C class name: letters, digits and `_`, not starting with a digit.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy(isWordScalar)
    }

    /// Builds a hook config from parsed JSON; `file` and `base` (the JSON path of the object) place errors.
    public static func decode(_ value: JSONValue, file: String, base: String = "$") throws(InputError) -> HookConfig {
        let fields = try DocumentFields(value, file: file, base: base, what: "a hook config object")
        func text(_ field: JSONValue?, _ place: String, required: Bool = true) throws(InputError) -> String? {
            guard let field, field != .null else {
                if required { throw fields.fault(place, "a non-empty string", "nothing (the field is missing)") }
                return nil
            }
            guard case .string(let text) = field, !text.isEmpty,
                !text.unicodeScalars.contains(where: DisplayText.isEscaped)
            else {
                throw fields.fault(place, "a non-empty string without control characters", DocumentFields.found(field))
            }
            return text
        }
        let id = try fields.checkedID(try text(fields["id"], "id")!)
        let appKey = try fields.checkedAppKey(try text(fields["appKey"], "appKey")!)
        let versions = try fields.versions()
        let className = try text(fields["class"], "class")!
        guard SafeName.isSafe(className) else {
            throw fields.fault(
                "class", "a class name usable in a file name (no '/', no leading '.')", "\"\(className)\"")
        }
        let selectors = try decodeSelectors(fields["selectors"], fault: fields.fault, found: DocumentFields.found)
        let event = try text(fields["event"], "event", required: false)
        let implName = try text(fields["implName"], "implName", required: false)
        if let implName, !isIdentifier(implName) {
            throw fields.fault(
                "implName", "a class name of letters, digits and '_' (rj_trip_tracking)", "\"\(implName)\"")
        }
        let rulesField = fields["rules"].flatMap { $0 == .null ? nil : $0 }
        let trigger: HookTrigger
        switch (event, rulesField) {
        case (let name?, nil): trigger = .event(name)
        case (nil, let field?):
            trigger = .rules(try decodeRules(field, fault: fields.fault, found: DocumentFields.found))
        case (.some, .some):
            throw fields.fault("rules", "either \"event\" or \"rules\", not both", "both")
        case (nil, nil):
            throw fields.fault("event", "\"event\" (a fixed event name) or \"rules\"", "neither")
        }
        var values: [HookValue] = []
        if let field = fields["values"], field != .null {
            guard case .object(let members) = field else {
                throw fields.fault("values", "an object of names and key paths or $args[i]", field.kindDescription)
            }
            for member in members.members {
                let place = "values." + member.key
                guard !member.key.isEmpty, !member.key.unicodeScalars.contains(where: DisplayText.isEscaped) else {
                    throw fields.fault(place, "a non-empty name without control characters", "\"\(member.key)\"")
                }
                guard case .string(let sourceText) = member.value, let source = HookSource(sourceText) else {
                    throw fields.fault(
                        place, "a key path (dataManager.orderId) or $args[i] (i below 64)",
                        DocumentFields.found(member.value))
                }
                if values.contains(where: { $0.name == member.key }) {
                    throw fields.fault(place, "each value name once", "\"\(member.key)\" twice")
                }
                values.append(HookValue(name: member.key, source: source))
            }
        }
        let note = try text(fields["note"], "note", required: false)
        let added = try text(fields["added"], "added", required: false)
        if let added, HookConfig.parseAdded(added) == nil {
            throw fields.fault("added", "a time such as 2026-11-24T03:30:00.123Z", "\"\(added)\"")
        }
        var config = HookConfig(
            id: id, appKey: appKey, versions: versions, className: className, selectors: selectors, trigger: trigger,
            implName: implName, values: values, note: note, added: added)
        for member in fields.object.members where !knownKeys.contains(member.key) {
            config.otherFields[member.key] = member.value
        }
        return config
    }

    private static func decodeSelectors(
        _ field: JSONValue?, fault: (String, String, String) -> InputError, found: (JSONValue?) -> String
    ) throws(InputError) -> [String] {
        guard let field, field != .null else {
            throw fault("selectors", "a non-empty array of selectors", "nothing (the field is missing)")
        }
        guard case .array(let items) = field, !items.isEmpty else {
            throw fault("selectors", "a non-empty array of selectors", found(field))
        }
        var selectors: [String] = []
        for (position, item) in items.enumerated() {
            guard case .string(let selector) = item, isSelector(selector) else {
                throw fault(
                    "selectors[\(position)]", "a selector such as addToCart: or tableView:didSelectRowAtIndexPath:",
                    found(item))
            }
            guard !selectors.contains(selector) else {
                throw fault("selectors[\(position)]", "each selector once", "\"\(selector)\" again")
            }
            selectors.append(selector)
        }
        return selectors
    }

    private static func decodeRules(
        _ field: JSONValue, fault: (String, String, String) -> InputError, found: (JSONValue?) -> String
    ) throws(InputError) -> [HookRule] {
        guard case .array(let items) = field, !items.isEmpty else {
            throw fault("rules", "a non-empty array of {\"when\", \"event\"} rules", found(field))
        }
        var rules: [HookRule] = []
        for (position, item) in items.enumerated() {
            let place = "rules[\(position)]"
            guard case .object(let rule) = item else {
                throw fault(place, "a rule object {\"when\": […], \"event\": …}", item.kindDescription)
            }
            guard case .string(let event) = rule["event"], !event.isEmpty,
                !event.unicodeScalars.contains(where: DisplayText.isEscaped)
            else {
                throw fault(place + ".event", "a non-empty event name", found(rule["event"]))
            }
            var conditions: [HookCondition] = []
            if let when = rule["when"], when != .null {
                guard case .array(let list) = when else {
                    throw fault(place + ".when", "an array of conditions", when.kindDescription)
                }
                for (index, entry) in list.enumerated() {
                    conditions.append(
                        try decodeCondition(entry, place: place + ".when[\(index)]", fault: fault, found: found))
                }
            }
            if let earlier = rules.firstIndex(where: \.isDefault) {
                throw fault(
                    place,
                    "no rule after the default (rules[\(earlier)] has no conditions, so it always matches first)",
                    "a rule that can never match")
            }
            rules.append(HookRule(when: conditions, event: event))
        }
        return rules
    }

    private static func decodeCondition(
        _ entry: JSONValue, place: String, fault: (String, String, String) -> InputError, found: (JSONValue?) -> String
    ) throws(InputError) -> HookCondition {
        guard case .object(let condition) = entry else {
            throw fault(place, "a condition {\"keyPath\", \"op\", \"value\"}", entry.kindDescription)
        }
        guard case .string(let sourceText) = condition["keyPath"], let source = HookSource(sourceText) else {
            throw fault(
                place + ".keyPath", "a key path on the instance or $args[i] (i below 64)", found(condition["keyPath"]))
        }
        let names = HookOperator.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let opText) = condition["op"], let op = HookOperator(rawValue: opText) else {
            throw fault(place + ".op", "one of \(names)", found(condition["op"]))
        }
        guard let value = condition["value"] else {
            throw fault(place + ".value", "a value to compare with", "nothing (the field is missing)")
        }
        switch (op, value) {
        case (.oneOf, .array(let items)) where !items.isEmpty && !items.contains(where: KeyPathEvaluator.isContainer):
            break
        case (.oneOf, _): throw fault(place + ".value", "a non-empty array of strings or numbers (oneOf)", found(value))
        case (_, .array), (_, .object):
            throw fault(place + ".value", "a string, number, boolean or null", value.kindDescription)
        default: break
        }
        return HookCondition(source: source, op: op, value: value)
    }
}
