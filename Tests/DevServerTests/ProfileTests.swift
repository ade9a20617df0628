import Contract
import Foundation
import Profile
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct ProfileTests {
    let auth = ["Authorization": "Bearer \(DevToken.default)"]

    @Test func getReturnsTheDefaultProfileInTheSeedShape() throws {
        let server = try TestServer()
        let response = try server.get("/profiles/mine", headers: auth)
        #expect(response.status == 200)
        let json = try #require(response.json())
        #expect(json["message"] as? String == "User Retrieved")
        #expect(json["data"] as? [String: String] == ["firstName": "Johnny B", "userName": "iOS User", "lastName": "Goode"])
    }

    @Test func aSavedNameIsReturnedByTheNextGet() throws {
        let server = try TestServer()
        let saved = try server.post("/profiles/update", json: #"{"firstName":"  Ada ","lastName":"Lovelace"}"#, headers: auth)
        #expect(saved.status == 200)
        let expected = ["firstName": "Ada", "userName": "iOS User", "lastName": "Lovelace"]
        #expect(saved.json()?["message"] as? String == "User Retrieved")
        #expect(saved.json()?["data"] as? [String: String] == expected)
        #expect(try server.get("/profiles/mine", headers: auth).json()?["data"] as? [String: String] == expected)
    }

    @Test(arguments: [
        (#"{"lastName":"Goode"}"#, "firstName", "First Name is required"),
        (#"{"firstName":"   ","lastName":"Goode"}"#, "firstName", "First Name is required"),
        (#"{"firstName":5,"lastName":"Goode"}"#, "firstName", "First Name is required"),
        (#"{"firstName":"Johnny"}"#, "lastName", "Last Name is required"),
        (#"{"firstName":"\#(String(repeating: "a", count: 51))","lastName":"Goode"}"#, "firstName", "First Name must be at most 50 characters"),
        (#"{"firstName":"Johnny","lastName":"\#(String(repeating: "b", count: 51))"}"#, "lastName", "Last Name must be at most 50 characters"),
    ])
    func invalidNamesAre400NamingTheField(json: String, code: String, message: String) throws {
        let server = try TestServer()
        let response = try server.post("/profiles/update", json: json, headers: auth)
        #expect(response.status == 400)
        let envelope = try #require(response.json())
        #expect(envelope["code"] as? String == code)
        #expect(envelope["message"] as? String == message)
        #expect(envelope["exceptionName"] as? String == "BadRequestException")
        #expect((envelope["data"] as? [String: Any])?.isEmpty == true)
        // Nothing was saved.
        #expect(try server.get("/profiles/mine", headers: auth).json()?["data"] as? [String: String] == ["firstName": "Johnny B", "userName": "iOS User", "lastName": "Goode"])
    }

    /// `A\u{1b}[2J` would clear the screen of whoever shows the name: refused, 422 naming the field.
    @Test(arguments: [
        (#"{"firstName":"A\u001b[2J","lastName":"Goode"}"#, "firstName", "First Name may not contain control characters"),
        (#"{"firstName":"Ada","lastName":"Love\tlace"}"#, "lastName", "Last Name may not contain control characters"),
        (#"{"firstName":"A\u0085B","lastName":"Goode"}"#, "firstName", "First Name may not contain control characters"),
        (#"{"firstName":"A\u2028B","lastName":"Goode"}"#, "firstName", "First Name may not contain control characters"),
    ])
    func namesWithControlCharactersAre422NamingTheField(json: String, code: String, message: String) throws {
        let server = try TestServer()
        let response = try server.post("/profiles/update", json: json, headers: auth)
        #expect(response.status == 422)
        #expect(response.json()?["code"] as? String == code)
        #expect(response.json()?["message"] as? String == message)
        #expect(try server.get("/profiles/mine", headers: auth).json()?["data"] as? [String: String] == ["firstName": "Johnny B", "userName": "iOS User", "lastName": "Goode"])
    }

    @Test func aFamilyEmojiWithItsJoinersIsAName() throws {
        let server = try TestServer()
        #expect(try server.post("/profiles/update", json: #"{"firstName":"👨‍👩‍👧","lastName":"x"}"#, headers: auth).status == 200)
    }

    /// Five wrong current passwords in a minute: the next change, even with the right one, is 429
    /// with `Retry-After` until the first of the five is a minute old (on the loop's clock).
    @Test func fiveWrongCurrentPasswordsInAMinuteAre429WithRetryAfter() throws {
        let server = try TestServer()
        let wrong = #"{"currentPassword":"wrong-one","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#
        let right = #"{"currentPassword":"password123","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#
        for attempt in 1...5 {
            #expect(try server.post("/password/change", json: wrong, headers: auth).status == 403, "attempt \(attempt)")
            server.clock.advance(by: 10)
        }
        // 50 s after the first wrong one: 10 s left.
        for json in [wrong, right] {
            let limited = try server.post("/password/change", json: json, headers: auth)
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "10")
            #expect(limited.json()?["code"] as? String == "tooManyAttempts")
            #expect(limited.json()?["message"] as? String == "Too many attempts — try again in 10 s")
            #expect(limited.json()?["exceptionName"] as? String == "TooManyRequestsException")
        }
        server.clock.advance(by: 9.5)
        #expect(try server.post("/password/change", json: right, headers: auth).headers["retry-after"] == "1")
        server.clock.advance(by: 0.5)
        #expect(try server.post("/password/change", json: right, headers: auth).status == 200)
    }

    /// The password is compared as UTF-8 bytes: "é" precomposed and "e" + combining accent are
    /// equal Swift strings but not the same password.
    @Test func theCurrentPasswordIsComparedAsBytes() throws {
        let server = try TestServer { $0.password = "caf\u{E9}-latte" }
        let decomposed = #"{"currentPassword":"cafe\u0301-latte","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#
        #expect(try server.post("/password/change", json: decomposed, headers: auth).status == 403)
        let same = #"{"currentPassword":"caf\u00e9-latte","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#
        #expect(try server.post("/password/change", json: same, headers: auth).status == 200)
    }

    @Test func fiftyCharactersAreAllowed() throws {
        let server = try TestServer()
        let name = String(repeating: "é", count: 50)
        #expect(try server.post("/profiles/update", json: #"{"firstName":"\#(name)","lastName":"x"}"#, headers: auth).status == 200)
    }

    @Test func bodyMustBeJSONObjectWithJSONContentType() throws {
        let server = try TestServer()
        let plain = try server.send(request("POST", "/profiles/update", headers: auth.merging(["Content-Type": "text/plain"]) { $1 }, body: Data("{}".utf8)))
        #expect(plain.status == 415)
        #expect(plain.json()?["code"] as? String == "contentType")
        let noType = try server.send(request("POST", "/profiles/update", headers: auth, body: Data("{}".utf8)))
        #expect(noType.status == 415)
        let withCharset = try server.send(request("POST", "/profiles/update", headers: auth.merging(["Content-Type": "Application/JSON; charset=utf-8"]) { $1 },
                                                  body: Data(#"{"firstName":"A","lastName":"B"}"#.utf8)))
        #expect(withCharset.status == 200)
        for body in ["not json", "[1,2]", "\"text\""] {
            let response = try server.post("/password/change", json: body, headers: auth)
            #expect(response.status == 400)
            #expect(response.json()?["code"] as? String == "body")
        }
    }

    @Test func changingThePasswordMakesTheNewOneCurrent() throws {
        let server = try TestServer()
        let changed = try server.post("/password/change", json: #"{"currentPassword":"password123","newPassword":"correct horse","passwordConfirmation":"correct horse"}"#, headers: auth)
        #expect(changed.status == 200)
        let json = try #require(changed.json())
        #expect(json["message"] as? String == "Password Changed")
        #expect(json["code"] as? String == "string")
        #expect(json["exceptionName"] is NSNull)
        #expect((json["data"] as? [String: Any])?.isEmpty == true)

        let old = try server.post("/password/change", json: #"{"currentPassword":"password123","newPassword":"another one","passwordConfirmation":"another one"}"#, headers: auth)
        #expect(old.status == 403)
        #expect(old.json()?["code"] as? String == "wrongCurrentPassword")
        let again = try server.post("/password/change", json: #"{"currentPassword":"correct horse","newPassword":"another one","passwordConfirmation":"another one"}"#, headers: auth)
        #expect(again.status == 200)
    }

    @Test(arguments: [
        (#"{"newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#, 400, "currentPassword"),
        (#"{"currentPassword":"password123","passwordConfirmation":"abcdefgh"}"#, 400, "newPassword"),
        (#"{"currentPassword":"password123","newPassword":"abcdefgh","passwordConfirmation":""}"#, 400, "passwordConfirmation"),
        (#"{"currentPassword":"wrong-one","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#, 403, "wrongCurrentPassword"),
        (#"{"currentPassword":"password123","newPassword":"short","passwordConfirmation":"short"}"#, 422, "passwordTooShort"),
        (#"{"currentPassword":"password123","newPassword":"password123","passwordConfirmation":"password123"}"#, 422, "passwordUnchanged"),
        (#"{"currentPassword":"password123","newPassword":"abcdefgh","passwordConfirmation":"abcdefgX"}"#, 422, "passwordMismatch"),
    ])
    func passwordRulesGiveTheirStatusAndCode(json: String, status: Int, code: String) throws {
        let server = try TestServer()
        let response = try server.post("/password/change", json: json, headers: auth)
        #expect(response.status == status)
        #expect(response.json()?["code"] as? String == code)
        let message = response.json()?["message"] as? String
        #expect(message?.isEmpty == false)
        // The password did not change.
        let check = try server.post("/password/change", json: #"{"currentPassword":"password123","newPassword":"zzzzzzzz","passwordConfirmation":"zzzzzzzz"}"#, headers: auth)
        #expect(check.status == 200)
    }

    /// The server refuses with the `Profile` module's rules, so its answers are exactly the ones
    /// the app's mock backend gives (same status, code and message).
    @Test(arguments: [
        (#"{"firstName":"  ","lastName":"Goode"}"#, ProfileRules.checkUpdate(firstName: "  ", lastName: "Goode")),
        (#"{"firstName":"Johnny"}"#, ProfileRules.checkUpdate(firstName: "Johnny", lastName: nil)),
    ])
    func nameRefusalsAreTheSharedRules(json: String, expected: Result<(firstName: String, lastName: String), ProfileRejection>) throws {
        let server = try TestServer()
        let response = try server.post("/profiles/update", json: json, headers: auth)
        guard case .failure(let rejection) = expected else {
            Issue.record("the rules accept \(json)")
            return
        }
        #expect(response.status == rejection.status)
        #expect(StatusEnvelope(body: String(decoding: response.body, as: UTF8.self)) == rejection.envelope)
    }

    @Test func passwordRefusalsAreTheSharedRules() throws {
        let cases: [(String, ProfileRejection?)] = [
            (#"{"currentPassword":"nope-nope","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#,
             ProfileRules.checkPasswordChange(current: "nope-nope", new: "abcdefgh", confirmation: "abcdefgh", stored: "password123")),
            (#"{"currentPassword":"password123","newPassword":"abcdefgh","passwordConfirmation":"abcdefgX"}"#,
             ProfileRules.checkPasswordChange(current: "password123", new: "abcdefgh", confirmation: "abcdefgX", stored: "password123")),
        ]
        let server = try TestServer()
        for (json, expected) in cases {
            let rejection = try #require(expected)
            let response = try server.post("/password/change", json: json, headers: auth)
            #expect(response.status == rejection.status)
            #expect(StatusEnvelope(body: String(decoding: response.body, as: UTF8.self)) == rejection.envelope)
        }
    }

    @Test func passwordOptionSetsTheInitialPassword() throws {
        let server = try TestServer { $0.password = "s3cret-start" }
        #expect(try server.post("/password/change", json: #"{"currentPassword":"password123","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#, headers: auth).status == 403)
        #expect(try server.post("/password/change", json: #"{"currentPassword":"s3cret-start","newPassword":"abcdefgh","passwordConfirmation":"abcdefgh"}"#, headers: auth).status == 200)
    }

    @Test func profileFailFailsTheFirstNProfileRequestsWithTheEnvelope() throws {
        let server = try TestServer {
            $0.profileFail = 2
            $0.profileDelay = 1.5
        }
        let first = try server.get("/profiles/mine", headers: auth)
        #expect(first.status == 500)
        #expect(first.json()?["exceptionName"] as? String == "InternalServerErrorException")
        #expect(try server.post("/profiles/update", json: #"{"firstName":"A","lastName":"B"}"#, headers: auth).status == 500)
        #expect(try server.get("/profiles/mine", headers: auth).status == 200)
        #expect(server.recorder.durations == [1500, 1500, 1500])
    }

    @Test func everyProfileRouteNeedsAToken() throws {
        let server = try TestServer()
        for response in [try server.get("/profiles/mine"),
                         try server.post("/profiles/update", json: #"{"firstName":"A","lastName":"B"}"#),
                         try server.post("/password/change", json: "{}")] {
            #expect(response.status == 401)
            #expect(response.json()?["code"] as? String == "missingToken")
            #expect(response.json()?["exceptionName"] as? String == "UnauthorizedException")
        }
    }

    @Test func jwtSecretOptionChangesWhichTokensAreAccepted() throws {
        let server = try TestServer { $0.jwtSecret = "other" }
        #expect(try server.get("/profiles/mine", headers: auth).status == 401)
        #expect(try server.get("/profiles/mine", headers: ["Authorization": "Bearer \(DevToken.token(secret: "other"))"]).status == 200)
    }
}
