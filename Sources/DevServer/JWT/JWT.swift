import Core
import Foundation

/// HS256 JSON Web Tokens: just what the profile API needs to sign the dev token and check the
/// bearer of every request.
public enum JWT {
    /// Why a token was refused; each is a 401.
    public enum Rejection: Error, Equatable, Sendable {
        case missing
        case malformed(String)
        /// `alg` other than HS256, `none` included: we never let the token choose how it's checked.
        case unsupportedAlgorithm(String)
        /// A `crit` header parameter: it names extensions the token must not be accepted
        /// without, and this server understands none (RFC 7515 §4.1.11).
        case unsupportedCritical
        case badSignature
        case expired
        /// `nbf` or `iat` in the future (beyond the leeway).
        case notYetValid

        public var code: String {
            switch self {
            case .missing: "missingToken"
            case .malformed: "malformedToken"
            case .unsupportedAlgorithm: "unsupportedAlgorithm"
            case .unsupportedCritical: "unsupportedCriticalHeader"
            case .badSignature: "badSignature"
            case .expired: "tokenExpired"
            case .notYetValid: "tokenNotYetValid"
            }
        }

        public var message: String {
            switch self {
            case .missing: "Missing bearer token (send Authorization: Bearer <JWT>)"
            case .malformed(let why): "Malformed token: \(why)"
            case .unsupportedAlgorithm(let alg): "Unsupported token algorithm \(alg); only HS256 is accepted"
            case .unsupportedCritical: "The token's header lists critical extensions (crit); this server supports none"
            case .badSignature: "The token's signature is not valid"
            case .expired: "The token has expired"
            case .notYetValid: "The token is not valid yet (its nbf or iat is in the future)"
            }
        }
    }

    /// A signed token of `payload` (a JSON object's exact bytes) with header {"alg":"HS256","typ":"JWT"}.
    public static func sign(payload: Data, secret: String) -> String {
        let header = Base64URL.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let signingInput = header + "." + Base64URL.encode(payload)
        let signature = HMAC.sha256(key: Data(secret.utf8), data: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Clocks of issuer and server may differ this much (seconds) for `exp`, `nbf` and `iat`.
    public static let leeway: Double = 60

    /// Checks an `Authorization` header value: `Bearer <JWT>`, HS256 with `secret`, an `exp`
    /// not passed, `nbf` and `iat` (if present) not in the future, each give or take `leeway`.
    /// Returns the payload's claims' subject, if any.
    @discardableResult
    public static func verify(authorization: String?, secret: String, now: Date) throws(Rejection) -> String? {
        guard let authorization, !authorization.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missing }
        let parts = authorization.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .malformed("expected \"Bearer <token>\"")
        }
        return try verify(token: parts[1], secret: secret, now: now)
    }

    static func verify(token: Substring, secret: String, now: Date) throws(Rejection) -> String? {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { throw .malformed("expected three dot-separated parts") }
        guard let headerData = Base64URL.decode(segments[0]),
              case .object(let header)? = try? JSONParser.parse(Array(headerData)) else {
            throw .malformed("the header is not base64url JSON")
        }
        guard let payloadData = Base64URL.decode(segments[1]),
              case .object(let payload)? = try? JSONParser.parse(Array(payloadData)) else {
            throw .malformed("the payload is not base64url JSON")
        }
        let algorithm = header["alg"]?.text ?? "(none given)"
        guard algorithm == "HS256" else { throw .unsupportedAlgorithm(algorithm) }
        // Whatever `crit` holds, a list of names or something malformed, nothing it could name
        // is understood here, so the token is refused (Docs/server.md).
        guard header["crit"] == nil else { throw .unsupportedCritical }
        guard let signature = Base64URL.decode(segments[2]) else { throw .malformed("the signature is not base64url") }
        let expected = HMAC.sha256(key: Data(secret.utf8), data: Data("\(segments[0]).\(segments[1])".utf8))
        guard HMAC.isEqual(signature, expected) else { throw .badSignature }
        // A token without an expiry would be good for ever once leaked.
        guard let exp = payload["exp"] else { throw .malformed("the exp claim is required") }
        guard case .number(let expires) = exp else { throw .malformed("exp is not a number") }
        guard now.timeIntervalSince1970 < expires + leeway else { throw .expired }
        for claim in ["nbf", "iat"] {
            guard let value = payload[claim] else { continue }
            guard case .number(let seconds) = value else { throw .malformed("\(claim) is not a number") }
            guard seconds <= now.timeIntervalSince1970 + leeway else { throw .notYetValid }
        }
        return payload["sub"]?.text
    }
}
