import Contract

/// Where the JWT for `Authorization: Bearer` comes from.
public enum BearerToken {
    /// The environment variable that overrides the configured token.
    public static let environmentKey = "CHALLENGE_TUI_TOKEN"

    /// The token to send: `CHALLENGE_TUI_TOKEN` when set and not blank, else the configured one
    /// when not blank, else none (requests then go without `Authorization` and the server
    /// answers 401, which the screen shows as an expired session).
    public static func pick(environment: [String: String], configured: String?) -> Secret? {
        for candidate in [environment[environmentKey], configured] {
            if let token = candidate.map(ProfileValidation.trimmed), !token.isEmpty { return Secret(token) }
        }
        return nil
    }
}
