import Core

/// Every request of the three challenges by the name scenario files and the fault panel use.
extension EndpointName {
    public static let rLogin = EndpointName(NavigationEndpoint.login.rawValue)
    public static let rFetchExperiments = EndpointName(NavigationEndpoint.fetchExperiments.rawValue)
    public static let rSubmitSelection = EndpointName(NavigationEndpoint.submitSelection.rawValue)
    public static let articles = EndpointName(ArticlesEndpoint.name)
    public static let profile = EndpointName(ProfileEndpoint.profile.rawValue)
    public static let profileUpdate = EndpointName(ProfileEndpoint.profileUpdate.rawValue)
    public static let passwordChange = EndpointName(ProfileEndpoint.passwordChange.rawValue)
}
