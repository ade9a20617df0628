import Core

extension ChallengeID {
    /// The mock endpoints this challenge calls, in the order the fault panel lists them.
    var endpoints: [ScenarioEndpoint] {
        switch self {
        case .navigation: [.rLogin, .rFetchExperiments, .rSubmitSelection]
        case .articles: [.articles]
        case .profile: [.profile, .profileUpdate, .passwordChange]
        }
    }
}
