import LassoSnapshot

/// One field a proposed repair changes (a config's, a named event's or a hook config's), as the diff shows it.
public struct RepairChange: Sendable, Equatable {
    public var field: String
    public var before: String
    public var after: String

    public init(field: String, before: String, after: String) {
        self.field = field
        self.before = before
        self.after = after
    }

    /// The change as data.
    public var json: JSONValue {
        .object(JSONObject(["field": .string(field), "before": .string(before), "after": .string(after)]))
    }
}
