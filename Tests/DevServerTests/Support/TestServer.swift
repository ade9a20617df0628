import Core
import CoreTesting
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
final class TestServer: ManualClockHarness {
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
            time: .frozen(at: testNow), clock: clock, log: { recorder.recordLog($0) }, diagnostics: { recorder.recordDiagnostic($0) })
        server = DevServer(configuration: configuration, environment: environment)
        port = try server.start()
    }

    deinit {
        // Everything pending ends first, so stopping never waits on the manual clock.
        clock.advance(by: 1_000_000)
        server.stop()
    }

    func settle() { server.settle() }
    func nextDeadline() -> UInt64? { server.nextDeadline() }

    func post(_ target: String, json: String, headers: [String: String] = [:]) throws -> RawResponse {
        var all = ["Content-Type": "application/json"]
        all.merge(headers) { $1 }
        return try send(request("POST", target, headers: all, body: Data(json.utf8)))
    }
}
