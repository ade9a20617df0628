/// The server's side of the profile rules: the app's mock backend and `challenge-server` both
/// apply them, so both refuse the same things with the same codes (see Docs/profile.md).
///
/// | check | status | code |
/// |---|---|---|
/// | a name missing or blank | 400 | `firstName` / `lastName` |
/// | a name over 50 characters | 400 | `firstName` / `lastName` |
/// | a password field missing or empty | 400 | `currentPassword` / `newPassword` / `passwordConfirmation` |
/// | wrong current password | 403 | `wrongCurrentPassword` |
/// | new password under 8 characters | 422 | `passwordTooShort` |
/// | new password equal to the current one | 422 | `passwordUnchanged` |
/// | confirmation differs from the new password | 422 | `passwordMismatch` |
public enum ProfileRules {
    /// Names are at most this many characters (Characters, not bytes), after trimming.
    public static let maximumNameLength = 50
    /// New passwords have at least this many characters.
    public static let minimumPasswordLength = 8
    public static let wrongCurrentPasswordMessage = "The current password is wrong"

    /// What is stored for a name: the text without leading and trailing whitespace.
    public static func trimmed(_ name: String) -> String {
        let start = name.firstIndex { !$0.isWhitespace } ?? name.endIndex
        let end = name.lastIndex { !$0.isWhitespace }.map(name.index(after:)) ?? start
        return String(name[start..<max(start, end)])
    }

    /// The challenge's answer to a successful password change.
    public static let passwordChangedEnvelope = StatusEnvelope(code: "string", message: "Password Changed")

    /// The names to store (trimmed), or why they are refused. `nil` is a missing JSON key.
    public static func checkUpdate(firstName: String?, lastName: String?) -> Result<(firstName: String, lastName: String), ProfileRejection> {
        for (field, value) in [(ProfileField.firstName, firstName), (.lastName, lastName)] {
            let name = trimmed(value ?? "")
            if name.isEmpty {
                return .failure(ProfileRejection(status: 400, code: field.rawValue, message: "\(field.label) is required"))
            }
            if name.count > maximumNameLength {
                return .failure(ProfileRejection(
                    status: 400, code: field.rawValue,
                    message: "\(field.label) must be at most \(maximumNameLength) characters"))
            }
        }
        return .success((trimmed(firstName ?? ""), trimmed(lastName ?? "")))
    }

    /// Why a password change is refused, or `nil` when `new` may replace `stored`.
    /// The order is the server's: missing fields (400), wrong current password (403), rules (422).
    public static func checkPasswordChange(current: Secret?, new: Secret?, confirmation: Secret?, stored: Secret) -> ProfileRejection? {
        let given: [(ProfileField, Secret?)] = [(.currentPassword, current), (.newPassword, new), (.passwordConfirmation, confirmation)]
        for (field, value) in given where value?.isEmpty ?? true {
            return ProfileRejection(status: 400, code: field.rawValue, message: "\(field.label) is required")
        }
        guard let current, let new, let confirmation else { return nil }
        if current != stored {
            return ProfileRejection(status: 403, code: "wrongCurrentPassword", message: wrongCurrentPasswordMessage)
        }
        if new.count < minimumPasswordLength {
            return ProfileRejection(
                status: 422, code: "passwordTooShort",
                message: "The new password must be at least \(minimumPasswordLength) characters")
        }
        if new == current {
            return ProfileRejection(status: 422, code: "passwordUnchanged", message: "The new password must differ from the current one")
        }
        if confirmation != new {
            return ProfileRejection(status: 422, code: "passwordMismatch", message: "The new password and its confirmation don't match")
        }
        return nil
    }
}
