import Contract
import Core
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct FailureMappingTests {
    @Test(arguments: [
        ("firstName", ProfileField.firstName), ("FIRST_NAME_REQUIRED", .firstName), ("lastNameTooLong", .lastName),
        ("currentPassword", .currentPassword), ("wrongCurrentPassword", .currentPassword), ("oldPassword", .currentPassword),
        ("wrongPassword", .currentPassword), ("newPassword", .newPassword), ("passwordTooShort", .newPassword),
        ("passwordUnchanged", .newPassword), ("samePassword", .newPassword),
        ("passwordConfirmation", .passwordConfirmation), ("password_confirmation", .passwordConfirmation),
        ("confirmPassword", .passwordConfirmation), ("passwordMismatch", .passwordConfirmation),
        ("newPasswordConfirmation", .passwordConfirmation),
    ])
    func serverCodesNameFields(_ code: String, _ field: ProfileField) {
        #expect(ProfileField(serverCode: code) == field)
    }

    @Test(arguments: ["string", "badRequest", "unauthorized", "internalError", "", "password"])
    func otherCodesNameNoField(_ code: String) {
        #expect(ProfileField(serverCode: code) == nil)
    }

    /// One case per kind of answer: what the section beside SAVE CHANGES says (what happened,
    /// then what would help), and what the loading screen says.
    struct Case: Sendable, CustomTestStringConvertible {
        let error: APIError
        let save: String
        let load: String
        var testDescription: String { "\(error)" }
    }

    static let cases: [Case] = [
        Case(error: .http(status: 500, body: ""),
             save: "Server error 500: the server failed. Save again to retry",
             load: "Server error 500: the server failed. Press r to try again"),
        Case(error: envelopeError(502, code: "internalError", message: "Something went wrong"),
             save: "Server error 502: the server failed. Save again to retry",
             load: "Server error 502: the server failed. Press r to try again"),
        Case(error: .connectionRefused,
             save: "Couldn't reach the server: the connection was refused (is it running?). Save again to retry",
             load: "Couldn't reach the server: the connection was refused (is it running?). Press r to try again"),
        Case(error: .timedOut,
             save: "Couldn't reach the server: no answer in time. Save again to retry",
             load: "Couldn't reach the server: no answer in time. Press r to try again"),
        Case(error: .offline,
             save: "Couldn't reach the server (offline?). Save again to retry",
             load: "Couldn't reach the server (offline?). Press r to try again"),
        Case(error: .http(status: 401, body: ""),
             save: "The server refused the token (401). Set a valid CHALLENGE_TUI_TOKEN and start again",
             load: "The server refused the token (401). Set a valid CHALLENGE_TUI_TOKEN and start again"),
        Case(error: envelopeError(400, code: "badRequest", message: ""),
             save: "The server refused the change as invalid (400). Check the fields and save again",
             load: "The server refused the request as invalid (400). Press r to try again"),
        Case(error: envelopeError(400, code: "badRequest", message: "Unknown key \"nickname\""),
             save: "The server refused the change (400): Unknown key \"nickname\"",
             load: "The server refused the request (400): Unknown key \"nickname\". Press r to try again"),
        Case(error: .http(status: 403, body: ""),
             save: "This account may not do that (403). Use another account's token (CHALLENGE_TUI_TOKEN)",
             load: "This account may not do that (403). Use another account's token (CHALLENGE_TUI_TOKEN)"),
        Case(error: envelopeError(403, code: "forbidden", message: "Profiles are read-only this week"),
             save: "This account may not do that (403): Profiles are read-only this week",
             load: "This account may not do that (403): Profiles are read-only this week. Press r to try again"),
        Case(error: .http(status: 404, body: ""),
             save: "The server has no such address (404). Check the server address (--server)",
             load: "The server has no such address (404). Check the server address (--server)"),
        Case(error: envelopeError(422, code: "unprocessable", message: ""),
             save: "The server refused the change by its rules (422). Change the values and save again",
             load: "The server refused the request by its rules (422). Press r to try again"),
        Case(error: envelopeError(422, code: "nameTaken", message: "That name is taken"),
             save: "The server refused the change (422): That name is taken",
             load: "The server refused the request (422): That name is taken. Press r to try again"),
        Case(error: .http(status: 429, body: ""),
             save: "Too many requests (429). Wait a moment, then save again",
             load: "Too many requests (429). Wait a moment, then press r"),
        Case(error: .http(status: 418, body: ""),
             save: "The server refused the change (418)",
             load: "The server refused the request (418). Press r to try again"),
        Case(error: .undecodable("not JSON"),
             save: "Unexpected response from the server. Save again to retry",
             load: "Unexpected response from the server. Press r to try again"),
        Case(error: .brokenAnswer(.cutShort),
             save: "The server's answer was cut short. Save again to retry",
             load: "The server's answer was cut short. Press r to try again"),
        Case(error: .responseTooLarge(limit: 8 << 20),
             save: "The server's answer is too large (over 8 MB)",
             load: "The server's answer is too large (over 8 MB)"),
    ]

    /// Each says what happened and what would help, once: "could not reach" only when nothing
    /// answered, "try again" never twice, the token's advice for a 401 rather than `r`.
    @Test(arguments: cases)
    func eachAnswerSaysWhatHappenedAndWhatWouldHelp(_ c: Case) {
        let save = ProfileFailure(c.error, request: .saveBasicInformation)
        let load = ProfileFailure(c.error, request: .load)
        #expect(save.sentence(for: .saveBasicInformation) == c.save)
        #expect(load.sentence(for: .load) == c.load)
        for sentence in [c.save, c.load] {
            #expect(sentence.components(separatedBy: "try again").count <= 2)
            #expect(sentence.contains("reach") == c.error.isTransport)
        }
    }

    /// A failure the mock backend's scenario injected: where the advice would be about the token
    /// or the server's address, it names the fault panel instead; everything else is as from a
    /// real server, and a server's own words still stand.
    @Test func anInjectedRefusalPointsAtTheFaultPanelNotTheTokenOrTheAddress() {
        for status in [401, 403, 404] {
            let save = ProfileFailure(.http(status: status, body: ""), request: .saveBasicInformation)
            let load = ProfileFailure(.http(status: status, body: ""), request: .load)
            #expect(save.advice(for: .saveBasicInformation, injected: true) == "Injected by the scenario: f changes it")
            #expect(load.advice(for: .load, injected: true) == "Injected by the scenario: f changes it, r retries")
            #expect(save.advice(for: .saveBasicInformation)?.contains("scenario") == false, "a real server's \(status)")
        }
        #expect(ProfileFailure(.http(status: 401, body: ""), request: .load).advice(for: .load) == ProfileCopy.tokenAdvice)
        let unchanged: [APIError] = [.http(status: 500, body: ""), .http(status: 429, body: ""), .http(status: 422, body: ""), .timedOut]
        for error in unchanged {
            let failure = ProfileFailure(error, request: .saveBasicInformation)
            #expect(failure.sentence(for: .saveBasicInformation, injected: true) == failure.sentence(for: .saveBasicInformation))
        }
        let worded = ProfileFailure(envelopeError(403, code: "forbidden", message: "Only admins"), request: .saveBasicInformation)
        #expect(worded.advice(for: .saveBasicInformation, injected: true) == nil, "the server's words say it")
    }

    /// The token is never part of a message, whatever the server sent back.
    @Test func theTokenIsNeverShown() {
        let token = DevToken.default
        let error = APIError.http(status: 401, body: #"{"data":{},"code":"unauthorized","message":"\#(token) expired","exceptionName":null}"#)
        for request in ProfileRequest.allCases {
            #expect(!ProfileFailure(error, request: request).sentence(for: request).contains(token))
        }
    }

    @Test func aFieldErrorIsTheServersMessageAlone() {
        let failure = ProfileFailure(envelopeError(400, code: "lastName", message: "Last Name is taken"), request: .saveBasicInformation)
        #expect(failure == .field(.lastName, "Last Name is taken"))
        #expect(failure.sentence(for: .saveBasicInformation) == "Last Name is taken")
        #expect(failure.advice(for: .saveBasicInformation) == nil)
        #expect(ProfileFailure.cancelled.message(for: .load) == "Cancelled")
    }

    /// Too many wrong current passwords: shown next to Current Password, in the server's words
    /// (which say how long to wait).
    @Test func tooManyAttemptsIsShownUnderTheCurrentPassword() {
        let error = envelopeError(429, code: "tooManyAttempts", message: "Too many attempts — try again in 42 s")
        #expect(ProfileFailure(error, request: .changePassword) == .field(.currentPassword, "Too many attempts — try again in 42 s"))
        #expect(ProfileFailure(.http(status: 429, body: ""), request: .changePassword)
            == .field(.currentPassword, "Too many attempts — try again later"))
    }

    @Test func aNameWithAControlCharacterIsShownUnderItsField() {
        let error = ProfileRules.checkUpdate(firstName: "A\u{1b}[2J", lastName: "x")
        guard case .failure(let rejection) = error else {
            Issue.record("accepted")
            return
        }
        #expect(ProfileFailure(rejection.apiError, request: .saveBasicInformation)
            == .field(.firstName, "First Name may not contain control characters"))
    }

    @Test func aBrokenAnswerSaysWhatHappenedNotUnreachable() {
        #expect(ProfileFailure(.brokenAnswer(.cutShort), request: .load) == .serverFailed(.brokenAnswer(.cutShort)))
    }

    @Test func loadingHasNoFieldsToBlame() {
        let failure = ProfileFailure(envelopeError(400, code: "firstName", message: "Bad"), request: .load)
        #expect(failure == .rejected(status: 400, message: "Bad"))
    }

    /// Only the server's `code` puts a message under a field: a 403 or 422 that names nothing is
    /// the section's, never a guess at Current or New Password.
    @Test func aStatusAloneNamesNoField() {
        #expect(ProfileFailure(.http(status: 403, body: ""), request: .changePassword) == .rejected(status: 403, message: nil))
        #expect(ProfileFailure(.http(status: 422, body: ""), request: .changePassword) == .rejected(status: 422, message: nil))
        let wrong = envelopeError(403, code: "wrongCurrentPassword", message: "The current password is wrong")
        #expect(ProfileFailure(wrong, request: .changePassword) == .field(.currentPassword, "The current password is wrong"))
        let short = envelopeError(422, code: "passwordTooShort", message: "The new password must be at least 8 characters")
        #expect(ProfileFailure(short, request: .changePassword) == .field(.newPassword, "The new password must be at least 8 characters"))
    }
}
