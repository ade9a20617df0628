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
    ///
    /// Each pattern runs only where the word it needs is in the text: a pattern can't match
    /// without it, and the five regular expressions took 3.5 ms on the 4 KB of an article feed the
    /// network inspector keeps — on the way from every answer to the screen (Docs/performance.md,
    /// "Articles at scale").
    public static func redact(_ text: String) -> String {
        var text = text
        let words = Words(in: text)
        // `Authorization: <anything>` up to the end of the line.
        if words.authorization {
            text.replace(#/(?i)((?:proxy-)?authorization\s*[:=]\s*)[^\r\n]*/#) { "\($0.output.1)\(placeholder)" }
        }
        // `Bearer <token>` wherever it appears.
        if words.bearer {
            text.replace(#/(?i)(bearer\s+)[A-Za-z0-9\-._~+\/]+=*/#) { "\($0.output.1)\(placeholder)" }
        }
        // Bare JSON web tokens: three base64url parts, the first starting like a JSON object.
        if words.jsonWebToken {
            text.replace(#/eyJ[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*/#) { _ in placeholder }
        }
        guard words.secretName else { return text }
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

    /// Which of the words the patterns need are in a text (ASCII letters compared without case,
    /// as the patterns do; "eyJ" as it is).
    struct Words {
        var authorization = false
        var bearer = false
        var jsonWebToken = false
        /// "password", "token", "secret" or "passphrase".
        var secretName = false

        init(in text: String) {
            let bytes = Array(text.utf8)
            func has(_ word: StaticString, ignoringCase: Bool = true) -> Bool {
                let count = word.utf8CodeUnitCount
                guard bytes.count >= count else { return false }
                let needle = UnsafeBufferPointer(start: word.utf8Start, count: count)
                func folded(_ byte: UInt8) -> UInt8 { ignoringCase && byte &- 65 < 26 ? byte | 0x20 : byte }
                for start in 0...(bytes.count - count) where folded(bytes[start]) == needle[0] {
                    var index = 1
                    while index < count, folded(bytes[start + index]) == needle[index] { index += 1 }
                    if index == count { return true }
                }
                return false
            }
            authorization = has("authorization")
            bearer = has("bearer")
            jsonWebToken = has("eyJ", ignoringCase: false)
            secretName = has("password") || has("token") || has("secret") || has("passphrase")
        }
    }

    /// `redact(text)`, and every URL query value too: `?sessionId=…&screen=…` becomes
    /// `?sessionId=<redacted>&screen=<redacted>`. The log keeps which endpoint was asked and with
    /// which items, never what they held (session ids, a person's selections). See
    /// Docs/security.md, "The log".
    public static func forLog(_ text: String) -> String {
        urlPasswords(queryValues(redact(text)))
    }

    /// Replaces the password of every URL that carries one (`http://ada:hunter2@host/` becomes
    /// `http://ada:<redacted>@host/`), as query values are: the user name stays, so the log still
    /// says who was asked for.
    public static func urlPasswords(_ text: String) -> String {
        guard text.contains("://"), text.contains("@") else { return text }
        return text.replacing(#/([A-Za-z][A-Za-z0-9+.\-]*://[^/?#@\s:]*:)[^/?#\s]*@/#) { "\($0.output.1)\(queryPlaceholder)@" }
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
