import Contract

/// Every sentence the profile screen shows, in one place so the screen, the mock backend and the
/// tests agree on the words.
public enum ProfileCopy {
    public static let title = "User Profile"
    public static let backButton = "‹ Dashboard"
    public static let usernameLabel = "Username"
    public static let loading = "Loading profile…"
    public static let retryHint = "Press r to try again"

    // Section messages.
    public static let noChanges = "No changes to save"
    public static let profileSaved = "Profile saved"
    public static let passwordChanged = "Password changed"
    public static let sessionExpired = "Your session has expired"
    public static let unreachable = "Couldn't reach the server — try again"
    public static let unexpectedResponse = "Unexpected response from the server"
    public static let cancelled = "Cancelled"

    // Field messages (validation, and defaults when the server gives no message).
    public static func required(_ field: ProfileField) -> String {
        switch field {
        case .firstName: "Enter a first name"
        case .lastName: "Enter a last name"
        case .currentPassword: "Enter your current password"
        case .newPassword: "Enter a new password"
        case .passwordConfirmation: "Re-enter the new password"
        }
    }

    public static func tooLong(_ field: ProfileField, maximum: Int) -> String {
        "\(field.label) must be at most \(maximum) characters"
    }

    public static func passwordTooShort(minimum: Int) -> String {
        "Use at least \(minimum) characters"
    }

    public static let passwordUnchanged = "Choose a password different from the current one"
    public static let passwordMismatch = "The passwords don't match"
    public static let wrongCurrentPassword = ProfileRules.wrongCurrentPasswordMessage
    /// A 429 without a message of its own (the server's says how long to wait).
    public static let tooManyAttempts = "Too many attempts — try again later"
}
