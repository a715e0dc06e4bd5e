import HTTPTypes
import Hummingbird
import LassoDocuments

/// The routes' paths and the methods each takes, so that another method on one of them is `405 Method Not Allowed`
/// with an `Allow` field listing those (RFC 9110 §15.5.6), while a path that is no route stays `404`. Every `GET` route
/// takes `HEAD` too (the router makes it from the `GET`, RFC 9110 §9.1), so `Allow` names both.
///
/// It is added to the router after the routes, so it wraps only the router's answer to what matched no route.
struct MethodNotAllowed<Context: RequestContext>: RouterMiddleware {
    /// Each route's path, `*` standing for one segment (an app key, a config id), and its methods.
    static var routes: [(path: [String], methods: [HTTPRequest.Method])] {
        [
            (["health"], [.get, .head]), (["health", "full"], [.get, .head]), (["v1", "ping"], [.get, .head]),
            (["v1", "apps", "*", "reports"], [.get, .head, .post]),
            (["config", "visualized", "iOS.conf"], [.get, .head]),
            (["config", "visualized", "Android.conf"], [.get, .head]), (["decide"], [.get, .head]),
            (["metrics"], [.get, .head]),
            // Live sessions (docs/live.md).
            (["live", "sensors", "*"], [.post]), (["v1", "live", "pairings"], [.post]),
            (["v1", "live", "pairings", "*"], [.delete]), (["v1", "live", "pairings", "*", "configs"], [.post]),
            (["v1", "live", "screens"], [.get, .head]), (["v1", "live", "screens", "*"], [.get, .head]),
            (["v1", "live", "echoes"], [.get, .head]),
        ]
            + DocumentKind.allCases.flatMap { kind -> [(path: [String], methods: [HTTPRequest.Method])] in
                [
                    (["v1", "apps", "*", kind.plural], [.get, .head]),
                    (["v1", "apps", "*", kind.plural, "*"], [.put, .delete]),
                ]
            }
    }

    /// The methods the route at `path` (percent-encoded, without the query) takes, or nil when it is no route.
    static func methods(at path: Substring) -> [HTTPRequest.Method]? {
        guard path.first == "/" else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return routes.first { route in
            route.path.count == segments.count
                && zip(route.path, segments).allSatisfy { pattern, segment in
                    pattern == "*" ? !segment.isEmpty : pattern == segment
                }
        }?.methods
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.string.prefix { $0 != "?" && $0 != "#" }
        guard let methods = Self.methods(at: path), !methods.contains(request.method) else {
            return try await next(request, context)
        }
        let allow = methods.map(\.rawValue).joined(separator: ", ")
        return Response(status: .methodNotAllowed, headers: [.allow: allow])
    }
}
