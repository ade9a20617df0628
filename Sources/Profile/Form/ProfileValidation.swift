import Contract

/// The rules checked before any request (the mock backend enforces the same ones, as the server
/// does). Pure: values in, one message per offending field out.
public enum ProfileValidation {
    public static let maximumNameLength = ProfileRules.maximumNameLength
    public static let minimumPasswordLength = ProfileRules.minimumPasswordLength

    /// What is sent for a name: the text without leading and trailing whitespace.
    public static func trimmed(_ name: String) -> String { ProfileRules.trimmed(name) }

    /// Names are required after trimming, at most 50 characters (Characters, not bytes), and
    /// text only: no control characters (`ProfileRules.hasControlCharacter`).
    public static func nameError(_ field: ProfileField, _ value: String) -> String? {
        let name = trimmed(value)
        if name.isEmpty { return ProfileCopy.required(field) }
        if name.count > maximumNameLength { return ProfileCopy.tooLong(field, maximum: maximumNameLength) }
        if ProfileRules.hasControlCharacter(name) { return ProfileRules.controlCharacterMessage(field) }
        return nil
    }

    public static func validateNames(firstName: String, lastName: String) -> [ProfileField: String] {
        var errors: [ProfileField: String] = [:]
        errors[.firstName] = nameError(.firstName, firstName)
        errors[.lastName] = nameError(.lastName, lastName)
        return errors
    }

    /// All three fields are required; the new password has at least 8 characters, differs from
    /// the current one and equals its confirmation (a mismatch is reported under Re-enter
    /// Password, where the typo usually is). Passwords are taken verbatim, never trimmed.
    public static func validatePasswordChange(current: Secret, new: Secret, confirmation: Secret) -> [ProfileField: String] {
        var errors: [ProfileField: String] = [:]
        if current.isEmpty { errors[.currentPassword] = ProfileCopy.required(.currentPassword) }
        if new.isEmpty {
            errors[.newPassword] = ProfileCopy.required(.newPassword)
        } else if new.count < minimumPasswordLength {
            errors[.newPassword] = ProfileCopy.passwordTooShort(minimum: minimumPasswordLength)
        } else if !current.isEmpty && new == current {
            errors[.newPassword] = ProfileCopy.passwordUnchanged
        }
        if confirmation.isEmpty {
            errors[.passwordConfirmation] = ProfileCopy.required(.passwordConfirmation)
        } else if !new.isEmpty && confirmation != new {
            errors[.passwordConfirmation] = ProfileCopy.passwordMismatch
        }
        return errors
    }
}
