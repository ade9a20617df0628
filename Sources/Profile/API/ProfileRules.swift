import Core

/// A refusal as the server sends it: a status and the contract's error envelope.
public struct ProfileRejection: Error, Hashable, Sendable {
    public var status: Int
    public var envelope: StatusEnvelope

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.envelope = StatusEnvelope(code: code, message: message, exceptionName: Self.exceptionName(status))
    }

    /// What an HTTP client reports for it.
    public var apiError: APIError { .http(status: status, body: envelope.json) }

    private static func exceptionName(_ status: Int) -> String {
        switch status {
        case 400: "BadRequestException"
        case 401: "UnauthorizedException"
        case 403: "ForbiddenException"
        case 404: "NotFoundException"
        case 415: "UnsupportedMediaTypeException"
        case 422: "UnprocessableEntityException"
        case 500...599: "InternalServerErrorException"
        default: "HttpException"
        }
    }
}

/// The server's side of the profile rules: the mock backend and `challenge-server` (DevServer
/// depends on this module) both apply them, so both refuse the same things with the same codes.
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
    /// The seed's answer to a successful password change.
    public static let passwordChangedEnvelope = StatusEnvelope(code: "string", message: "Password Changed")

    /// The names to store (trimmed), or why they are refused. `nil` is a missing JSON key.
    public static func checkUpdate(firstName: String?, lastName: String?) -> Result<(firstName: String, lastName: String), ProfileRejection> {
        for (field, value) in [(ProfileField.firstName, firstName), (.lastName, lastName)] {
            let name = ProfileValidation.trimmed(value ?? "")
            if name.isEmpty {
                return .failure(ProfileRejection(status: 400, code: field.rawValue, message: "\(field.label) is required"))
            }
            if name.count > ProfileValidation.maximumNameLength {
                return .failure(ProfileRejection(
                    status: 400, code: field.rawValue,
                    message: "\(field.label) must be at most \(ProfileValidation.maximumNameLength) characters"))
            }
        }
        return .success((ProfileValidation.trimmed(firstName ?? ""), ProfileValidation.trimmed(lastName ?? "")))
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
            return ProfileRejection(status: 403, code: "wrongCurrentPassword", message: ProfileCopy.wrongCurrentPassword)
        }
        if new.count < ProfileValidation.minimumPasswordLength {
            return ProfileRejection(
                status: 422, code: "passwordTooShort",
                message: "The new password must be at least \(ProfileValidation.minimumPasswordLength) characters")
        }
        if new == current {
            return ProfileRejection(status: 422, code: "passwordUnchanged", message: "The new password must differ from the current one")
        }
        if confirmation != new {
            return ProfileRejection(status: 422, code: "passwordMismatch", message: "The new password and its confirmation don't match")
        }
        return nil
    }

    /// The answer of an injected failure with `status` (fault panel, scenarios), with a code and
    /// message that fit the endpoint: a 400 of the update names First Name, of the password
    /// change Current Password; a 403 of the password change is a wrong current password; a 422
    /// a too short new password.
    public static func injectedRejection(status: Int, endpoint: ProfileEndpointName) -> ProfileRejection {
        switch (status, endpoint) {
        case (400, .profileUpdate):
            ProfileRejection(status: 400, code: "firstName", message: "First Name is required")
        case (400, .passwordChange):
            ProfileRejection(status: 400, code: "currentPassword", message: "Current Password is required")
        case (400, _):
            ProfileRejection(status: 400, code: "badRequest", message: "The request is not valid")
        case (401, _):
            ProfileRejection(status: 401, code: "unauthorized", message: "The token is missing, invalid or expired")
        case (403, .passwordChange):
            ProfileRejection(status: 403, code: "wrongCurrentPassword", message: ProfileCopy.wrongCurrentPassword)
        case (403, _):
            ProfileRejection(status: 403, code: "forbidden", message: "Not allowed")
        case (404, _):
            ProfileRejection(status: 404, code: "notFound", message: "Not found")
        case (422, .passwordChange):
            ProfileRejection(
                status: 422, code: "passwordTooShort",
                message: "The new password must be at least \(ProfileValidation.minimumPasswordLength) characters")
        case (422, _):
            ProfileRejection(status: 422, code: "unprocessable", message: "The request breaks a rule")
        case (500...599, _):
            ProfileRejection(status: status, code: "internalError", message: "Something went wrong")
        default:
            ProfileRejection(status: status, code: "error", message: "The request failed")
        }
    }
}

/// The names of the mock endpoints (fault panel, scenario files).
public enum ProfileEndpointName: String, Hashable, Sendable, CaseIterable {
    case profile
    case profileUpdate
    case passwordChange
}
