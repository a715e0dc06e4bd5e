import Foundation

/// The SDKs whose live session a phone can open on `lasso serve`, as `lasso live pair --sdk` names them.
public enum LiveSDK: String, Sendable, CaseIterable, Codable {
    /// Sensors Analytics' iOS SDK (4.x): posts its screen every second.
    case sensors
    /// Sensors Analytics' Android SDK (6.x): posts its screen a second after each answer.
    case sensorsAndroid = "sensors-android"
    case growingio
    case mixpanel

    /// Whether this server answers the SDK's live session yet; the others are refused when paired, in words.
    public var isServed: Bool {
        switch self {
        case .sensors, .sensorsAndroid: true
        case .growingio, .mixpanel: false
        }
    }

    /// The app scheme of a link: Sensors' links are `sa<scheme>://…`, and the whole scheme may be given.
    static func sensorsScheme(_ scheme: String) -> String { scheme.hasPrefix("sa") ? scheme : "sa" + scheme }

    /// The link the phone opens to start the session, for a server reached at `server` (scheme, host, port, no
    /// trailing path), the pairing's secret and the Sensors project.
    ///
    /// Sensors: `sa<scheme>://visualized?feature_code=…&url=<upload URL>` (sa-sdk-ios `SAVisualizedManager.m`
    /// L177-225 reads `feature_code` and `url`, and compares the upload URL's `project` with its own; sa-sdk-android
    /// `SASchemeHelper.java` L58-77 the same), the upload URL percent-encoded as a query value.
    public func link(server: String, secret: String, pairing: String, project: String, scheme: String) -> String {
        let upload = uploadURL(server: server, secret: secret, project: project)
        return "\(Self.sensorsScheme(scheme))://visualized?feature_code=\(pairing)&url=\(Self.queryValue(upload))"
    }

    /// Where the phone posts its screens: the pairing's secret in the path, the project as Sensors checks it.
    public func uploadURL(server: String, secret: String, project: String) -> String {
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        return "\(base)/live/sensors/\(secret)?project=\(Self.queryValue(project))"
    }

    /// `text` percent-encoded to stand as one query value: only letters, digits and `-._~` are left as they are.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
