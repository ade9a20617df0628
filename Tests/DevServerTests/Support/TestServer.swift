import Foundation
import Glibc
import Synchronization
@testable import DevServer

/// The log lines written, and what they say about each answer's delay.
final class Recorder: Sendable {
    private let state = Mutex<(log: [String], diagnostics: [String])>(([], []))

    var log: [String] { state.withLock { $0.log } }
    var diagnostics: [String] { state.withLock { $0.diagnostics } }

    /// The durations of the logged requests, in milliseconds (the last field of each line).
    var durations: [Int] {
        log.compactMap { line in line.split(separator: " ").last.flatMap { Int($0.dropLast(2)) } }
    }

    func recordLog(_ line: String) { state.withLock { $0.log.append(line) } }
    func recordDiagnostic(_ line: String) { state.withLock { $0.diagnostics.append(line) } }
}

/// A small valid articles array: the real sample lives in the Articles module.
let testArticlesJSON = Data("""
[{"id":1,"title":"Realigned multimedia framework","description":"nisl aenean lectus","author":"ann@example.com","release_date":"6/25/2018","image":"http://dummyimage.com/366x582.png/5fa2dd/ffffff"},
 {"id":2,"title":"Second","description":"two","author":"bob@example.com","release_date":"12/1/2020","image":"http://dummyimage.com/100x100.png/000000/ffffff"}]
""".utf8)

/// The instant in tests: 2024-01-01T00:00:00Z.
let testNow = Date(timeIntervalSince1970: 1_704_067_200)

/// A DevServer on an ephemeral port with one event loop on a manual clock: nothing waits in
/// real time; a test moves the clock (`advance`) to end delays and pass deadlines.
final class TestServer {
    let server: DevServer
    let port: UInt16
    let recorder: Recorder
    let clock: ManualLoopClock

    init(_ configure: (inout DevServerConfiguration) -> Void = { _ in }) throws {
        var configuration = DevServerConfiguration(articlesJSON: testArticlesJSON)
        configuration.port = 0
        configuration.seed = 1
        configuration.randomDelay = 0...0
        configuration.eventLoops = 1
        // Navigation requests succeed unless a test asks for the coin.
        configuration.login = NavigationOverride(succeeds: true)
        configuration.fetchExperiments = NavigationOverride(succeeds: true)
        configuration.submitSelection = NavigationOverride(succeeds: true)
        configure(&configuration)
        let recorder = Recorder()
        let clock = ManualLoopClock()
        self.recorder = recorder
        self.clock = clock
        let environment = DevServerEnvironment(
            clock: clock, now: { testNow }, log: { recorder.recordLog($0) }, diagnostics: { recorder.recordDiagnostic($0) })
        server = DevServer(configuration: configuration, environment: environment)
        port = try server.start()
    }

    deinit {
        // Everything pending ends first, so stopping never waits on the manual clock.
        clock.advance(by: 1_000_000)
        server.stop()
    }

    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// Moves the clock and waits until the loop has done what became due.
    func advance(by seconds: Double) {
        server.settle()
        clock.advance(by: seconds)
        server.settle()
    }

    /// Moves the clock from deadline to deadline until `connection` has an answer; nil if none
    /// came within `steps` deadlines.
    func answer(on connection: RawConnection, steps: Int = 50) throws -> RawResponse? {
        for _ in 0..<steps {
            server.settle()
            if connection.hasData() { return try connection.readResponse() }
            guard let next = server.nextDeadline() else { continue }
            clock.advance(to: next)
        }
        return nil
    }

    /// Sends `bytes` on a fresh connection and reads one response, moving the clock as far as
    /// the answer's delay needs.
    func send(_ bytes: Data) throws -> RawResponse {
        let connection = try connect()
        connection.send(bytes)
        guard let response = try answer(on: connection) else { throw ClientError(description: "closed without a response") }
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
