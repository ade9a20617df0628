import Contract
import Core

/// A failed request, in the terms the screen shows: under a field, or as the section's (or the
/// loading screen's) message. Each says what happened once, and `advice` what would help
/// (Docs/profile.md, "How server answers are shown").
public enum ProfileFailure: Hashable, Sendable {
    /// Shown under the field: the server's `code` named it (a 400 or 422 naming a field, a 403
    /// `wrongCurrentPassword`), or a 429 of the password change (too many wrong passwords).
    case field(ProfileField, String)
    /// 401: the token is missing, invalid or expired.
    case tokenRefused
    /// No answer: offline, the connection refused, or no answer in time.
    case unreachable(APIError)
    /// The server answered, but failed: a 5xx, an answer cut short or not HTTP, one too large.
    case serverFailed(APIError)
    /// A 2xx whose body is not what the contract promises.
    case unexpectedResponse
    /// Any other refusal: its status, and the server's own message when it sent one (it names
    /// the rule broken).
    case rejected(status: Int, message: String?)
    /// The request was cancelled (the screen went away); nothing to show.
    case cancelled

    /// Maps an API error of `request` to what the person sees.
    ///
    /// Field errors land only on fields of the request's own form, named by the server's `code`;
    /// a field of the other form, or no field at all, gives a section message instead. So an
    /// answer that names nothing (an injected failure, say) is the status's generic answer, never
    /// a guess at a field.
    public init(_ error: APIError, request: ProfileRequest) {
        switch error {
        case .cancelled:
            self = .cancelled
        case .offline, .connectionRefused, .timedOut:
            self = .unreachable(error)
        case .undecodable:
            self = .unexpectedResponse
        case .responseTooLarge, .brokenAnswer:
            // Says what happened (Docs/security.md): not "can't be reached", the server is there.
            self = .serverFailed(error)
        case .http(401, _):
            self = .tokenRefused
        case .http(let status, _) where (500...599).contains(status):
            self = .serverFailed(error)
        case .http(let status, _):
            let envelope = error.statusEnvelope
            let message = envelope.map { $0.message.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
            let ownFields = request.section?.fields ?? []
            let named = envelope.flatMap { ProfileField(serverCode: $0.code) }.flatMap {
                ownFields.contains($0) ? $0 : nil
            }
            if request == .changePassword && status == 429 {
                // Too many wrong current passwords: said where the wrong one was typed.
                self = .field(.currentPassword, message ?? ProfileCopy.tooManyAttempts)
            } else if let named {
                self = .field(named, message ?? "\(named.label) was not accepted")
            } else {
                self = .rejected(status: status, message: message)
            }
        }
    }

    /// What happened, once, for `request` (a load asks, a save changes).
    public func message(for request: ProfileRequest) -> String {
        switch self {
        case .field(_, let message): message
        case .tokenRefused: ProfileCopy.tokenRefused
        case .unreachable(let error): ProfileCopy.unreachable(error)
        case .serverFailed(let error): ProfileCopy.serverFailed(error)
        case .unexpectedResponse: ProfileCopy.unexpectedResponse
        case .rejected(let status, let message): ProfileCopy.rejected(status: status, message: message, request: request)
        case .cancelled: ProfileCopy.cancelled
        }
    }

    /// What would help, for `request`; nil when the message says it already (a field's error, the
    /// server's own words) or nothing would. An `injected` failure (the mock backend's scenario)
    /// is changed in the fault panel, not by a token or a server address.
    public func advice(for request: ProfileRequest, injected: Bool = false) -> String? {
        let again = request == .load ? ProfileCopy.retryHint : ProfileCopy.saveAgain
        switch self {
        case .field, .cancelled:
            return nil
        case .tokenRefused:
            return injected ? ProfileCopy.scenarioAdvice(for: request) : ProfileCopy.tokenAdvice
        case .rejected(let status, nil) where injected && (status == 403 || status == 404):
            return ProfileCopy.scenarioAdvice(for: request)
        case .unreachable, .unexpectedResponse:
            return again
        case .serverFailed(let error):
            return error.isTransient ? again : nil
        case .rejected(let status, let message):
            // The server's own words name the rule; loading can still be tried again.
            if message != nil { return request == .load ? again : nil }
            switch status {
            case 403: return ProfileCopy.otherAccountAdvice
            case 404: return ProfileCopy.serverAddressAdvice
            case 429: return request == .load ? ProfileCopy.waitThenRetry : ProfileCopy.waitThenSave
            case 400: return request == .load ? again : ProfileCopy.checkFieldsAdvice
            case 422: return request == .load ? again : ProfileCopy.changeValuesAdvice
            default: return request == .load ? again : nil
            }
        }
    }

    /// The message and the advice as one line of text (a section's message beside its button).
    public func sentence(for request: ProfileRequest, injected: Bool = false) -> String {
        let message = message(for: request)
        guard let advice = advice(for: request, injected: injected) else { return message }
        return "\(message). \(advice)"
    }
}

extension ProfileField {
    /// Fragments of server error codes and the field each names, most specific first. Codes are
    /// compared lowercased with everything but letters and digits removed, so `passwordConfirmation`,
    /// `password_confirmation` and `PASSWORD-CONFIRMATION-REQUIRED` all name Re-enter Password.
    private static let codeFragments: [(String, ProfileField)] = [
        ("passwordconfirmation", .passwordConfirmation),
        ("confirmpassword", .passwordConfirmation),
        ("passwordmismatch", .passwordConfirmation),
        ("confirmation", .passwordConfirmation),
        ("currentpassword", .currentPassword),
        ("oldpassword", .currentPassword),
        ("wrongpassword", .currentPassword),
        ("newpassword", .newPassword),
        ("passwordtooshort", .newPassword),
        ("passwordunchanged", .newPassword),
        ("samepassword", .newPassword),
        ("firstname", .firstName),
        ("lastname", .lastName),
    ]

    /// The field a server error code names, if any (see `codeFragments`).
    public init?(serverCode code: String) {
        let key = String(code.lowercased().filter { $0.isLetter || $0.isNumber })
        guard let field = Self.codeFragments.first(where: { key.contains($0.0) })?.1 else { return nil }
        self = field
    }
}
