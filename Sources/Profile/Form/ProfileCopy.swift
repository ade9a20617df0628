import Contract
import Core

/// Every sentence the profile screen shows, in one place so the screen, the mock backend and the
/// tests agree on the words.
public enum ProfileCopy {
    public static let title = "User Profile"
    public static let backButton = "Dashboard"
    public static let usernameLabel = "Username"
    public static let loading = "Loading profile…"
    public static let retryHint = Wording.retryHint

    /// What an empty field shows, dimmed, so it is seen (and says what goes there).
    public static func placeholder(_ field: ProfileField) -> String {
        switch field {
        case .firstName: "your first name"
        case .lastName: "your last name"
        case .currentPassword: "the password you have now"
        case .newPassword: "at least \(ProfileRules.minimumPasswordLength) characters"
        case .passwordConfirmation: "the new password again"
        }
    }

    // Section messages.
    public static let noChanges = "No changes to save"
    public static let profileSaved = "Profile saved"
    public static let passwordChanged = "Password changed"
    public static let unexpectedResponse = "Unexpected response from the server"
    public static let cancelled = "Cancelled"

    // What happened, for failures the server did not put into words. Each says it once; what
    // would help is the advice after it (`ProfileFailure.advice(for:)`).

    /// No answer at all: the words every screen uses for it (`APIError.message`).
    public static func unreachable(_ error: APIError) -> String { error.message }

    /// The server answered, and failed: "Server error 500: the server failed", or how the answer
    /// was broken.
    public static func serverFailed(_ error: APIError) -> String {
        if let status = error.status { return "Server error \(status): the server failed" }
        return error.message
    }

    /// 401. The token itself is never shown.
    public static let tokenRefused = "The server refused the token (401)"

    /// A refusal naming no field: its status in words, then the server's message if it sent one.
    public static func rejected(status: Int, message: String?, request: ProfileRequest) -> String {
        let what = request == .load ? "the request" : "the change"
        let said: String = switch status {
        case 400: message == nil ? "The server refused \(what) as invalid (400)" : "The server refused \(what) (400)"
        case 403: "This account may not do that (403)"
        case 404: "The server has no such address (404)"
        case 422: message == nil ? "The server refused \(what) by its rules (422)" : "The server refused \(what) (422)"
        case 429: "Too many requests (429)"
        default: "The server refused \(what) (\(status))"
        }
        return message.map { "\(said): \($0)" } ?? said
    }

    // What would help.
    public static let saveAgain = "Save again to retry"
    public static let tokenAdvice = "Set a valid CHALLENGE_TUI_TOKEN and start again"
    public static let otherAccountAdvice = "Use another account's token (CHALLENGE_TUI_TOKEN)"
    public static let serverAddressAdvice = "Check the server address (--server)"
    public static let checkFieldsAdvice = "Check the fields and save again"
    public static let changeValuesAdvice = "Change the values and save again"
    public static let waitThenSave = "Wait a moment, then save again"
    public static let waitThenRetry = "Wait a moment, then press r"

    /// For a refusal the mock backend's scenario injected, where advice about the token or the
    /// server's address would mislead.
    public static func scenarioAdvice(for request: ProfileRequest) -> String {
        request == .load ? "Injected by the scenario: f changes it, r retries" : "Injected by the scenario: f changes it"
    }

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

    /// Under a name field that holds as much as it may: the keys that add nothing are explained.
    public static func fieldFull(maximum: Int) -> String {
        "Full: at most \(maximum) characters"
    }

    public static let passwordUnchanged = "Choose a password different from the current one"
    public static let passwordMismatch = "The passwords don't match"
    public static let wrongCurrentPassword = ProfileRules.wrongCurrentPasswordMessage
    /// A 429 without a message of its own (the server's says how long to wait).
    public static let tooManyAttempts = "Too many attempts — try again later"
}
