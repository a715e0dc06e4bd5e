import Hummingbird

/// Lets a request through to the write routes only with the admin token: 401 without it, 403 on a read-only server.
struct AdminTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: AdminToken

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try token.check(request)
        return try await next(request, context)
    }
}
