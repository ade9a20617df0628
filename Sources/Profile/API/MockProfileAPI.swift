import Contract
import Core
import Synchronization

/// The embedded backend: an in-memory profile and password that obey the server's rules
/// (`ProfileRules`), with each endpoint's delay and outcome taken from a `MockEndpoint` (so the
/// fault panel and scenarios can slow it down or make it fail) and waited for on an injected
/// clock. Every simulated request is reported to an optional `NetworkMonitor` with the HTTP
/// backend's method and path (a password change as sensitive: no body is ever recorded).
public final class MockProfileAPI: ProfileAPI {
    /// The password the mock (and `challenge-server`) starts with.
    public static let defaultPassword = "password123"

    public let profileEndpoint: MockEndpoint
    public let updateEndpoint: MockEndpoint
    public let passwordEndpoint: MockEndpoint
    private let clock: any Clock<Duration>
    private let monitor: NetworkMonitor?

    struct Stored {
        var profile: UserProfile
        var password: Secret
        var attempts = WrongPasswordLimit()
    }

    let stored: Mutex<Stored>
    /// Time on the injected clock since the mock was made, for the wrong-password limit.
    private let elapsed: @Sendable () -> Duration

    public init(
        profile: UserProfile = .sample,
        password: Secret = Secret(MockProfileAPI.defaultPassword),
        profileEndpoint: MockEndpoint = MockEndpoint(ProfileEndpoint.profile.rawValue, behaviour: .instant),
        updateEndpoint: MockEndpoint = MockEndpoint(ProfileEndpoint.profileUpdate.rawValue, behaviour: .instant),
        passwordEndpoint: MockEndpoint = MockEndpoint(ProfileEndpoint.passwordChange.rawValue, behaviour: .instant),
        clock: any Clock<Duration>,
        monitor: NetworkMonitor? = nil
    ) {
        self.monitor = monitor
        self.stored = Mutex(Stored(profile: profile, password: password))
        self.profileEndpoint = profileEndpoint
        self.updateEndpoint = updateEndpoint
        self.passwordEndpoint = passwordEndpoint
        self.clock = clock
        self.elapsed = Self.stopwatch(clock)
    }

    private static func stopwatch<C: Clock>(_ clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// The three endpoints, for the fault panel.
    public var endpoints: [MockEndpoint] { [profileEndpoint, updateEndpoint, passwordEndpoint] }

    /// The profile as stored now.
    public var storedProfile: UserProfile { stored.withLock { $0.profile } }

    public func fetchProfile() async throws(APIError) -> UserProfile {
        try await reported(.profile) { () async throws(APIError) in
            try await answer(profileEndpoint, .profile)
            return storedProfile
        }
    }

    public func updateProfile(firstName: String, lastName: String) async throws(APIError) -> UserProfile {
        try await reported(.profileUpdate) { () async throws(APIError) in
            try await answer(updateEndpoint, .profileUpdate)
            switch ProfileRules.checkUpdate(firstName: firstName, lastName: lastName) {
            case .failure(let rejection):
                throw rejection.apiError
            case .success(let names):
                return stored.withLock { stored in
                    stored.profile.firstName = names.firstName
                    stored.profile.lastName = names.lastName
                    return stored.profile
                }
            }
        }
    }

    public func changePassword(current: Secret, new: Secret, confirmation: Secret) async throws(APIError) {
        try await reported(.passwordChange, isSensitive: true) { () async throws(APIError) in
            try await answer(passwordEndpoint, .passwordChange)
            let rejection: ProfileRejection? = stored.withLock { stored in
                // Checked and changed under one lock: two changes at once cannot both pass.
                let rejection = ProfileRules.checkPasswordChange(
                    current: current, new: new, confirmation: confirmation, stored: stored.password,
                    attempts: &stored.attempts, at: elapsed())
                if rejection == nil { stored.password = new }
                return rejection
            }
            if let rejection { throw rejection.apiError }
        }
    }

    /// Runs one simulated request and reports it to the monitor: 200, or the error the caller
    /// gets (a rule's 400/403/422 included, as the HTTP server would answer them).
    private func reported<T>(
        _ endpoint: ProfileEndpoint, isSensitive: Bool = false, _ body: () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        let token = monitor?.begin(
            method: endpoint.method, path: endpoint.path, transport: .simulated, isSensitive: isSensitive)
        do {
            let value = try await body()
            if let token { monitor?.end(token, .response(status: 200)) }
            return value
        } catch {
            if let token { monitor?.end(token, .failure(error)) }
            throw error
        }
    }

    /// Waits the planned delay, then throws the planned failure, or returns to let the request
    /// run on the stored data.
    private func answer(_ endpoint: MockEndpoint, _ name: ProfileEndpoint) async throws(APIError) {
        switch try await endpoint.play(on: clock) {
        case .success:
            return
        case .failure(.status(let status)):
            throw Self.injectedRejection(status: status).apiError
        case .failure(.answer(let status, let code, let message)):
            throw ProfileRejection(status: status, code: code, message: message).apiError
        case .failure(.malformed):
            throw .undecodable("the \(name.rawValue) response is not the contract's JSON")
        case .failure(let failure):
            throw failure.apiError
        }
    }
}
