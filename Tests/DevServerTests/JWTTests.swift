import Contract
import Core
import Foundation
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct JWTTests {
    let secret = DevToken.defaultSecret

    /// A valid payload: an hour left.
    static let payload = #"{"sub":"ios-user","exp":\#(Int(testNow.timeIntervalSince1970) + 3600)}"#

    /// A token with any header and payload, signed with `secret` (or not at all).
    func token(header: String = #"{"alg":"HS256","typ":"JWT"}"#, payload: String = JWTTests.payload, signWith key: String? = DevToken.defaultSecret) -> String {
        let input = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8))
        guard let key else { return input + "." }
        return input + "." + Base64URL.encode(HMAC.sha256(key: Data(key.utf8), data: Data(input.utf8)))
    }

    func rejection(_ authorization: String?) -> JWT.Rejection? {
        do {
            try JWT.verify(authorization: authorization, secret: secret, now: testNow)
            return nil
        } catch {
            return error
        }
    }

    @Test func theDefaultDevTokenIsTheOneTheDefaultSecretSigns() throws {
        #expect(DevToken.default == DevToken.token(secret: DevToken.defaultSecret))
        #expect(try JWT.verify(authorization: "Bearer \(DevToken.default)", secret: DevServerConfiguration().jwtSecret, now: Date()) == "ios-user")
        // Still valid in 2099, expired in 2100 (a minute after its exp: the leeway).
        #expect(rejection("Bearer \(DevToken.default)") == nil)
        #expect(throws: JWT.Rejection.expired) {
            try JWT.verify(authorization: "Bearer \(DevToken.default)", secret: secret, now: Date(timeIntervalSince1970: 4_102_444_860))
        }
    }

    @Test func signaturesAreComparedWholeAndOnlyWhole() {
        #expect(!HMAC.isEqual(Data([1]), Data([1, 2])))
        #expect(!HMAC.isEqual(Data([1, 2]), Data([1, 3])))
        #expect(HMAC.isEqual(Data([1, 2]), Data([1, 2])))
    }

    @Test func missingTokenIsRejected() {
        #expect(rejection(nil) == .missing)
        #expect(rejection("  ") == .missing)
    }

    @Test(arguments: ["Basic abc", "Bearer", "Bearer a b", "Bearer abc", "Bearer a.b", "Bearer a.b.c.d", "Bearer !!.e30.sig", "token-without-scheme"])
    func malformedTokensAreRejected(authorization: String) {
        guard case .malformed = rejection(authorization) else {
            Issue.record("\(authorization) → \(String(describing: rejection(authorization)))"); return
        }
    }

    @Test func headerAndPayloadMustBeBase64URLJSON() {
        let notJSON = Base64URL.encode(Data("nope".utf8))
        let good = Base64URL.encode(Data("{}".utf8))
        #expect(rejection("Bearer \(notJSON).\(good).x") == .malformed("the header is not base64url JSON"))
        #expect(rejection("Bearer \(Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8))).\(notJSON).x") == .malformed("the payload is not base64url JSON"))
        #expect(rejection("Bearer " + token().dropLast(43) + "+/=") == .malformed("the signature is not base64url"))
    }

    @Test func badSignatureIsRejected() {
        #expect(rejection("Bearer " + token(signWith: "another secret")) == .badSignature)
        // A payload swapped under a valid signature.
        let parts = token().split(separator: ".")
        let forged = parts[0] + "." + Base64URL.encode(Data(#"{"sub":"admin"}"#.utf8)) + "." + parts[2]
        #expect(rejection("Bearer " + forged) == .badSignature)
    }

    @Test func algNoneAndOtherAlgorithmsAreRejected() {
        #expect(rejection("Bearer " + token(header: #"{"alg":"none","typ":"JWT"}"#, signWith: nil)) == .unsupportedAlgorithm("none"))
        #expect(rejection("Bearer " + token(header: #"{"alg":"none"}"#)) == .unsupportedAlgorithm("none"))
        #expect(rejection("Bearer " + token(header: #"{"alg":"HS512"}"#)) == .unsupportedAlgorithm("HS512"))
        #expect(rejection("Bearer " + token(header: #"{"typ":"JWT"}"#)) == .unsupportedAlgorithm("(none given)"))
    }

    @Test func expiryIsRequiredAndHonouredWithAMinuteOfLeeway() {
        let now = Int(testNow.timeIntervalSince1970)
        #expect(rejection("Bearer " + token(payload: #"{"sub":"ios-user","exp":\#(now - 60)}"#)) == .expired)
        #expect(rejection("Bearer " + token(payload: #"{"sub":"ios-user","exp":\#(now - 59)}"#)) == nil, "a clock a minute behind still accepts it")
        #expect(rejection("Bearer " + token(payload: #"{"sub":"ios-user","exp":\#(now + 60)}"#)) == nil)
        #expect(rejection("Bearer " + token(payload: #"{"sub":"ios-user"}"#)) == .malformed("the exp claim is required"))
        #expect(rejection("Bearer " + token(payload: #"{"exp":"tomorrow"}"#)) == .malformed("exp is not a number"))
        #expect(rejection("Bearer " + token(payload: #"{"exp":true}"#)) == .malformed("exp is not a number"))
    }

    @Test(arguments: ["nbf", "iat"])
    func notBeforeAndIssuedAtInTheFutureAreRefusedBeyondTheLeeway(claim: String) {
        let now = Int(testNow.timeIntervalSince1970)
        func payload(_ value: String) -> String { #"{"sub":"ios-user","exp":\#(now + 3600),"\#(claim)":\#(value)}"# }
        #expect(rejection("Bearer " + token(payload: payload(String(now - 3600)))) == nil)
        #expect(rejection("Bearer " + token(payload: payload(String(now + 60)))) == nil, "a clock a minute ahead is still fine")
        #expect(rejection("Bearer " + token(payload: payload(String(now + 61)))) == .notYetValid)
        #expect(rejection("Bearer " + token(payload: payload(#""soon""#))) == .malformed("\(claim) is not a number"))
    }

    @Test func aSignatureAlteredInItsUnusedBitsIsRefused() {
        // 32 signature bytes are 43 characters: the last carries 4 bits and 2 unused ones. The
        // lenient decoder ignored them, so "…E" and "…F" (one unused bit apart) both passed.
        let valid = token()
        #expect(rejection("Bearer " + valid) == nil)
        let last = valid.last!
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let value = alphabet.firstIndex(of: last)!
        for flipped in [value ^ 1, value ^ 2] {
            let altered = String(valid.dropLast()) + String(alphabet[flipped])
            #expect(rejection("Bearer " + altered) == .malformed("the signature is not base64url"))
        }
        #expect(Base64URL.decode("QR") == nil, "Q has bits set after the one byte 'QR' can hold")
        #expect(Base64URL.decode("QQ") == Data([0x41]))
        #expect(Base64URL.decode("QUI") == Data([0x41, 0x42]))
        #expect(Base64URL.decode("QUJ") == nil)
    }

    /// `crit` names header parameters a recipient must understand or refuse the token
    /// (RFC 7515 §4.1.11); this server understands none, so any `crit` is refused, even under
    /// a valid signature.
    @Test(arguments: [
        #"{"alg":"HS256","typ":"JWT","crit":["exp"]}"#, #"{"alg":"HS256","crit":["b64"],"b64":false}"#,
        #"{"alg":"HS256","crit":["x-unknown","y"]}"#, #"{"alg":"HS256","crit":[]}"#, #"{"alg":"HS256","crit":"x"}"#,
    ])
    func aCriticalHeaderParameterIsRejected(header: String) {
        #expect(rejection("Bearer " + token(header: header))?.code == "unsupportedCriticalHeader")
    }

    @Test func theServerAnswers401ForACriticalHeaderParameter() throws {
        let server = try TestServer()
        let response = try server.get("/profiles/mine", headers: ["Authorization": "Bearer " + token(header: #"{"alg":"HS256","crit":["exp"]}"#)])
        #expect(response.status == 401)
        #expect(response.json()?["code"] as? String == "unsupportedCriticalHeader")
    }

    @Test func bearerSchemeIsCaseInsensitive() {
        #expect(rejection("bearer " + token()) == nil)
        #expect(rejection("BEARER  " + token()) == nil)
    }

    @Test func everyRejectionHasACodeAndMessage() {
        let all: [JWT.Rejection] = [.missing, .malformed("x"), .unsupportedAlgorithm("none"), .unsupportedCritical, .badSignature, .expired, .notYetValid]
        #expect(Set(all.map(\.code)).count == all.count)
        #expect(all.allSatisfy { !$0.message.isEmpty })
    }

    @Test func theServerAnswers401ForEachBadTokenAndServesAValidOne() throws {
        let server = try TestServer()
        let cases: [(String, String)] = [
            ("Bearer nonsense", "malformedToken"),
            ("Bearer " + token(signWith: "wrong"), "badSignature"),
            ("Bearer " + token(header: #"{"alg":"none"}"#, signWith: nil), "unsupportedAlgorithm"),
            ("Bearer " + token(payload: #"{"exp":1}"#), "tokenExpired"),
        ]
        for (authorization, code) in cases {
            let response = try server.get("/profiles/mine", headers: ["Authorization": authorization])
            #expect(response.status == 401)
            #expect(response.json()?["code"] as? String == code)
        }
        #expect(try server.get("/profiles/mine", headers: ["Authorization": "Bearer " + token()]).status == 200)
    }

    @Test func base64URLRoundTripsAndRefusesOtherAlphabets() {
        for count in 0..<20 {
            let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) })
            #expect(Base64URL.decode(Substring(Base64URL.encode(data))) == data)
        }
        #expect(Base64URL.decode("ab+/") == nil)
        #expect(Base64URL.decode("abc=") == nil)
        #expect(Base64URL.decode("abcde") == nil)
    }
}

@Suite(.timeLimit(.minutes(10))) struct DevTokenAgreementTests {
    /// The app's default configuration sends `DevToken.default` (AppConfigurationTests checks).
    @Test func theContractsDevTokenIsAcceptedByTheServersDefaults() throws {
        try JWT.verify(authorization: "Bearer \(DevToken.default)", secret: DevServerConfiguration().jwtSecret, now: Date())
    }
}
