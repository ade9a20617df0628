import Foundation

/// challenge-server, embeddable: the routes of all three challenges on a small HTTP/1.1 server.
///
///     let server = DevServer(configuration: configuration)
///     let port = try server.start()   // event loops on their own threads
///     …
///     server.stop()                   // graceful: requests in flight finish
public final class DevServer: Sendable {
    public let configuration: DevServerConfiguration
    /// The seed actually used (the configured one, or a fresh one), so a run can be repeated
    /// with `--seed`.
    public let seed: UInt64
    private let http: HTTPServer
    private let baseURL: ServerBaseURL

    public init(configuration: DevServerConfiguration, environment: DevServerEnvironment = .live) {
        self.configuration = configuration
        let seed = configuration.seed ?? UInt64.random(in: 0...UInt64.max)
        self.seed = seed

        let baseURL = ServerBaseURL(host: configuration.host, port: configuration.port)
        self.baseURL = baseURL
        var router = Router()
        NavigationRoutes(configuration: configuration, seed: seed).install(in: &router)
        ArticlesRoutes(configuration: configuration, baseURL: baseURL).install(in: &router)
        ImageRoutes().install(in: &router)
        ProfileRoutes(configuration: configuration, environment: environment).install(in: &router)

        let log = environment.log
        let now = environment.now
        http = HTTPServer(
            host: configuration.host, port: configuration.port,
            limits: configuration.limits, timeouts: configuration.timeouts,
            loops: configuration.eventLoops, clock: environment.clock,
            handler: { [router] request in router.respond(to: request) },
            logger: { method, path, status, seconds in
                log(RequestLog.line(at: now(), method: method, path: path, status: status, seconds: seconds))
            },
            flushLog: environment.flushLog,
            diagnostics: environment.diagnostics,
            turnObserver: environment.turnObserver
        )
    }

    /// Binds and starts serving; returns the port (the one the kernel chose for port 0).
    public func start() throws(DevServerError) -> UInt16 {
        let port = try http.start()
        baseURL.started(on: port)
        return port
    }

    /// Stops accepting, lets requests in flight finish (up to the configuration's
    /// `effectiveShutdownGrace`), then closes every connection. Returns when done.
    public func stop() {
        http.stop(grace: configuration.effectiveShutdownGrace)
    }

    /// Connections open now.
    public var openConnections: Int { http.openConnections }
}
