import LassoSnapshot

/// An event a phone said it fired for a config it was sent (`GET /v1/live/echoes`): what the UI shows as "fired on the
/// phone".
public struct LiveEchoSummary: Sendable, Equatable {
    public var seq: Int
    public var pairing: String
    /// The name the phone gave the event.
    public var event: String
    public var content: String?
    public var path: String?
    public var position: String?
    public var screen: String?
    /// The values the event carried that are not the SDK's own (`$`-less): what the configs read.
    public var properties: [(key: String, value: String)]

    public init(
        seq: Int, pairing: String, event: String, content: String? = nil, path: String? = nil,
        position: String? = nil, screen: String? = nil, properties: [(key: String, value: String)] = []
    ) {
        self.seq = seq
        self.pairing = pairing
        self.event = event
        self.content = content
        self.path = path
        self.position = position
        self.screen = screen
        self.properties = properties
    }

    public init?(json: JSONValue) {
        guard let seq = json["seq"]?.doubleValue, let pairing = json["pairing"]?.stringValue,
            let event = json["event"]?.stringValue
        else { return nil }
        self.init(
            seq: Int(seq), pairing: pairing, event: event, content: json["content"]?.stringValue,
            path: json["path"]?.stringValue, position: json["position"]?.stringValue,
            screen: json["screen"]?.stringValue,
            properties: (json["properties"]?.objectValue?.members ?? []).map {
                (key: $0.key, value: $0.value.stringValue ?? $0.value.plainText)
            })
    }

    /// "fired on the phone: 加入购物车 · productId=P1003" (the status line's words).
    public var words: String {
        var text = "fired on the phone: " + (content.map { "「\($0)」" } ?? event)
        if let position { text += " row \(position)" }
        let values = properties.map { "\($0.key)=\($0.value)" }
        if !values.isEmpty { text += " · " + values.joined(separator: ", ") }
        return text
    }

    public static func == (left: LiveEchoSummary, right: LiveEchoSummary) -> Bool {
        left.seq == right.seq && left.pairing == right.pairing && left.event == right.event
            && left.content == right.content && left.path == right.path && left.position == right.position
            && left.screen == right.screen && left.properties.map(\.key) == right.properties.map(\.key)
            && left.properties.map(\.value) == right.properties.map(\.value)
    }
}
