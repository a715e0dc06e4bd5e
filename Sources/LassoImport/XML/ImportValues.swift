import Foundation
import LassoSnapshot

/// Small conversions that the XML importers share.
enum ImportValues {
    /// An attribute's text as JSON: `true`/`false` as booleans, whole numbers as numbers, the rest as strings.
    static func json(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        let digits = text.utf8
        if !digits.isEmpty, digits.count <= 15,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Int(text)
        {
            return .int(number)
        }
        return .string(text)
    }

    /// A number attribute, or nil when it is missing or not a finite number.
    static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(trimmed(text)), value.isFinite else { return nil }
        return value
    }

    /// `text` without the white space at its ends; only text that starts or ends in something other than a visible
    /// ASCII character goes through Foundation's trimming, which costs a bridged string a call.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, (UInt8(ascii: "!")...UInt8(ascii: "~")).contains(first),
            (UInt8(ascii: "!")...UInt8(ascii: "~")).contains(last)
        {
            return text
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The attributes as a `properties` object: the `order` names first, then the rest sorted, values as `json(_:)`.
    static func properties(_ attributes: [String: String], order: [String], skip: Set<String> = []) -> JSONObject {
        properties(count: attributes.count, keys: attributes.keys, order: order, skip: skip) { attributes[$0] }
    }

    /// The same of attributes kept in the order they came, each name once.
    static func properties(_ attributes: AttributeList, order: [String], skip: Set<String> = []) -> JSONObject {
        properties(count: attributes.count, keys: attributes.names, order: order, skip: skip) { attributes[$0] }
    }

    private static func properties(
        count: Int, keys: some Sequence<String>, order: [String], skip: Set<String>, value: (String) -> String?
    ) -> JSONObject {
        // The names are distinct, so members are appended without looking for an earlier one.
        var members: [JSONObject.Member] = []
        members.reserveCapacity(count)
        for key in order where !skip.contains(key) {
            if let text = value(key) { members.append(JSONObject.Member(key: key, value: json(text))) }
        }
        if members.count < count {
            for key in keys.filter({ !order.contains($0) && !skip.contains($0) }).sorted() {
                members.append(JSONObject.Member(key: key, value: json(value(key)!)))
            }
        }
        return JSONObject(members)
    }
}
