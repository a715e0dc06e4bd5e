import LassoSnapshot

/// Works out what a hook config reports for one call: the event its rules choose and the values read, given a way to
/// read a `HookSource` on the instance and the arguments (docs/hook-configs.md, "Rules").
public struct HookEvaluation: Sendable {
    /// Reads a source: nil when it gives nothing (a missing key, an argument not passed).
    public let read: @Sendable (HookSource) -> JSONValue?

    public init(read: @escaping @Sendable (HookSource) -> JSONValue?) { self.read = read }

    /// An evaluation on an instance given as JSON (its properties, as KVC sees them) and the method's arguments.
    /// Key paths are read with the same KVC rules as view configs (collection operators, `key[i]`, arrays mapped).
    public static func on(instance: JSONValue, arguments: [JSONValue] = []) -> HookEvaluation {
        var holder = JSONObject()
        holder["self"] = instance
        holder["args"] = .array(arguments)
        var root = JSONObject()
        root["format"] = .string(SnapshotFormat.identifier)
        root["root"] = .object(JSONObject(["class": .string("HookInstance"), "properties": .object(holder)]))
        let text = JSONWriter.compact(.object(root))
        // The document is made here from parsed values, so it always loads; a failure would read as "nothing".
        let snapshot = try? SnapshotLoader.load(bytes: Array(text.utf8), file: "<hook instance>")
        return HookEvaluation { source in
            guard let snapshot else { return nil }
            let base = source.argument.map { "args[\($0)]" } ?? "self"
            let path = source.keyPath.isEmpty ? base : base + "." + source.keyPath
            return KeyPathEvaluator(snapshot).evaluate(path, on: 0).value
        }
    }

    /// An evaluation on a view of a snapshot as the instance (key paths read as view configs read them: properties
    /// first, then the view's fields, `superview` and `subviews`); arguments are not known, so they give nothing.
    public static func on(view node: Int, in snapshot: Snapshot) -> HookEvaluation {
        HookEvaluation { source in
            guard source.argument == nil else { return nil }
            return KeyPathEvaluator(snapshot).evaluate(source.keyPath, on: node).value
        }
    }

    /// The event the config reports for this call: its fixed event, or the first rule whose conditions all hold; nil
    /// when no rule matches (no event is sent).
    public func event(for config: HookConfig) -> String? {
        switch config.trigger {
        case .event(let name): return name
        case .rules(let rules): return rules.first { holds($0) }?.event
        }
    }

    /// True when every condition of `rule` holds (the default rule, without conditions, always does).
    public func holds(_ rule: HookRule) -> Bool {
        rule.when.allSatisfy { holds($0) }
    }

    public func holds(_ condition: HookCondition) -> Bool {
        let found = read(condition.source)
        switch condition.op {
        case .equals: return Self.same(found, condition.value)
        case .notEquals: return !Self.same(found, condition.value)
        case .oneOf: return (condition.value.arrayValue ?? []).contains { Self.same(found, $0) }
        case .contains:
            switch found {
            case .string(let text): return text.contains(condition.value.plainText)
            case .array(let items): return items.contains { Self.same($0, condition.value) }
            default: return false
            }
        }
    }

    /// The record the SDK would send for this call: `{"event": …, name: value…}`, nil when no event is sent. A value
    /// that gives nothing is left out, as the SDK leaves out a nil.
    public func record(for config: HookConfig) -> JSONValue? {
        guard let event = event(for: config) else { return nil }
        var object = JSONObject()
        object["event"] = .string(event)
        for value in config.values {
            if let found = read(value.source) { object[value.name] = found }
        }
        return .object(object)
    }

    /// Equality as a hook library compares a read value: numbers (and booleans, as 0 and 1) by value, so that `1`,
    /// `1.0` and `"1"` are one value when either side is a number; other values by their text; nothing equals only null.
    static func same(_ found: JSONValue?, _ expected: JSONValue) -> Bool {
        guard let found, found != .null else { return expected == .null }
        if expected == .null { return false }
        let numeric: (JSONValue) -> Bool = {
            switch $0 {
            case .number, .bool: return true
            default: return false
            }
        }
        if numeric(found) || numeric(expected), let left = found.doubleValue, let right = expected.doubleValue {
            return left == right
        }
        if KeyPathEvaluator.isContainer(found) { return found == expected }
        return found.plainText == expected.plainText
    }
}
