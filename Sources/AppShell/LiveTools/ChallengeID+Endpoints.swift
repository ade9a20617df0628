import Contract
import Core

extension ChallengeID {
    /// The mock endpoints this challenge calls, in the order the fault panel lists them.
    var endpoints: [EndpointName] {
        switch self {
        case .navigation: [.rLogin, .rFetchExperiments, .rSubmitSelection]
        case .articles: [.articles]
        case .profile: [.profile, .profileUpdate, .passwordChange]
        }
    }
}

extension EndpointName {
    /// Every endpoint of every challenge, in the fault panel's order.
    public static var all: [EndpointName] { ChallengeID.allCases.flatMap(\.endpoints) }
}
