/// The server's side of the profile rules: the app's mock backend and `challenge-server` both
/// apply them, so both refuse the same things with the same codes (see Docs/profile.md).
///
/// | check | status | code |
/// |---|---|---|
/// | a name missing or blank | 400 | `firstName` / `lastName` |
/// | a name over 50 characters | 400 | `firstName` / `lastName` |
/// | a name with a control character (`ESC`, a tab, a line break inside it) | 422 | `firstName` / `lastName` |
/// | a password field missing or empty | 400 | `currentPassword` / `newPassword` / `passwordConfirmation` |
/// | the 6th change within a minute of 5 wrong current passwords | 429 + `Retry-After` | `tooManyAttempts` |
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

    /// "Too many attempts — try again in 42 s": the 429's message, and what the app shows next
    /// to Current Password.
    public static func tooManyAttemptsMessage(seconds: Int) -> String { "Too many attempts — try again in \(seconds) s" }

    /// The seconds a `tooManyAttemptsMessage` names, so the app can count them down.
    public static func secondsToWait(in message: String) -> Int? {
        let prefix = "Too many attempts — try again in ", suffix = " s"
        guard message.hasPrefix(prefix), message.hasSuffix(suffix) else { return nil }
        return Int(message.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Said once a `tooManyAttemptsMessage`'s wait has passed.
    public static let mayTryAgainMessage = "Too many attempts — you may try again now"

    /// Whether a name holds a character that is not text: a C0 or C1 control (ESC starts a
    /// terminal escape sequence, `A\u{1b}[2J` would clear the screen of whoever shows it), or a
    /// line or paragraph separator. Format characters such as the zero-width joiner of emoji
    /// sequences are text and allowed.
    public static func hasControlCharacter(_ name: String) -> Bool {
        name.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    public static func controlCharacterMessage(_ field: ProfileField) -> String {
        "\(field.label) may not contain control characters"
    }

    /// Passwords compared as their UTF-8 bytes, in time that depends on their lengths only, never
    /// on where they differ. (`==` on strings compares canonically equivalent texts as equal and
    /// stops at the first difference.)
    public static func isSamePassword(_ a: Secret, _ b: Secret) -> Bool {
        let x = Array(a.revealed.utf8), y = Array(b.revealed.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }

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
            if hasControlCharacter(name) {
                return .failure(ProfileRejection(status: 422, code: field.rawValue, message: controlCharacterMessage(field)))
            }
        }
        return .success((trimmed(firstName ?? ""), trimmed(lastName ?? "")))
    }

    /// Why a password change is refused, or `nil` when `new` may replace `stored`.
    /// The order is the server's: missing fields (400), too many wrong passwords (429), wrong
    /// current password (403, counted in `attempts`), rules (422). `now` is the caller's clock.
    public static func checkPasswordChange(
        current: Secret?, new: Secret?, confirmation: Secret?, stored: Secret,
        attempts: inout WrongPasswordLimit, at now: Duration
    ) -> ProfileRejection? {
        let given: [(ProfileField, Secret?)] = [(.currentPassword, current), (.newPassword, new), (.passwordConfirmation, confirmation)]
        for (field, value) in given where value?.isEmpty ?? true {
            return ProfileRejection(status: 400, code: field.rawValue, message: "\(field.label) is required")
        }
        guard let current, let new, let confirmation else { return nil }
        if let seconds = attempts.secondsToWait(at: now) {
            return ProfileRejection(
                status: 429, code: "tooManyAttempts", message: tooManyAttemptsMessage(seconds: seconds), retryAfter: seconds)
        }
        if !isSamePassword(current, stored) {
            attempts.recordWrong(at: now)
            return ProfileRejection(status: 403, code: "wrongCurrentPassword", message: wrongCurrentPasswordMessage)
        }
        if new.count < minimumPasswordLength {
            return ProfileRejection(
                status: 422, code: "passwordTooShort",
                message: "The new password must be at least \(minimumPasswordLength) characters")
        }
        if isSamePassword(new, current) {
            return ProfileRejection(status: 422, code: "passwordUnchanged", message: "The new password must differ from the current one")
        }
        if !isSamePassword(confirmation, new) {
            return ProfileRejection(status: 422, code: "passwordMismatch", message: "The new password and its confirmation don't match")
        }
        return nil
    }

    /// The same, for one change on its own (no count of earlier wrong passwords).
    public static func checkPasswordChange(current: Secret?, new: Secret?, confirmation: Secret?, stored: Secret) -> ProfileRejection? {
        var attempts = WrongPasswordLimit()
        return checkPasswordChange(current: current, new: new, confirmation: confirmation, stored: stored, attempts: &attempts, at: .zero)
    }
}
