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

    @Test func failureMessages() {
        #expect(ProfileFailure.sessionExpired.message == "Your session has expired")
        #expect(ProfileFailure.unreachable.message == "Couldn't reach the server — try again")
        #expect(ProfileFailure.unexpectedResponse.message == "Unexpected response from the server")
        #expect(ProfileFailure.cancelled.message == "Cancelled")
        #expect(ProfileFailure.rejected("x").message == "x")
        #expect(ProfileFailure.field(.lastName, "y").message == "y")
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
        #expect(ProfileFailure(.brokenAnswer(.cutShort), request: .load) == .rejected("The server's answer was cut short"))
    }

    @Test func loadingHasNoFieldsToBlame() {
        let failure = ProfileFailure(envelopeError(400, code: "firstName", message: "Bad"), request: .load)
        #expect(failure == .rejected("Bad"))
        #expect(ProfileFailure(.http(status: 403, body: ""), request: .load) == .rejected("The server answered 403"))
        #expect(ProfileFailure(.http(status: 422, body: ""), request: .saveBasicInformation) == .rejected("The server answered 422"))
    }
}
