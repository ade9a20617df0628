/// The profile requests (the challenge's api.foo.com, served by challenge-server too). The raw
/// values are the names scenario files and the fault panel use.
public enum ProfileEndpoint: String, Hashable, Sendable, CaseIterable {
    /// `GET /profiles/mine`
    case profile
    /// `POST /profiles/update` with `{"firstName","lastName"}`
    case profileUpdate
    /// `POST /password/change` with `{"currentPassword","newPassword","passwordConfirmation"}`
    case passwordChange

    public var method: String {
        switch self {
        case .profile: "GET"
        case .profileUpdate, .passwordChange: "POST"
        }
    }

    public var path: String {
        switch self {
        case .profile: "/profiles/mine"
        case .profileUpdate: "/profiles/update"
        case .passwordChange: "/password/change"
        }
    }
}
