import Hummingbird
import Logging
import ServiceLifecycle

/// The config server: a Hummingbird application over a store, stopping gracefully on SIGTERM and SIGINT.
public struct ConfigServer: Sendable {
    public var host: String
    public var port: Int
    public var store: any ConfigStore
    public var token: AdminToken
    public var logger: Logger
    /// Services to run beside the HTTP server (a PostgreSQL connection pool).
    public var services: [any Service]

    public init(
        host: String = "127.0.0.1", port: Int = 8080, store: any ConfigStore, token: AdminToken, logger: Logger,
        services: [any Service] = []
    ) {
        self.host = host
        self.port = port
        self.store = store
        self.token = token
        self.logger = logger
        self.services = services
    }

    /// The router with every route of the API.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        ConfigAPI(store: store, token: token, logger: logger).register(on: router)
        return router
    }

    /// The application; `onRunning` gets the port it listens on (useful with port 0).
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Runs until SIGTERM or SIGINT, then finishes the requests in flight and closes the store.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        do {
            try await application(onRunning: onRunning).runService()
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}
