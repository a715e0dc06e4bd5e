import Foundation

/// A JSON value that keeps object key order and number spelling, so that what lasso reads it can write back unchanged.
public enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    /// A number as written in the source (`199`, `19.90`, `1e3`), so that no digit is lost or added.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value of `key` when this is an object, else nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// A number made from an integer.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number made from a double, written without a trailing `.0` when it is whole.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(String(value))
    }

    /// The numeric value of a number, or of a string that spells one (as KVC's `doubleValue` reads it).
    public var doubleValue: Double? {
        switch self {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// A short name of the value's kind, for messages ("a string", "an array").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as a condition or a table cell shows it: strings bare, everything else as compact JSON.
    public var plainText: String {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        default: return JSONWriter.compact(self)
        }
    }
}

/// A JSON object whose members keep the order they were written or added in.
public struct JSONObject: Sendable, Equatable, Hashable {
    public struct Member: Sendable, Equatable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// Makes room for `count` members, so that adding them one by one does not grow the list several times.
    public mutating func reserveCapacity(_ count: Int) { members.reserveCapacity(count) }

    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    /// The last member named `key` (JSON's usual rule for repeated keys), or nil; setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { lastIndex(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let at = lastIndex(of: key) {
                    members[at].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// Where the last member named `key` is. Names are compared only when their lengths agree: most members of an
    /// object have names of other lengths, and a length is read without comparing text.
    private func lastIndex(of key: String) -> Int? {
        let length = key.utf8.count
        var index = members.count
        while index > 0 {
            index -= 1
            if members[index].key.utf8.count == length && members[index].key == key { return index }
        }
        return nil
    }
}
