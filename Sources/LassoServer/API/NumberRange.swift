import HTTPTypes
import LassoSnapshot

/// The snapshot loader's rule for numbers, applied to request bodies: a number a double cannot hold (`1e400`) is refused.
enum NumberRange {
    /// The JSON path and text of the first number in `value` that overflows a double, or nil when every one fits.
    static func firstOverflow(in value: JSONValue, at path: String = "$") -> (path: String, text: String)? {
        switch value {
        case .number(let text):
            return Double(text)?.isFinite == true ? nil : (path, text)
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstOverflow(in: item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let object):
            for member in object.members {
                if let found = firstOverflow(in: member.value, at: path + "." + member.key) { return found }
            }
            return nil
        case .null, .bool, .string:
            return nil
        }
    }

    /// The refusal of a body holding such a number, in the loader's words, or nil when it holds none.
    static func refusal(of value: JSONValue, file: String) -> APIError? {
        guard let (path, text) = firstOverflow(in: value) else { return nil }
        let error = InputError(
            file: file, jsonPath: path, expected: "a number a double can hold",
            found: "\(text.prefix(40))\(text.count > 40 ? "…" : ""), a number out of range")
        return APIError(.unprocessableContent, error.description)
    }
}
