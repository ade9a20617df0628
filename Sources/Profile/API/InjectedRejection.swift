import Contract

extension MockProfileAPI {
    /// The answer of an injected failure with `status` (fault panel, scenarios): the contract's
    /// error envelope with a code for the status alone, naming no field, and no message, so the
    /// screen shows its generic answer for that status. An injected failure knows nothing of
    /// what was typed: a field and a message of its own would contradict the screen ("First Name
    /// is required" under a filled-in name). A scenario that wants a field's error names the
    /// field and the message itself (`SimulatedFailure.answer`; Docs/live-tools.md).
    static func injectedRejection(status: Int) -> ProfileRejection {
        let code = switch status {
        case 400: "badRequest"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "notFound"
        case 422: "unprocessable"
        case 429: "tooManyRequests"
        case 500...599: "internalError"
        default: "error"
        }
        return ProfileRejection(status: status, code: code, message: "")
    }
}
