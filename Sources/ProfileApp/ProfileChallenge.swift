import AppShell
import CommandLineKit
import Contract
import Core
import Profile
import TUI

extension ChallengeID {
    public static let profile = ChallengeID(rawValue: "profile")
}

extension Challenge {
    /// The profile challenge's registration. Its screen handles every error of the contract in
    /// its own way, so the fault panel offers each.
    package static let profile = Challenge(
        id: .profile, title: "Profile", summary: "Load, edit names, change password; every server error handled",
        endpoints: [.profile, .profileUpdate, .passwordChange],
        extraFaults: [.status(400), .status(401), .status(403), .status(422), .timeout, .refused, .malformed],
        makeScreen: { environment in FeatureHost(ProfileFeature(environment: environment), executor: environment.executor) },
        settings: [ProfileSettings.token.erased],
        serverFaults: ["challenge-server --profile-fail 2 — the first 2 profile requests answer 500"],
        // Only when it was last saved is kept here; the profile itself is the backend's.
        progress: ChallengeProgress(
            what: "when the profile was last saved",
            isKept: { store throws(StoreError) in try ProfileSaves.last(in: store) != nil }
        ) { environment throws(StoreError) in
            try ProfileSaves.forget(in: environment.store)
            return "The profile's last save is forgotten (the profile itself is the backend's)"
        },
        standing: { context throws(StoreError) in
            guard let last = try ProfileSaves.last(in: context.store) else { return "not saved yet" }
            // The mock keeps a saved profile only until the app quits (Docs/profile.md, "The mock
            // backend"): the line says so rather than promise what the next run won't show.
            let note = context.keepsNothing ? " (in memory only)" : context.isMockBackend ? " (mock: forgotten at exit)" : ""
            return (last.kind == .names ? "names saved " : "password changed ") + context.clockTime(last.date) + note
        },
        keyGuides: { [NamedKeyGuide(name: "profile", guide: ProfileKeyMap.keyMap.guide)] },
        dependencies: [ProfileAPIKey.self])
}

/// The profile's key in the configuration file.
package enum ProfileSettings {
    /// `profileToken`: the JWT sent as `Authorization: Bearer …`; `CHALLENGE_TUI_TOKEN` stands
    /// for it (checked at start the same way).
    package static let token = ChallengeSetting<String>(
        ["profileToken"], default: DevToken.default,
        variable: Definition(BearerToken.environmentKey, "the profile challenge's bearer token, over the configured one"),
        secret: true,
        read: { reader throws(ConfigurationError) in
            let token = try reader.string()
            if let problem = tokenProblem(token) { throw reader.error(problem) }
            return token
        },
        write: { .string($0) })

    /// The longest token accepted: a JSON web token is a few hundred characters; anything near
    /// this is not one.
    package static let maximumTokenLength = 8192

    /// Whether `token` may go into an `Authorization: Bearer` header as it is: only the
    /// characters of base64url and `.` (a JSON web token's alphabet), at most
    /// `maximumTokenLength` of them. Anything else (a line break, a space, a colon) could forge
    /// or split headers. Empty means "no token".
    package static func isValidToken(_ token: String) -> Bool {
        token.utf8.count <= maximumTokenLength && token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// Why `token` is refused, in words that never repeat it (it is a secret).
    package static func tokenProblem(_ token: String) -> String? {
        if isValidToken(token) { return nil }
        if token.utf8.count > maximumTokenLength {
            return "expected a JSON web token of at most \(maximumTokenLength) characters, got \(token.utf8.count)"
        }
        return "expected a JSON web token (letters, digits, -, _ and . only); this one holds other characters"
            + " (a space, a line break, a colon…), which could forge HTTP headers"
    }
}

/// The profile backend: the mock (its profile and password kept for the app's lifetime, so a
/// profile saved in one visit is there in the next) or HTTP with the configured token.
package enum ProfileAPIKey: DependencyKey {
    package static func make(_ environment: AppEnvironment) -> any ProfileAPI {
        switch environment.options.backend {
        case .http:
            let token = BearerToken.pick(environment: environment.variables, configured: environment.configuration[ProfileSettings.token])
            return HTTPProfileAPI(client: environment.httpClient, baseURL: environment.configuration.serverURL, token: token)
        case .mock:
            return MockProfileAPI(
                profileEndpoint: environment.mock.endpoint(.profile), updateEndpoint: environment.mock.endpoint(.profileUpdate),
                passwordEndpoint: environment.mock.endpoint(.passwordChange), clock: environment.clock,
                monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var profileAPI: any ProfileAPI { self[ProfileAPIKey.self] }
}
