/// What kind of value a key path gives on each view a path matches, to tell one field on every row from a key path
/// that reaches different things on different rows.
public enum ValueKinds {
    /// The kind of one value in a person's words: `a text`, `a number`, `nothing`.
    public static func kind(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "nothing"
        case .string?: return "a text"
        case .number?: return "a number"
        case .bool?: return "true or false"
        case .array?: return "a list"
        case .object?: return "an object"
        }
    }

    /// When the values are of more than one kind: the kinds with their counts, most first (`3 a text, 1 nothing`);
    /// nil when they are all of one kind.
    public static func mixed(_ values: [JSONValue?]) -> String? {
        var counts: [String: Int] = [:]
        for value in values { counts[kind(of: value), default: 0] += 1 }
        guard counts.count > 1 else { return nil }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.value) × \($0.key)" }.joined(separator: ", ")
    }
}
