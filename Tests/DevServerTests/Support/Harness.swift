import Foundation
@testable import DevServer

/// A server under test on a manual loop clock, and how a test drives it.
protocol ManualClockHarness {
    var port: UInt16 { get }
    var driver: LoopDriver { get }
}

extension ManualClockHarness {
    var clock: ManualLoopClock { driver.clock }

    /// Returns once the loops have handled everything that was ready or due.
    func settle() { driver.settle() }

    func nextDeadline() -> UInt64? { driver.nextDeadline() }

    func connect(from source: String? = nil) throws -> RawConnection { try RawConnection(port: port, from: source) }

    /// Moves the clock and waits until the loops have done what became due.
    func advance(by seconds: Double) {
        settle()
        clock.advance(by: seconds)
        settle()
    }

    /// Moves the clock from deadline to deadline until `connection` has an answer (or is
    /// closed); nil if nothing came within `steps` deadlines.
    func answer(on connection: RawConnection, steps: Int = 50) throws -> RawResponse? {
        for _ in 0..<steps {
            settle()
            if connection.hasData() { return try connection.readResponse() }
            guard let next = nextDeadline() else { continue }
            clock.advance(to: next)
        }
        return nil
    }

    /// Sends `bytes` on a fresh connection and reads one response, moving the clock as far as
    /// the answer's delay needs.
    func send(_ bytes: Data, from source: String? = nil) throws -> RawResponse {
        let connection = try connect(from: source)
        connection.send(bytes)
        guard let response = try answer(on: connection) else { throw ClientError(description: "closed without a response") }
        return response
    }

    func get(_ target: String, headers: [String: String] = [:], from source: String? = nil) throws -> RawResponse {
        try send(request("GET", target, headers: headers), from: source)
    }
}

/// A bare HTTPServer (no routes of the challenges) on a manual clock: `/` answers at once,
/// `/slow` after 2 s, `/big` with `bigBody`.
final class TestHTTP: ManualClockHarness {
    let http: HTTPServer
    let port: UInt16
    let driver: LoopDriver
    let recorder: Recorder

    init(host: String = "127.0.0.1", limits: HTTPLimits = HTTPLimits(), timeouts: ServerTimeouts = ServerTimeouts(),
         loops: Int = 1, calls: SystemCalls = .live, bigBody: Data = Data()) throws {
        let recorder = Recorder()
        let clock = ManualLoopClock()
        let driver = LoopDriver(clock: clock)
        self.recorder = recorder
        self.driver = driver
        http = HTTPServer(
            host: host, port: 0, limits: limits, timeouts: timeouts, loops: loops, clock: clock, calls: calls,
            handler: { request in
                switch request.path {
                case "/slow": DelayedResponse(.text(200, "slow"), after: 2)
                case "/big": DelayedResponse(.json(200, bigBody))
                default: DelayedResponse(.text(200, "ok \(request.body.count)"))
                }
            },
            logger: { method, path, status, seconds in
                recorder.recordLog("\(method) \(path) \(status) \(Int((seconds * 1000).rounded()))ms")
            },
            diagnostics: { recorder.recordDiagnostic($0) }, turnObserver: driver.observe)
        port = try http.start()
    }

    deinit {
        clock.advance(by: 1_000_000)
        http.stop(grace: 1)
    }
}
