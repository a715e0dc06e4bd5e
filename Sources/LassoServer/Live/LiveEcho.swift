import Foundation
import LassoSnapshot

/// An event the phone says it fired for a config it was sent (Sensors' `event_debug`): what the UI shows as "fired on
/// the phone".
public struct LiveEcho: Sendable, Equatable {
    /// Rising within the server's run: the UI asks for those after the last it saw.
    public var seq: Int
    public var pairing: String
    public var time: Date
    /// The name the phone gives the event: the visualized event's (`event_name`, from the config it was sent), else
    /// the SDK's own (`$AppClick`).
    public var event: String
    /// The clicked element's text, path and position, and the screen, as the event carries them.
    public var content: String?
    public var path: String?
    public var position: String?
    public var screen: String?
    /// The event's properties that are not the SDK's own (`$`-less): the values the configs read.
    public var properties: [String: String]

    /// The echo as the admin route answers it.
    public var json: JSONValue {
        var object = JSONObject()
        object["seq"] = .number(String(seq))
        object["pairing"] = .string(pairing)
        object["time"] = .string(ISO8601DateFormatter().string(from: time))
        object["event"] = .string(event)
        if let content { object["content"] = .string(content) }
        if let path { object["path"] = .string(path) }
        if let position { object["position"] = .string(position) }
        if let screen { object["screen"] = .string(screen) }
        object["properties"] = .object(
            JSONObject(properties.keys.sorted().map { JSONObject.Member(key: $0, value: .string(properties[$0]!)) }))
        return .object(object)
    }
}
