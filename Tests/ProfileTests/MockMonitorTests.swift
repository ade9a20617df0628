import Contract
import Core
import Foundation
import Testing
@testable import Profile

/// The profile mock reports its three requests like the HTTP backend, and never a password.
@Suite struct MockProfileMonitorTests {
    @Test func theThreeRequestsAreReportedWithTheHTTPMethodsAndPaths() async throws {
        let monitor = NetworkMonitor(time: .system)
        let api = MockProfileAPI(clock: ContinuousClock(), monitor: monitor)
        _ = try await api.fetchProfile()
        _ = try await api.updateProfile(firstName: "Ada", lastName: "Lovelace")
        try await api.changePassword(
            current: Secret(MockProfileAPI.defaultPassword), new: Secret("n3w-secret-pw"), confirmation: Secret("n3w-secret-pw"))
        #expect(monitor.history.map(\.method) == ["GET", "POST", "POST"])
        #expect(monitor.history.map(\.path) == ["/profiles/mine", "/profiles/update", "/password/change"])
        #expect(monitor.history.allSatisfy { $0.outcome == .response(status: 200) && $0.transport == .simulated })
        let password = monitor.history[2]
        #expect(password.isSensitive)
        #expect(password.requestBody == nil && password.responseBody == nil)
        #expect(!String(describing: monitor.history).contains("n3w-secret-pw"))
    }

    @Test func injectedAndRuleFailuresAreReportedAsTheCallerSeesThem() async throws {
        let monitor = NetworkMonitor(time: .system)
        let api = MockProfileAPI(
            profileEndpoint: MockEndpoint("profile", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(401)))),
            clock: ContinuousClock(), monitor: monitor)
        await #expect(throws: APIError.self) { try await api.fetchProfile() }
        await #expect(throws: APIError.self) {
            try await api.changePassword(current: Secret("wrong-one"), new: Secret("abcdefgh1"), confirmation: Secret("abcdefgh1"))
        }
        #expect(monitor.history.map(\.outcome.status) == [401, 403])
    }
}
