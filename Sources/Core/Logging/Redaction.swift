/// Removes secrets from text before it is logged or shown: bearer tokens, `Authorization`
/// headers, JSON web tokens, and password fields (JSON or query items). The log and the network
/// inspector pass everything through here.
public enum Redaction {
    public static let placeholder = "[redacted]"
    /// What a URL query value becomes in the log: told apart from a secret's placeholder, since
    /// it is hidden for privacy, not because it is a credential.
    public static let queryPlaceholder = "<redacted>"

    /// Header names whose values are never recorded (compared case-insensitively).
    public static let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// `text` with every secret replaced by `[redacted]`.
    public static func redact(_ text: String) -> String {
        var text = text
        // `Authorization: <anything>` up to the end of the line.
        text.replace(#/(?i)((?:proxy-)?authorization\s*[:=]\s*)[^\r\n]*/#) { "\($0.output.1)\(placeholder)" }
        // `Bearer <token>` wherever it appears.
        text.replace(#/(?i)(bearer\s+)[A-Za-z0-9\-._~+\/]+=*/#) { "\($0.output.1)\(placeholder)" }
        // Bare JSON web tokens: three base64url parts, the first starting like a JSON object.
        text.replace(#/eyJ[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*/#) { _ in placeholder }
        // JSON fields whose name mentions a password, a token or a secret: `"newPassword": "…"`.
        text.replace(#/(?i)("[A-Za-z_]*(?:password|token|secret|passphrase)[A-Za-z_]*"\s*:\s*)"(?:[^"\\]|\\.)*"/#) {
            "\($0.output.1)\"\(placeholder)\""
        }
        // Query or form items: `password=…&`.
        text.replace(#/(?i)([?&;\s][A-Za-z_]*(?:password|token|secret|passphrase)[A-Za-z_]*=)[^&\s]*/#) {
            "\($0.output.1)\(placeholder)"
        }
        return text
    }

    /// `redact(text)`, and every URL query value too: `?sessionId=…&screen=…` becomes
    /// `?sessionId=<redacted>&screen=<redacted>`. The log keeps which endpoint was asked and with
    /// which items, never what they held (session ids, a person's selections). See
    /// Docs/security.md, "The log".
    public static func forLog(_ text: String) -> String {
        queryValues(redact(text))
    }

    /// Replaces the value of every `name=value` item of a URL query (after `?`, and after each
    /// `&` or `;` that follows). Empty values stay empty: there is nothing to hide.
    public static func queryValues(_ text: String) -> String {
        guard text.contains("?") else { return text }
        return text.replacing(#/([?&;][A-Za-z0-9_.~%+\-\[\]]+=)[^&;#\s"'<>]+/#) { "\($0.output.1)\(queryPlaceholder)" }
    }

    /// `headers` with the values of secret headers replaced.
    public static func headers(_ headers: [String: String]) -> [String: String] {
        var redacted: [String: String] = [:]
        for (name, value) in headers {
            redacted[name] = secretHeaders.contains(name.lowercased()) ? placeholder : value
        }
        return redacted
    }
}
