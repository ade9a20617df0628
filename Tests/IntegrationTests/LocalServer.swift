import Core
import DevServer
import Foundation

/// challenge-server in process, on an ephemeral port, with no delays: the HTTP implementations
/// of the app's APIs are tested against the real server, not a stub.
final class LocalServer {
    let server: DevServer
    let baseURL: URL
    /// A real libcurl client (CurlHTTPClient) with a short timeout.
    let client: CurlHTTPClient

    init(_ configure: (inout DevServerConfiguration) -> Void = { _ in }) throws {
        var configuration = DevServerConfiguration(articlesJSON: Data("[]".utf8))
        configuration.port = 0
        configuration.seed = 1
        configuration.randomDelay = 0...0
        configuration.login = NavigationOverride(delay: 0, succeeds: true)
        configuration.fetchExperiments = NavigationOverride(delay: 0, succeeds: true)
        configuration.submitSelection = NavigationOverride(delay: 0, succeeds: true)
        configure(&configuration)
        server = DevServer(configuration: configuration, environment: DevServerEnvironment(time: .system, log: { _ in }))
        let port = try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        client = CurlHTTPClient(time: .system, timeout: .seconds(5))
    }

    deinit { server.stop() }
}
