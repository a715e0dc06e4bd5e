import Foundation

/// Small conversions that the XML importers share.
enum ImportValues {
    /// An attribute's text as JSON: `true`/`false` as booleans, whole numbers as numbers, the rest as strings.
    static func json(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) {
            return .int(number)
        }
        return .string(text)
    }

    /// A number attribute, or nil when it is missing or not a finite number.
    static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            return nil
        }
        return value
    }

    /// The attributes as a `properties` object: the `order` names first, then the rest sorted, values as `json(_:)`.
    static func properties(_ attributes: [String: String], order: [String], skip: Set<String> = []) -> JSONObject {
        var object = JSONObject()
        for key in order where !skip.contains(key) {
            if let value = attributes[key] { object[key] = json(value) }
        }
        let known = Set(order)
        for key in attributes.keys.sorted() where !known.contains(key) && !skip.contains(key) {
            object[key] = json(attributes[key]!)
        }
        return object
    }
}
