/// The fields of the profile requests, in the order the screen shows them. The raw values are
/// the JSON keys of the request bodies and the `code` of a refusal that concerns one field.
public enum ProfileField: String, Hashable, Sendable, CaseIterable {
    case firstName
    case lastName
    case currentPassword
    case newPassword
    case passwordConfirmation

    public var label: String {
        switch self {
        case .firstName: "First Name"
        case .lastName: "Last Name"
        case .currentPassword: "Current Password"
        case .newPassword: "New Password"
        case .passwordConfirmation: "Re-enter Password"
        }
    }

    /// Password fields: shown masked, compared as `Secret`s, never logged.
    public var isSecret: Bool {
        switch self {
        case .firstName, .lastName: false
        case .currentPassword, .newPassword, .passwordConfirmation: true
        }
    }
}
