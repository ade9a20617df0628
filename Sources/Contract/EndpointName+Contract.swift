import Core

/// Every request of the three challenges by the name scenario files and the fault panel use.
extension EndpointName {
    public static let rLogin = EndpointName(NavigationEndpoint.login.rawValue)
    public static let rFetchExperiments = EndpointName(NavigationEndpoint.fetchExperiments.rawValue)
    public static let rSubmitSelection = EndpointName(NavigationEndpoint.submitSelection.rawValue)
    public static let articles = EndpointName(ArticlesEndpoint.name)
    /// The articles' header images (the mock backend's pictures; Docs/images.md).
    public static let images = EndpointName("images")
    public static let profile = EndpointName(ProfileEndpoint.profile.rawValue)
    public static let profileUpdate = EndpointName(ProfileEndpoint.profileUpdate.rawValue)
    public static let passwordChange = EndpointName(ProfileEndpoint.passwordChange.rawValue)
}
