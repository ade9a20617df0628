import Contract
import Core
import Testing
import CoreTesting
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct MockProfileAPITests {
    private func expectRejection(
        _ expected: (status: Int, code: String), sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws(APIError) -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected a \(expected.status)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.status == expected.status, sourceLocation: sourceLocation)
            #expect(error.statusEnvelope?.code == expected.code, sourceLocation: sourceLocation)
        }
    }

    @Test func startsWithTheSeedsProfileAndTheDefaultPassword() async throws {
        let api = MockProfileAPI(clock: ContinuousClock())
        #expect(try await api.fetchProfile() == UserProfile(firstName: "Johnny B", userName: "iOS User", lastName: "Goode"))
        #expect(api.isCurrentPassword("password123"))
        #expect(MockProfileAPI.defaultPassword == "password123")
        #expect(api.endpoints.map(\.name) == ["profile", "profileUpdate", "passwordChange"])
    }

    @Test func savedNamesComeBackFromTheNextFetch() async throws {
        let api = MockProfileAPI(clock: ContinuousClock())
        let saved = try await api.updateProfile(firstName: "  Jane ", lastName: "Doe")
        #expect(saved == UserProfile(firstName: "Jane", userName: "iOS User", lastName: "Doe"))
        #expect(try await api.fetchProfile() == saved)
        #expect(api.storedProfile == saved)
    }

    @Test func invalidNamesAre400NamingTheField() async {
        let api = MockProfileAPI(clock: ContinuousClock())
        await expectRejection((400, "firstName")) { () throws(APIError) in _ = try await api.updateProfile(firstName: " ", lastName: "x") }
        await expectRejection((400, "lastName")) { () throws(APIError) in
            _ = try await api.updateProfile(firstName: "x", lastName: String(repeating: "y", count: 51))
        }
        #expect(api.storedProfile == .sample)
    }

    /// The mock applies the server's limit on its injected clock: 5 wrong in a minute, then 429.
    @Test func fiveWrongCurrentPasswordsInAMinuteAreThenRefusedWith429() async throws {
        let clock = ManualClock()
        let api = MockProfileAPI(clock: clock)
        for _ in 1...5 {
            await expectRejection((403, "wrongCurrentPassword")) { () throws(APIError) in
                try await api.changePassword(current: "nope-nope", new: "abcdefgh", confirmation: "abcdefgh")
            }
            clock.advance(by: .seconds(1))
        }
        await expectRejection((429, "tooManyAttempts")) { () throws(APIError) in
            try await api.changePassword(current: "password123", new: "abcdefgh", confirmation: "abcdefgh")
        }
        clock.advance(by: .seconds(55))
        try await api.changePassword(current: "password123", new: "abcdefgh", confirmation: "abcdefgh")
        #expect(api.isCurrentPassword("abcdefgh"))
    }

    @Test func aChangedPasswordBecomesTheCurrentOne() async throws {
        let api = MockProfileAPI(clock: ContinuousClock())
        try await api.changePassword(current: "password123", new: "correct horse", confirmation: "correct horse")
        #expect(api.isCurrentPassword("correct horse"))
        #expect(!api.isCurrentPassword("password123"))
        // The old one is now wrong.
        await expectRejection((403, "wrongCurrentPassword")) { () throws(APIError) in
            try await api.changePassword(current: "password123", new: "another one", confirmation: "another one")
        }
        try await api.changePassword(current: "correct horse", new: "another one", confirmation: "another one")
        #expect(api.isCurrentPassword("another one"))
    }

    @Test(arguments: [
        ("", "correct horse", "correct horse", 400, "currentPassword"),
        ("password123", "", "x", 400, "newPassword"),
        ("password123", "correct horse", "", 400, "passwordConfirmation"),
        ("wrong", "correct horse", "correct horse", 403, "wrongCurrentPassword"),
        ("password123", "short", "short", 422, "passwordTooShort"),
        ("password123", "password123", "password123", 422, "passwordUnchanged"),
        ("password123", "correct horse", "correct hoarse", 422, "passwordMismatch"),
    ])
    func passwordRulesAreTheServers(_ current: String, _ new: String, _ confirmation: String, _ status: Int, _ code: String) async {
        let api = MockProfileAPI(clock: ContinuousClock())
        await expectRejection((status, code)) { () throws(APIError) in
            try await api.changePassword(current: Secret(current), new: Secret(new), confirmation: Secret(confirmation))
        }
        #expect(api.isCurrentPassword("password123"))
    }

    /// An injected status names no field and brings no message: whatever was typed, the screen
    /// shows the generic answer for the status (Docs/live-tools.md).
    @Test(arguments: [
        (ProfileEndpoint.profileUpdate, 400, "badRequest"), (.passwordChange, 400, "badRequest"), (.profile, 400, "badRequest"),
        (.profile, 401, "unauthorized"), (.passwordChange, 403, "forbidden"), (.profileUpdate, 403, "forbidden"),
        (.profile, 404, "notFound"), (.passwordChange, 422, "unprocessable"), (.profileUpdate, 422, "unprocessable"),
        (.passwordChange, 429, "tooManyRequests"),
        (.profile, 500, "internalError"), (.profileUpdate, 503, "internalError"), (.passwordChange, 418, "error"),
    ])
    func injectedStatusesAnswerTheContractsEnvelope(_ endpoint: ProfileEndpoint, _ status: Int, _ code: String) async {
        let behaviour = EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(status)))
        let api = MockProfileAPI(
            profileEndpoint: MockEndpoint("profile", behaviour: behaviour),
            updateEndpoint: MockEndpoint("profileUpdate", behaviour: behaviour),
            passwordEndpoint: MockEndpoint("passwordChange", behaviour: behaviour), clock: ContinuousClock())
        await expectRejection((status, code)) { () throws(APIError) in
            switch endpoint {
            case .profile: _ = try await api.fetchProfile()
            case .profileUpdate: _ = try await api.updateProfile(firstName: "A", lastName: "B")
            case .passwordChange: try await api.changePassword(current: "password123", new: "correct horse", confirmation: "correct horse")
            }
        }
        // An injected failure changes nothing stored.
        #expect(api.storedProfile == .sample && api.isCurrentPassword("password123"))
    }

    /// A scenario's answer that names a field and a message is answered as written.
    @Test func anInjectedAnswerNamingAFieldIsAnsweredAsWritten() async {
        let answer = SimulatedFailure.answer(status: 422, code: "lastName", message: "Last Name is taken")
        let api = MockProfileAPI(
            updateEndpoint: MockEndpoint("profileUpdate", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(answer))),
            clock: ContinuousClock())
        await expectRejection((422, "lastName")) { () throws(APIError) in
            _ = try await api.updateProfile(firstName: "A", lastName: "B")
        }
        do {
            _ = try await api.updateProfile(firstName: "A", lastName: "B")
        } catch {
            #expect(error.statusEnvelope?.message == "Last Name is taken")
        }
    }

    @Test(arguments: [
        (SimulatedFailure.malformed, APIError.undecodable("the profile response is not the contract's JSON")),
        (.timeout, .timedOut), (.refused, .connectionRefused), (.offline, .offline),
    ])
    func transportFailuresAreTheirAPIError(_ failure: SimulatedFailure, _ expected: APIError) async {
        let api = MockProfileAPI(profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 0...0, outcomes: .failNext(1, failure))), clock: ContinuousClock())
        await #expect(throws: expected) { try await api.fetchProfile() }
        // The pattern moves on: the next request succeeds.
        await #expect(throws: Never.self) { try await api.fetchProfile() }
    }

    @Test func aCancelledRequestWaitingOnItsDelayIsCancelled() async {
        let api = MockProfileAPI(updateEndpoint: MockEndpoint("profileUpdate", behaviour: .init(delay: 600...600, outcomes: .alwaysSucceed)), clock: ContinuousClock())
        let task = Task { () throws(APIError) -> UserProfile in try await api.updateProfile(firstName: "Jane", lastName: "Doe") }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
        #expect(api.storedProfile == .sample)
    }

    @Test func eachEndpointWaitsItsOwnDelayOnTheInjectedClock() async throws {
        let clock = ImmediateClock()
        let api = MockProfileAPI(
            profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 1...1, outcomes: .alwaysSucceed)),
            updateEndpoint: MockEndpoint("profileUpdate", behaviour: .init(delay: 2...2, outcomes: .alwaysSucceed)),
            passwordEndpoint: MockEndpoint("passwordChange", behaviour: .init(delay: 3...3, outcomes: .alwaysFail(.status(500)))),
            clock: clock)
        _ = try await api.fetchProfile()
        _ = try await api.updateProfile(firstName: "A", lastName: "B")
        await #expect(throws: APIError.self) { try await api.changePassword(current: "a", new: "b", confirmation: "b") }
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(3)])
    }
}
