import LassoDocuments

/// The route a request's target falls under, as a metric's label says it: the route's pattern (`/v1/apps/{appKey}/
/// configs`), never the app key or id themselves, so that the labels stay few whatever clients send.
enum RouteName {
    static let other = "other"

    /// The route of a request target (path and query, as the request line has it).
    static func of(target: String) -> String {
        var path = Substring(target)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].isEmpty else { return other }
        switch parts.count {
        case 2:
            return single[String(parts[1])] ?? other
        case 3:
            if parts[1] == "health", parts[2] == "full" { return "/health/full" }
            if parts[1] == "v1", parts[2] == "ping" { return "/v1/ping" }
            return other
        case 4 where parts[1] == "live" && parts[2] == "sensors":
            return "/live/sensors/{secret}"
        case 4 where parts[1] == "v1" && parts[2] == "live":
            return parts[3] == "pairings" || parts[3] == "screens" || parts[3] == "echoes"
                ? "/v1/live/\(parts[3])" : other
        case 5 where parts[1] == "v1" && parts[2] == "live":
            return parts[3] == "pairings"
                ? "/v1/live/pairings/{id}" : parts[3] == "screens" ? "/v1/live/screens/{id}" : other
        case 6 where parts[1] == "v1" && parts[2] == "live" && parts[3] == "pairings" && parts[5] == "configs":
            return "/v1/live/pairings/{id}/configs"
        case 4:
            guard parts[1] == "config", parts[2] == "visualized" else { return other }
            return visualized[String(parts[3])] ?? other
        case 5, 6:
            guard parts[1] == "v1", parts[2] == "apps", !parts[3].isEmpty else { return other }
            let kind = String(parts[4])
            if parts.count == 5 { return collections[kind] ?? other }
            guard !parts[5].isEmpty else { return other }
            return documents[kind] ?? other
        default:
            return other
        }
    }

    private static let single = ["health": "/health", "metrics": "/metrics", "decide": "/decide"]
    private static let visualized = Dictionary(
        uniqueKeysWithValues: SensorsVisualizedConfig.Platform.allCases.map {
            ("\($0.rawValue).conf", "/config/visualized/\($0.rawValue).conf")
        })
    /// `configs`, `reports` and each other kind: the collection's route.
    private static let collections = Dictionary(
        uniqueKeysWithValues: (DocumentKind.allCases.map(\.plural) + ["reports"]).map {
            ($0, "/v1/apps/{appKey}/\($0)")
        })
    /// One document of a kind: its route.
    private static let documents = Dictionary(
        uniqueKeysWithValues: DocumentKind.allCases.map(\.plural).map { ($0, "/v1/apps/{appKey}/\($0)/{id}") })

    /// The route of the SDK's GET, which the event loop answers: named once, so its counters are made once.
    static let configs = "/v1/apps/{appKey}/configs"
}
