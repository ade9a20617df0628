import Foundation
import Glibc
import Testing
@testable import DevServer

/// One client can't lock the others out: connections are capped per source address, and the
/// global cap is as high as the descriptor limit allows.
@Suite(.timeLimit(.minutes(10))) struct ConnectionCapTests {
    /// The old server took 1,000 connections from anyone and answered the 1,001st 503, whoever
    /// sent it: one client's idle connections locked everyone out.
    @Test func aThousandIdleConnectionsFromOneAddressDoNotLockOutAnother() throws {
        let descriptors = ResourceLimits.raiseOpenFileLimit()
        try #require(descriptors >= 2600, "needs 2,600 descriptors (hard limit \(descriptors))")
        let server = try TestHTTP()
        let hog = try (0..<1000).map { _ in try server.connect(from: "127.0.0.1") }
        server.settle()
        #expect(server.http.openConnections == 1000)

        let refused = try server.send(request("GET", "/"), from: "127.0.0.1")
        #expect(refused.status == 503)
        #expect(refused.text == "Too many connections from 127.0.0.1: at most 1000 at once; close some and try again")

        let other = try server.send(request("GET", "/"), from: "127.0.0.2")
        #expect(other.status == 200, "another client is served")
        withExtendedLifetime(hog) {}
    }

    @Test func theCapCountsOpenConnectionsAndFreesSlotsOnClose() throws {
        var limits = HTTPLimits()
        limits.maxConnectionsPerAddress = 3
        let server = try TestHTTP(limits: limits)
        var open = try (0..<3).map { _ in try server.connect(from: "127.0.0.3") }
        server.settle()
        #expect(try server.get("/", from: "127.0.0.3").status == 503)
        #expect(try server.get("/", from: "127.0.0.3").status == 503)
        #expect(try server.get("/", from: "127.0.0.4").status == 200)
        // A client's close reaches the loop when the kernel says so, not when the test's turn
        // ends: settle until the loop has counted it (first the .4 client's, then ours).
        settle(server, untilOpen: 3)
        open.removeFirst()  // closed by the client
        settle(server, untilOpen: 2)
        #expect(try server.get("/", from: "127.0.0.3").status == 200)
        #expect(server.recorder.diagnostics == [
            "challenge-server: 127.0.0.3 has 3 connections open (the per-address cap); its new ones get 503 (reported once)",
        ], "two refusals, one line")
        withExtendedLifetime(open) {}
    }

    @Test func theGlobalCapRefusesEveryoneOnceFull() throws {
        var limits = HTTPLimits()
        limits.maxConnections = 2
        let server = try TestHTTP(limits: limits)
        let open = try (0..<2).map { index in try server.connect(from: "127.0.0.\(10 + index)") }
        server.settle()
        let refused = try server.get("/", from: "127.0.0.12")
        #expect(refused.status == 503)
        #expect(refused.text == "Server busy: 2 connections are open; try again later")
        withExtendedLifetime(open) {}
    }

    @Test func theDefaultCapsLetTenThousandClientsIn() {
        #expect(HTTPLimits().maxConnectionsPerAddress == 1000)
        let soft = ResourceLimits.raiseOpenFileLimit()
        #expect(ConnectionLimiter.defaultMaxConnections() == max(16, Int(soft) - 64))
        if soft >= 10_100 { #expect(ConnectionLimiter.defaultMaxConnections() >= 10_000) }
    }

    @Test func theLimiterCountsPerAddressAndInAll() {
        let limiter = ConnectionLimiter(maxConnections: 3, maxPerAddress: 2)
        #expect(limiter.admit(1) == .admitted)
        #expect(limiter.admit(1) == .admitted)
        #expect(limiter.admit(1) == .addressFull)
        #expect(limiter.admit(2) == .admitted)
        #expect(limiter.admit(3) == .serverFull)
        limiter.release(1)
        #expect(limiter.count == 2)
        #expect(limiter.admit(3) == .admitted)
        #expect(ConnectionLimiter.text(UInt32(0x7F00_0002).bigEndian) == "127.0.0.2")
    }

    /// Settles the loops until `count` connections are counted open (bounded: a close that never
    /// arrives fails the expectation below instead of hanging).
    private func settle(_ server: TestHTTP, untilOpen count: Int) {
        for _ in 0..<10_000 where server.http.openConnections != count { server.settle() }
        #expect(server.http.openConnections == count)
    }
}
