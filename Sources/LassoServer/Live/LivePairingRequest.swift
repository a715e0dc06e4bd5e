import Foundation
import HTTPTypes
import LassoSnapshot

/// What `POST /v1/live/pairings` is asked, checked: the SDK, the server address the phone reaches, the app's scheme, the
/// Sensors project and how many hours the pairing lasts.
struct LivePairingRequest: Sendable {
    var sdk: LiveSDK
    var server: String
    var scheme: String
    var project: String
    var hours: Int

    /// The most hours a pairing lasts.
    static let longest = 24 * 7

    init(_ object: JSONObject) throws(APIError) {
        func text(_ name: String) -> String? { object[name]?.stringValue }
        let names = LiveSDK.allCases.map(\.rawValue).joined(separator: ", ")
        guard let sdkName = text("sdk"), let sdk = LiveSDK(rawValue: sdkName) else {
            throw APIError(
                .badRequest, "sdk: expected one of \(names), found \(object["sdk"]?.kindDescription ?? "none")")
        }
        guard sdk.isServed else {
            throw APIError(
                .unprocessableContent,
                "sdk: lasso serve does not answer \(sdkName)'s live session yet; sensors and sensors-android are served"
            )
        }
        guard let server = text("server"), let url = URL(string: server),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false,
            url.query == nil, url.fragment == nil, !server.contains(where: { $0.isWhitespace })
        else {
            throw APIError(
                .badRequest,
                "server: expected the address the phone reaches the server at (http:// or https://host:port), found \(object["server"]?.stringValue.map { "\"\($0.prefix(200))\"" } ?? "none")"
            )
        }
        guard let given = text("scheme"), !given.isEmpty, case let appScheme = LiveSDK.sensorsScheme(given),
            appScheme.count <= 64, appScheme.count > 2,
            appScheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }),
            appScheme.first?.isLetter == true
        else {
            throw APIError(
                .badRequest,
                "scheme: expected the app's URL scheme (letters, digits, + - .; Sensors: sa…), found \(object["scheme"]?.stringValue.map { "\"\($0.prefix(64))\"" } ?? "none")"
            )
        }
        for name in ["server", "scheme", "project"] where object[name] != nil && object[name]?.stringValue == nil {
            throw APIError(.badRequest, "\(name): expected a string, found \(object[name]!.kindDescription)")
        }
        if let hours = object["hours"], !hours.isNull {
            guard case .number = hours else {
                throw APIError(
                    .badRequest,
                    "hours: expected a whole number from 1 to \(Self.longest), found \(hours.kindDescription)")
            }
        }
        let project = text("project") ?? "default"
        guard !project.isEmpty, project.count <= 200,
            project.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else {
            throw APIError(
                .badRequest,
                "project: expected a Sensors project name (letters, digits, _ -), found \"\(project.prefix(200))\"")
        }
        let hours = object["hours"].flatMap { if case .number(let text) = $0 { Double(text) } else { nil } } ?? 8
        guard hours == hours.rounded(), hours >= 1, hours <= Double(Self.longest) else {
            throw APIError(.badRequest, "hours: expected a whole number from 1 to \(Self.longest)")
        }
        self.sdk = sdk
        self.server = server
        self.scheme = appScheme
        self.project = project
        self.hours = Int(hours)
    }
}
