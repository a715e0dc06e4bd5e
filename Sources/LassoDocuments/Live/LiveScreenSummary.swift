import LassoSnapshot

/// A screen of the server's snapshot library as `GET /v1/live/screens` lists it: what `lasso live list` prints and
/// what the UI follows.
public struct LiveScreenSummary: Sendable, Equatable {
    public var id: Int64
    public var app: String
    public var version: String?
    public var screen: String
    public var sdk: String
    /// When the phone sent it (ISO 8601, as the server wrote it).
    public var time: String
    public var pairing: String

    public init(
        id: Int64, app: String, version: String?, screen: String, sdk: String, time: String, pairing: String
    ) {
        self.id = id
        self.app = app
        self.version = version
        self.screen = screen
        self.sdk = sdk
        self.time = time
        self.pairing = pairing
    }

    /// The summary in a listing's element; nil when it is not one.
    public init?(json: JSONValue) {
        guard let number = json["id"]?.doubleValue, number >= 1, let app = json["app"]?.stringValue,
            let screen = json["screen"]?.stringValue, let sdk = json["sdk"]?.stringValue,
            let time = json["time"]?.stringValue, let pairing = json["pairing"]?.stringValue
        else { return nil }
        self.init(
            id: Int64(number), app: app, version: json["version"]?.stringValue, screen: screen, sdk: sdk, time: time,
            pairing: pairing)
    }

    /// The summary as `lasso live list --json` prints it.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .number(String(id))
        object["app"] = .string(app)
        object["version"] = version.map(JSONValue.string) ?? .null
        object["screen"] = .string(screen)
        object["sdk"] = .string(sdk)
        object["time"] = .string(time)
        object["pairing"] = .string(pairing)
        return .object(object)
    }
}
