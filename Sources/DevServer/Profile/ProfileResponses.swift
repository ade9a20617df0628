import Contract
import Foundation

/// The profile API's answers as server responses. The JSON shapes are the `Profile` module's
/// (`ProfileEnvelope`, `StatusEnvelope`), so the app reads exactly what the server writes.
enum ProfileResponses {
    /// `{"message":"User Retrieved","data":{…}}`: the challenge gives this same message for the GET and
    /// for the update.
    static func retrieved(_ profile: UserProfile) -> ServerResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding three strings can't fail; an empty object is the harmless fallback.
        let body = (try? encoder.encode(ProfileEnvelope(data: profile))) ?? Data("{}".utf8)
        return .json(200, body)
    }

    /// `{"data":{},"code":"string","message":"Password Changed","exceptionName":null}`.
    static let passwordChanged = ServerResponse.json(200, Data(ProfileRules.passwordChangedEnvelope.json.utf8))

    /// A refusal by the shared rules (`ProfileRules`) or by the server's own checks.
    static func rejected(_ rejection: ProfileRejection) -> ServerResponse {
        var response = ServerResponse.json(rejection.status, Data(rejection.envelope.json.utf8))
        if let seconds = rejection.retryAfter { response.headers.add("Retry-After", String(seconds)) }
        return response
    }

    /// The server's own refusals (token, content type, body, injected faults), in the same envelope.
    static func error(_ status: Int, code: String, message: String) -> ServerResponse {
        rejected(ProfileRejection(status: status, code: code, message: message))
    }
}
