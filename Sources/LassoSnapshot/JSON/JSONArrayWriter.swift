/// Writes JSON values as compact UTF-8 bytes into a growing array, spelled exactly as `JSONWriter.compact` spells
/// them, for importers that write a whole snapshot without making a `String` of each piece first.
package enum JSONArrayWriter {
    /// Appends `value`, compact, to `out`.
    package static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let flag): append(flag ? "true" : "false", to: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a JSON string literal of `text`, escaped by the one rule of `JSONEscaping`.
    package static func writeString(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { JSONEscaping.appendLiteral($0, to: &out) }
    }

    /// Appends ASCII text as it is.
    package static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
