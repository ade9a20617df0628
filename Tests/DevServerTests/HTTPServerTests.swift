import Contract
import Foundation
import Synchronization
import Testing
@testable import DevServer

/// Runs `body` on a Foundation thread (blocking socket I/O stays out of the cooperative pool)
/// and lets the test wait for it.
final class Background<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is written once before `done` is signalled and read only after.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Value) {
        Thread { [self] in
            value = body()
            done.signal()
        }.start()
    }

    func wait(timeout: Double = 30) -> Value? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return value
    }
}

@Suite(.timeLimit(.minutes(10))) struct HTTPServerTests {
    @Test func unknownPathIs404() throws {
        let server = try TestServer()
        let response = try server.get("/nowhere")
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.headers["content-length"] == String(response.body.count))
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let server = try TestServer()
        let response = try server.send(request("DELETE", "/rLogin"))
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET")
        let post = try server.send(request("GET", "/profiles/update"))
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "POST")
    }

    @Test func malformedRequestLineIs400AndClosesTheConnection() throws {
        let server = try TestServer()
        let connection = try server.connect()
        connection.send("THIS IS NOT HTTP\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 400)
        #expect(response.headers["connection"] == "close")
        #expect(try connection.waitForClose())
        #expect(try server.get("/rLogin").status == 200)
    }

    @Test func binaryGarbageNeverTakesTheServerDown() throws {
        let server = try TestServer()
        for seed in 0..<20 {
            var random = SplitMix(seed: UInt64(seed))
            let garbage = Data((0..<(64 + seed * 97)).map { _ in UInt8(truncatingIfNeeded: random.next()) }) + Data("\r\n\r\n".utf8)
            let connection = try server.connect()
            connection.send(garbage)
            _ = try? connection.readResponse()
        }
        #expect(try server.get("/rLogin").status == 200)
    }

    @Test func oversizedHeadersAre431() throws {
        let server = try TestServer()
        let big = String(repeating: "x", count: 20 * 1024)
        let response = try server.send(Data("GET /rLogin HTTP/1.1\r\nX-Big: \(big)\r\n\r\n".utf8))
        #expect(response.status == 431)
    }

    @Test func oversizedBodyIs413WithoutReadingIt() throws {
        let server = try TestServer()
        let response = try server.send(Data("POST /profiles/update HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n".utf8))
        #expect(response.status == 413)
    }

    @Test func chunkedRequestBodyIs411() throws {
        let server = try TestServer()
        let response = try server.send(Data("POST /profiles/update HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8))
        #expect(response.status == 411)
    }

    @Test func clientHangingUpMidBodyLeavesTheServerServing() throws {
        let server = try TestServer()
        do {
            let connection = try server.connect()
            connection.send("POST /profiles/update HTTP/1.1\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{\"firstN")
            connection.shutdownWrite()
            #expect(try connection.waitForClose())
        }
        do {
            let connection = try server.connect()
            connection.send("GET /rLogin HTTP/1.1\r\nHo")  // and gone, mid-head
        }
        #expect(try server.get("/rLogin").status == 200)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try TestServer()
        let connection = try server.connect()
        for _ in 0..<3 {
            connection.send(request("GET", "/rLogin", close: false))
            let response = try #require(try connection.readResponse())
            #expect(response.status == 200)
            #expect(response.headers["connection"] == "keep-alive")
        }
        // Pipelined: two requests in one write, two answers in order.
        connection.send(request("GET", "/nowhere", close: false) + request("GET", "/rFetchExperiments", close: true))
        #expect(try connection.readResponse()?.status == 404)
        let last = try #require(try connection.readResponse())
        #expect(last.status == 200)
        #expect(last.headers["connection"] == "close")
        #expect(try connection.waitForClose())
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let server = try TestServer()
        let closing = try server.connect()
        closing.send("GET /rLogin HTTP/1.0\r\n\r\n")
        #expect(try closing.readResponse()?.headers["connection"] == "close")
        #expect(try closing.waitForClose())

        let keeping = try server.connect()
        keeping.send("GET /rLogin HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keeping.readResponse()?.headers["connection"] == "keep-alive")
        keeping.send("GET /rLogin HTTP/1.0\r\n\r\n")
        #expect(try keeping.readResponse()?.status == 200)
    }

    @Test func aRequestThatStallsMidwayGets408() throws {
        let server = try TestServer()
        // From deadline to deadline until the answer comes: advancing the clock once, right
        // after sending, could come before a busy machine's server has read the head, and its
        // stall deadline would then start from the advanced time.
        let connection = try server.connect()
        connection.send("GET /rLogin HTTP/1.1\r\n")
        #expect(try server.answer(on: connection)?.status == 408)
        #expect(try connection.waitForClose())

        let body = try server.connect()
        body.send("POST /profiles/update HTTP/1.1\r\nContent-Length: 10\r\n\r\n{")
        #expect(try server.answer(on: body)?.status == 408)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let server = try TestServer()
        let connection = try server.connect()
        connection.send(request("GET", "/rLogin", close: false))
        #expect(try server.answer(on: connection)?.status == 200)
        server.advance(by: 4.999)
        #expect(!connection.hasData(), "still open just before 5 s")
        server.advance(by: 0.001)
        #expect(try connection.waitForClose())
        #expect(server.server.openConnections == 0)
    }

    @Test func twoHundredConcurrentTwoSecondRequestsOverlap() throws {
        // Each delay is a timer in the loop: all two hundred wait at once, none holds a thread.
        let server = try TestServer { $0.login = NavigationOverride(delay: 2, succeeds: true) }
        let connections = try (0..<200).map { _ in try server.connect() }
        for connection in connections { connection.send(request("GET", "/rLogin")) }
        server.advance(by: 1.999)
        #expect(connections.allSatisfy { !$0.hasData(timeout: 0) }, "nothing is answered before 2 s")
        server.advance(by: 0.001)
        #expect(try connections.allSatisfy { try $0.readResponse()?.status == 200 })
        #expect(server.recorder.durations == Array(repeating: 2000, count: 200), "all two hundred took 2 s of clock time")
    }

    @Test func stopLetsARequestInFlightFinish() throws {
        let server = try TestServer { $0.login = NavigationOverride(delay: 5, succeeds: true) }
        let port = server.port
        let idle = try server.connect()
        idle.send(request("GET", "/nowhere", close: false))
        #expect(try server.answer(on: idle)?.status == 404)

        let busy = try server.connect()
        busy.send(request("GET", "/rLogin", close: false))
        server.advance(by: 1)
        let devServer = server.server
        let stopping = Background { devServer.stop() }
        // The idle keep-alive connection is closed at once, while the request is still held.
        #expect(try idle.waitForClose())
        // A newcomer is refused: no connection, a 503, or a reset.
        if let late = try? RawConnection(port: port) {
            late.send(request("GET", "/rLogin"))
            let answer = try? late.readResponse(timeout: 2)
            #expect(answer?.status == nil || answer?.status == 503)
        }
        #expect(!busy.hasData(timeout: 0))
        server.clock.advance(by: 4)
        let response = try #require(try busy.readResponse())
        #expect(response.status == 200)
        #expect(response.headers["connection"] == "close")
        #expect(try busy.waitForClose())
        #expect(stopping.wait() != nil)
    }

    @Test func stopGivesUpOnRequestsThatOutlastTheGracePeriod() throws {
        let server = try TestServer {
            $0.shutdownGrace = 1
            $0.login = NavigationOverride(delay: 15, succeeds: true)
        }
        let idle = try server.connect()
        idle.send(request("GET", "/nowhere", close: false))
        #expect(try idle.readResponse()?.status == 404)
        let connection = try server.connect()
        connection.send(request("GET", "/rLogin"))
        server.advance(by: 0)
        let devServer = server.server
        let stopping = Background { devServer.stop() }
        #expect(try idle.waitForClose(), "stopping has begun")
        server.clock.advance(by: 0.5)
        #expect(!connection.hasData(timeout: 0.01), "within the grace period the request is still waited for")
        server.clock.advance(by: 0.5)
        // Closed unanswered at the end of the grace period: never a hang.
        #expect(try connection.readResponse() == nil)
        #expect(stopping.wait() != nil)
        server.server.stop()  // a second stop is harmless
    }

    @Test func startingTwiceOrOnABusyPortFails() throws {
        let server = try TestServer()
        #expect(throws: DevServerError.alreadyStarted) { try server.server.start() }
        var configuration = DevServerConfiguration()
        configuration.port = server.port
        let clash = DevServer(configuration: configuration)
        #expect {
            try clash.start()
        } throws: { error in
            guard case DevServerError.cannotBind = error else { return false }
            return (error as? DevServerError)?.message.contains("cannot listen") == true
        }
        var badHost = DevServerConfiguration()
        badHost.host = "not-an-address"
        #expect(throws: DevServerError.invalidHost("not-an-address")) { try DevServer(configuration: badHost).start() }
    }

    @Test func logsOneLinePerRequestWithoutQueryOrSecrets() throws {
        let server = try TestServer()
        _ = try server.get("/rSubmitSelection?sessionId=secret-session&selection=x")
        _ = try server.post("/password/change", json: #"{"currentPassword":"password123","newPassword":"hunter2hunter2","passwordConfirmation":"hunter2hunter2"}"#,
                            headers: ["Authorization": "Bearer \(DevToken.default)"])
        _ = try server.send(Data("NONSENSE\r\n\r\n".utf8))
        let log = server.recorder.log
        try #require(log.count == 3)
        #expect(log[0].hasPrefix("2024-01-01T00:00:00.000Z GET /rSubmitSelection 200 "))
        #expect(log[0].hasSuffix("ms"))
        #expect(log[1].contains("POST /password/change 200"))
        #expect(log[2].contains("- - 400"))
        for line in log {
            #expect(!line.contains("secret-session"))
            #expect(!line.contains("hunter2"))
            #expect(!line.contains(DevToken.default))
        }
    }

    @Test func expect100ContinueGetsAnInterimAnswerBeforeTheBody() throws {
        let server = try TestServer()
        let connection = try server.connect()
        let body = #"{"firstName":"A","lastName":"B"}"#
        connection.send("POST /profiles/update HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(DevToken.default)\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        #expect(try server.answer(on: connection)?.status == 100)
        connection.send(body)
        #expect(try server.answer(on: connection)?.status == 200)
    }

    @Test func aRequestTrickledByteByByteIsServed() throws {
        let server = try TestServer()
        let connection = try server.connect()
        for byte in request("GET", "/articles") { connection.send(Data([byte])) }
        #expect(try connection.readResponse()?.status == 200)
    }

    @Test func aStoppedServerCanStartAgain() throws {
        let server = try TestServer()
        server.server.stop()
        let port = try server.server.start()
        let connection = try RawConnection(port: port)
        connection.send(request("GET", "/articles"))
        #expect(try connection.readResponse()?.status == 200)
    }

    @Test func aFullServerRefusesWith503() throws {
        // One slot: the second connection is answered 503 while the first is open.
        var limits = HTTPLimits()
        limits.maxConnections = 1
        let http = HTTPServer(host: "127.0.0.1", port: 0, limits: limits, handler: { _ in DelayedResponse(.text(200, "ok")) },
                              logger: { _, _, _, _ in }, diagnostics: { _ in })
        let port = try http.start()
        defer { http.stop(grace: 1) }
        let first = try RawConnection(port: port)
        first.send(request("GET", "/", close: false))
        #expect(try first.readResponse()?.status == 200)
        let second = try RawConnection(port: port)
        #expect(try second.readResponse()?.status == 503)
    }
}

/// Bytes for the garbage test, independent of Core.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
