import Contract
import Core
import Profile

extension ChallengeID {
    public static let profile = ChallengeID(rawValue: "profile")
}

extension Challenge {
    /// The profile challenge's registration. Its screen handles every error of the contract in
    /// its own way, so the fault panel offers each.
    static let profile = Challenge(
        id: .profile, title: "Profile", summary: "Load, edit names, change password; every server error handled",
        endpoints: [.profile, .profileUpdate, .passwordChange],
        extraFaults: [.status(400), .status(401), .status(403), .status(422), .timeout, .refused, .malformed],
        makeScreen: { environment in FeatureHost(ProfileFeature(environment: environment), executor: environment.executor) })
}

/// The profile backend: the mock (its profile and password kept for the app's lifetime, so a
/// profile saved in one visit is there in the next) or HTTP with the configured token.
enum ProfileAPIKey: DependencyKey {
    static func make(_ environment: AppEnvironment) -> any ProfileAPI {
        switch environment.options.backend {
        case .http:
            let token = BearerToken.pick(environment: environment.variables, configured: environment.configuration.profileToken)
            return HTTPProfileAPI(client: environment.httpClient, baseURL: environment.configuration.serverURL, token: token)
        case .mock:
            return MockProfileAPI(
                profileEndpoint: environment.mockEndpoint(.profile), updateEndpoint: environment.mockEndpoint(.profileUpdate),
                passwordEndpoint: environment.mockEndpoint(.passwordChange), clock: environment.clock,
                monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var profileAPI: any ProfileAPI { self[ProfileAPIKey.self] }
}
