import Foundation
import Synchronization
@testable import DevServer

/// What the injected sleep was asked for, and the log lines written.
final class Recorder: Sendable {
    private let state = Mutex<(sleeps: [Double], log: [String])>(([], []))

    var sleeps: [Double] { state.withLock { $0.sleeps } }
    var log: [String] { state.withLock { $0.log } }

    func recordSleep(_ seconds: Double) { state.withLock { $0.sleeps.append(seconds) } }
    func recordLog(_ line: String) { state.withLock { $0.log.append(line) } }
}

/// A small valid articles array: the real sample lives in the Articles module.
let testArticlesJSON = Data("""
[{"id":1,"title":"Realigned multimedia framework","description":"nisl aenean lectus","author":"ann@example.com","release_date":"6/25/2018","image":"http://dummyimage.com/366x582.png/5fa2dd/ffffff"},
 {"id":2,"title":"Second","description":"two","author":"bob@example.com","release_date":"12/1/2020","image":"http://dummyimage.com/100x100.png/000000/ffffff"}]
""".utf8)

/// The instant in tests: 2024-01-01T00:00:00Z.
let testNow = Date(timeIntervalSince1970: 1_704_067_200)

/// A DevServer on an ephemeral port whose sleeps return at once (and are recorded) unless a
/// test passes its own.
final class TestServer {
    let server: DevServer
    let port: UInt16
    let recorder: Recorder

    init(_ configure: (inout DevServerConfiguration) -> Void = { _ in },
         sleep: (@Sendable (Double) -> Void)? = nil) throws {
        var configuration = DevServerConfiguration(articlesJSON: testArticlesJSON)
        configuration.port = 0
        configuration.seed = 1
        configuration.randomDelay = 0...0
        // Navigation requests succeed unless a test asks for the coin.
        configuration.login = NavigationOverride(succeeds: true)
        configuration.fetchExperiments = NavigationOverride(succeeds: true)
        configuration.submitSelection = NavigationOverride(succeeds: true)
        configure(&configuration)
        let recorder = Recorder()
        self.recorder = recorder
        let environment = DevServerEnvironment(
            sleep: sleep ?? { recorder.recordSleep($0) },
            now: { testNow },
            log: { recorder.recordLog($0) }
        )
        server = DevServer(configuration: configuration, environment: environment)
        port = try server.start()
    }

    deinit { server.stop() }

    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// Sends `bytes` on a fresh connection and reads one response.
    func send(_ bytes: Data) throws -> RawResponse {
        let connection = try connect()
        connection.send(bytes)
        guard let response = try connection.readResponse() else { throw ClientError(description: "closed without a response") }
        return response
    }

    func get(_ target: String, headers: [String: String] = [:]) throws -> RawResponse {
        try send(request("GET", target, headers: headers))
    }

    func post(_ target: String, json: String, headers: [String: String] = [:]) throws -> RawResponse {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { $1 }
        return try send(request("POST", target, headers: all, body: Data(json.utf8)))
    }
}
