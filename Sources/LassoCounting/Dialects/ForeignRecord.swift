import Foundation
import LassoSnapshot

/// One record line of another SDK rewritten as a lasso record (docs/event-records.md, "Records of other SDKs"), so
/// that the one counter reads every format: the SDK's event name (PostHog's `$autocapture/<$event_type>`), its path
/// (`$element_path`; `xpath`, a space and the row's `xcontent`; the tags of `$elements_chain`), its app version and
/// time, and its properties with the element's text as `text` and `title`.
enum ForeignRecord {
    /// Why a line is not a record of the format, in the words a report gives.
    struct Malformed: Error {
        var reason: String
    }

    /// The lasso record line for `line`, a record of `format` (not lasso's own), of the app `appKey` (the SDK's
    /// records carry none).
    static func translate(_ line: UnsafeBufferPointer<UInt8>, format: RecordFormat, appKey: String = "")
        throws(Malformed) -> [UInt8]
    {
        // Nesting is bounded before the parse, which recurses: a counting thread's stack is small.
        if let deep = deeperThanRecords(line) {
            throw Malformed(
                reason:
                    "expected at most \(maxRecordDepth) levels of nested arrays and objects, found more at byte \(deep)"
            )
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(line), file: "")
        } catch {
            throw Malformed(
                reason: "expected \(error.expected), found \(error.found)"
                    + (error.column.map { " at byte \($0)" } ?? ""))
        }
        guard case .object(let record) = value else {
            throw Malformed(reason: "expected a JSON object, found \(value.kindDescription)")
        }
        var out = JSONObject()
        var properties = JSONObject()
        switch format {
        case .lasso:
            return Array(line)
        case .sensors:
            out["event"] = try text(record, "event", required: true)
            if let field = record["properties"], field != .null {
                guard case .object(let object) = field else {
                    throw Malformed(reason: "expected properties to be an object, found \(field.kindDescription)")
                }
                properties = object
            }
            out["appVersion"] = try text(properties, "$app_version", required: false)
            out["viewPath"] = try text(properties, "$element_path", required: false)
            out["time"] = try time(record, "time")
            if let content = try text(properties, "$element_content", required: false) {
                elementText(content, into: &properties)
            }
        case .growingio:
            out["event"] = try text(record, "eventType", required: true)
            // A custom event (one the app's code tracked) is named by its `eventName`, as a coded record of the event
            // catalogue is (growingio-sdk-ios-autotracker GrowingTrackEventType.m L23 `CUSTOM`,
            // GrowingCustomEvent.m L38-43 `eventName`).
            if out["event"] == .string("CUSTOM"),
                case .string(let name)? = try text(record, "eventName", required: false)
            {
                out["event"] = .string(name)
            }
            out["appVersion"] = try text(record, "appVersion", required: false)
            if case .object(let attributes)? = record["attributes"] { properties = attributes }
            if case .string(let xpath)? = try text(record, "xpath", required: false) {
                let index = try text(record, "index", required: false, numberAllowed: true)
                var content = try text(record, "originxcontent", required: false)?.stringValue
                if content == nil, case .string(let xcontent)? = try text(record, "xcontent", required: false) {
                    // The row the SDK writes `-` for is the record's `index` less one: a native view's index is sent
                    // as its row plus one (growingio-sdk-ios-autotracker 4.11.0 GrowingViewElementEvent.m L35-39).
                    content =
                        if case .string(let sent)? = index, let number = Int(sent), number > 0 {
                            xcontent.replacingOccurrences(of: "-", with: String(number - 1))
                        } else {
                            xcontent
                        }
                }
                out["viewPath"] = .string(content.map { xpath + " " + $0 } ?? xpath)
                if let index { properties["index"] = index }
            }
            out["time"] = try time(record, "timestamp")
            for key in ["path", "xpath", "xcontent", "textValue"] {
                if let field = try text(record, key, required: false) { properties[key] = field }
            }
            if let content = try text(record, "textValue", required: false) { elementText(content, into: &properties) }
        case .posthog:
            guard case .string(let event)? = try text(record, "event", required: true) else { break }
            if let field = record["properties"], field != .null {
                guard case .object(let object) = field else {
                    throw Malformed(reason: "expected properties to be an object, found \(field.kindDescription)")
                }
                properties = object
            }
            var name = event
            if event == "$autocapture", case .string(let type)? = try text(properties, "$event_type", required: false) {
                // A switch's toggle is a change of its value.
                name += "/" + (type == "toggle" ? "value_changed" : type)
            }
            out["event"] = .string(name)
            out["appVersion"] = try text(properties, "$app_version", required: false, numberAllowed: true)
            if case .string(let chainText)? = try text(properties, "$elements_chain", required: false) {
                let chain = PostHogChain(chainText)
                out["viewPath"] = .string(chain.tagPath)
                properties["$elements_chain"] = nil
                if let target = chain.elements.first {
                    if let content = target["text"] { elementText(.string(content), into: &properties) }
                    if let label = target["attr_id"], properties["attr_id"] == nil {
                        properties["attr_id"] = .string(label)
                    }
                }
            }
            switch record["timestamp"] {
            case nil, .null?: break
            case .string(let time)?: out["time"] = .string(time)
            case let other?:
                throw Malformed(reason: "expected timestamp to be an ISO 8601 time, found \(other.kindDescription)")
            }
        }
        out["appKey"] = .string(appKey)
        out["properties"] = .object(properties)
        return Array(JSONWriter.compact(.object(out)).utf8)
    }

    /// The deepest nesting a record may have, as for lasso's own records.
    static let maxRecordDepth = 64

    /// The byte (from 1) where `line` opens its 65th level of arrays and objects, outside strings; nil within.
    static func deeperThanRecords(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = line.baseAddress else { return nil }
        var depth = 0
        var index = 0
        let count = line.count
        while index < count {
            let byte = base[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                // A string: skip to its closing quote, an escaped character at a time.
                while index < count, base[index] != UInt8(ascii: "\"") {
                    index += base[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
                if depth > maxRecordDepth { return index }
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        return nil
    }

    /// The element's text as the `text` and `title` lasso's records carry, where the SDK's properties have none.
    private static func elementText(_ content: JSONValue, into properties: inout JSONObject) {
        if properties["text"] == nil { properties["text"] = content }
        if properties["title"] == nil { properties["title"] = content }
    }

    /// A string field (a number too, when `numberAllowed`, as its text); nil when missing or null.
    private static func text(_ object: JSONObject, _ key: String, required: Bool, numberAllowed: Bool = false)
        throws(Malformed) -> JSONValue?
    {
        switch object[key] {
        case nil, .null?:
            if required { throw Malformed(reason: "expected \(key) to be a string, found none") }
            return nil
        case .string(let text)?: return .string(text)
        case .number(let text)? where numberAllowed: return .string(text)
        case let other?: throw Malformed(reason: "expected \(key) to be a string, found \(other.kindDescription)")
        }
    }

    /// The record's time in milliseconds since 1970 (`time`, `timestamp`) as lasso's ISO 8601 text; nil without one.
    private static func time(_ object: JSONObject, _ key: String) throws(Malformed) -> JSONValue? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let milliseconds = Int64(text), milliseconds >= 0, milliseconds < 253_402_300_800_000 else {
                throw Malformed(reason: "expected \(key) to be milliseconds since 1970, found \(text)")
            }
            return .string(iso(milliseconds: milliseconds))
        case let other?:
            throw Malformed(reason: "expected \(key) to be milliseconds since 1970, found \(other.kindDescription)")
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` for a time in milliseconds since 1970.
    static func iso(milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        let days = seconds / 86_400
        let date = EventTime.civil(days: days)
        let second = seconds % 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = milliseconds % 1000
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(second / 3600)):\(two(second / 60 % 60)):"
            + "\(two(second % 60)).\(fraction)Z"
    }
}
