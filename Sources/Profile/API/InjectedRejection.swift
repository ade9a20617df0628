import Contract

extension MockProfileAPI {
    /// The answer of an injected failure with `status` (fault panel, scenarios), with a code and
    /// message that fit the endpoint: a 400 of the update names First Name, of the password
    /// change Current Password; a 403 of the password change is a wrong current password; a 422
    /// a too short new password.
    static func injectedRejection(status: Int, endpoint: ProfileEndpoint) -> ProfileRejection {
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
            ProfileRejection(status: 403, code: "wrongCurrentPassword", message: ProfileRules.wrongCurrentPasswordMessage)
        case (403, _):
            ProfileRejection(status: 403, code: "forbidden", message: "Not allowed")
        case (404, _):
            ProfileRejection(status: 404, code: "notFound", message: "Not found")
        case (422, .passwordChange):
            ProfileRejection(
                status: 422, code: "passwordTooShort",
                message: "The new password must be at least \(ProfileRules.minimumPasswordLength) characters")
        case (422, _):
            ProfileRejection(status: 422, code: "unprocessable", message: "The request breaks a rule")
        case (500...599, _):
            ProfileRejection(status: status, code: "internalError", message: "Something went wrong")
        default:
            ProfileRejection(status: status, code: "error", message: "The request failed")
        }
    }
}
