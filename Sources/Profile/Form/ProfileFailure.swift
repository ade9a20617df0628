import Contract
import Core

/// A failed request, in the terms the screen shows: under a field, or as the section's message.
public enum ProfileFailure: Hashable, Sendable {
    /// Shown under the field (400 naming a field, 403 wrong current password, 422 rule broken,
    /// 429 too many wrong current passwords).
    case field(ProfileField, String)
    /// 401.
    case sessionExpired
    /// 5xx answers and transport errors (offline, refused, timed out).
    case unreachable
    /// A 2xx whose body is not what the contract promises.
    case unexpectedResponse
    /// Any other refusal; the server's own message when it sent one.
    case rejected(String)
    /// The request was cancelled (the screen went away); nothing to show.
    case cancelled

    /// Maps an API error of `request` to what the person sees.
    ///
    /// Field errors only land on fields of the request's own form; a field of the other form,
    /// or no field at all, gives a section message instead.
    public init(_ error: APIError, request: ProfileRequest) {
        switch error {
        case .cancelled:
            self = .cancelled
        case .offline, .connectionRefused, .timedOut:
            self = .unreachable
        case .undecodable:
            self = .unexpectedResponse
        case .responseTooLarge, .brokenAnswer:
            // Says what happened (Docs/security.md): not "can't be reached", the server is there.
            self = .rejected(error.message)
        case .http(401, _):
            self = .sessionExpired
        case .http(let status, _) where (500...599).contains(status):
            self = .unreachable
        case .http(let status, _):
            let envelope = error.statusEnvelope
            let message = envelope.map(\.message).flatMap { $0.isEmpty ? nil : $0 }
            let ownFields = request.section?.fields ?? []
            let named = envelope.flatMap { ProfileField(serverCode: $0.code) }.flatMap {
                ownFields.contains($0) ? $0 : nil
            }
            if request == .changePassword && status == 429 {
                // Too many wrong current passwords: said where the wrong one was typed.
                self = .field(.currentPassword, message ?? ProfileCopy.tooManyAttempts)
            } else if request == .changePassword && status == 403 {
                self = .field(.currentPassword, message ?? ProfileCopy.wrongCurrentPassword)
            } else if let named {
                self = .field(named, message ?? "\(named.label) was not accepted")
            } else if request == .changePassword && status == 422 {
                self = .field(.newPassword, message ?? "\(ProfileField.newPassword.label) was not accepted")
            } else {
                self = .rejected(message ?? error.message)
            }
        }
    }

    /// The sentence shown, wherever it goes.
    public var message: String {
        switch self {
        case .field(_, let message), .rejected(let message): message
        case .sessionExpired: ProfileCopy.sessionExpired
        case .unreachable: ProfileCopy.unreachable
        case .unexpectedResponse: ProfileCopy.unexpectedResponse
        case .cancelled: ProfileCopy.cancelled
        }
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
