import DevServer
import Foundation
import Testing
@testable import challenge_bench

/// The bench's load generators against a real challenge-server in process, briefly: they
/// count answers, time them, and spread clients over source addresses. No timing is asserted.
@Suite struct LoadGeneratorTests {
    func server(_ configure: (inout DevServerConfiguration) -> Void = { _ in }) throws -> (DevServer, UInt16) {
        var configuration = DevServerConfiguration()
        configuration.port = 0
        configuration.login = NavigationOverride(delay: 0, succeeds: true)
        configure(&configuration)
        let server = DevServer(configuration: configuration, environment: DevServerEnvironment(time: .system, log: { _ in }))
        return (server, try server.start())
    }

    @Test func keepAliveLoadCountsAndTimesEveryAnswer() throws {
        let (server, port) = try server()
        defer { server.stop() }
        let result = KeepAliveLoad(port: port, path: "/rLogin", connections: 4, seconds: 0.3).run()
        #expect(result.requests > 0)
        #expect(result.errors == 0)
        #expect(result.latencies.count == result.requests)
        #expect(result.latencies == result.latencies.sorted())
        #expect(result.p99 != nil)
        #expect(result.perSecond > 0)
    }

    @Test func keepAliveLoadCountsErrorStatuses() throws {
        let (server, port) = try server()
        defer { server.stop() }
        let result = KeepAliveLoad(port: port, path: "/nowhere", connections: 1, seconds: 0.1).run()
        #expect(result.requests == 0)
        #expect(result.errors > 0)
    }

    @Test func aBurstSpreadOverSourceAddressesIsAnsweredWhole() throws {
        let (server, port) = try server { $0.login = NavigationOverride(delay: 0.2, succeeds: true) }
        defer { server.stop() }
        let result = ConcurrentBurst(port: port, path: "/rLogin", clients: 300, sourceAddresses: 3, timeout: 20).run()
        #expect(result.answered200 == 300)
        #expect(result.failures == 0)
        #expect(result.seconds >= 0.2)
    }

    @Test func aBurstPastThePerAddressCapSeesTheRefusals() throws {
        var limits = HTTPLimits()
        limits.maxConnectionsPerAddress = 10
        let (server, port) = try server {
            $0.login = NavigationOverride(delay: 0.2, succeeds: true)
            $0.limits = limits
        }
        defer { server.stop() }
        let result = ConcurrentBurst(port: port, path: "/rLogin", clients: 30, sourceAddresses: 1, timeout: 20).run()
        #expect(result.answered200 == 10)
        // The refused are told 503; one whose request crossed the server's close sees a reset.
        #expect(result.statuses[503, default: 0] + result.failures == 20)
        #expect(result.statuses[503, default: 0] > 0)
    }

    @Test func noServerMeansFailuresNotAHang() {
        let result = ConcurrentBurst(port: 1, path: "/", clients: 3, sourceAddresses: 1, timeout: 2).run()
        #expect(result.failures == 3)
        let load = KeepAliveLoad(port: 1, path: "/", connections: 1, seconds: 0.05).run()
        #expect(load.requests == 0 && load.errors > 0)
    }

    @Test func theNodeScriptIsWrittenWhereAsked() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("node-script-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try NodeServerScript.write(into: directory)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("http.createServer"))
        #expect(text.contains("setTimeout(answer, delay)"))
    }
}
