import Contract
import Core
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct PasswordReducerTests {
    @Test func seedReq2_passwordChangePostsCurrentNewAndConfirmation() {
        var state = loadedState()
        state.typePasswords(current: "password123", new: "correct horse")
        #expect(state.isDirty(.password) && state.hasUnsavedChanges)
        #expect(state.displayText(of: .currentPassword) == "•••••••••••")
        #expect(state.length(of: .newPassword) == 13)

        #expect(state.reduce(.changePassword) == [
            .changePassword(current: "password123", new: "correct horse", confirmation: "correct horse"),
        ])
        #expect(state.isSaving(.password))
        #expect(!state.isEditable(.currentPassword) && state.isEditable(.firstName))

        _ = state.reduce(.passwordChanged(.success(Acknowledgement())))
        #expect(!state.isBusy)
        #expect(state.message(for: .password) == .init(.success, "Password changed"))
        #expect(state.lastOutcome == .saved(.password))
    }

    @Test func passwordFieldsAreClearedAfterSuccess() {
        var state = loadedState()
        state.typePasswords()
        state.send(.changePassword, .passwordChanged(.success(Acknowledgement())))
        for field in ProfileSection.password.fields {
            #expect(state.secret(field).isEmpty)
            #expect(state.displayText(of: field) == "")
        }
        #expect(!state.isDirty(.password) && !state.hasUnsavedChanges)
    }

    @Test func emptyPasswordFormHasNothingToSave() {
        var state = loadedState()
        #expect(state.reduce(.changePassword).isEmpty)
        #expect(state.message(for: .password) == .init(.info, "No changes to save"))
        #expect(state.errors.isEmpty)
        #expect(state.lastOutcome == .nothingToSave(.password))
    }

    @Test func invalidPasswordChangeIsNotSent() {
        var state = loadedState()
        state.typePasswords(current: "password123", new: "short", confirmation: "shirt")
        #expect(state.reduce(.changePassword).isEmpty)
        #expect(state.errors == [.newPassword: "Use at least 8 characters", .passwordConfirmation: "The passwords don't match"])
        #expect(state.lastOutcome == .invalid(.password))
        #expect(!state.isBusy)
    }

    @Test func noDoubleSubmitWhileChangingThePassword() {
        var state = loadedState()
        state.typePasswords()
        #expect(state.reduce(.changePassword).count == 1)
        #expect(state.reduce(.changePassword).isEmpty)
        _ = state.reduce(.edit(.newPassword, "something else"))
        #expect(state.newPassword.revealed == "correct horse")
    }

    struct Outcome: Sendable, CustomTestStringConvertible {
        let name: String
        let error: APIError
        let fieldErrors: [ProfileField: String]
        let message: String?
        var testDescription: String { name }
    }

    static let outcomes: [Outcome] = [
        Outcome(name: "400 currentPassword", error: envelopeError(400, code: "currentPassword", message: "Current Password is required"),
                fieldErrors: [.currentPassword: "Current Password is required"], message: nil),
        Outcome(name: "400 newPassword", error: envelopeError(400, code: "newPassword", message: "New Password is required"),
                fieldErrors: [.newPassword: "New Password is required"], message: nil),
        Outcome(name: "400 passwordConfirmation", error: envelopeError(400, code: "passwordConfirmation", message: "Required"),
                fieldErrors: [.passwordConfirmation: "Required"], message: nil),
        Outcome(name: "400 without a field", error: envelopeError(400, code: "badRequest", message: "The request is not valid"),
                fieldErrors: [:], message: "The request is not valid"),
        Outcome(name: "400 naming a name field", error: envelopeError(400, code: "firstName", message: "Nope"),
                fieldErrors: [:], message: "Nope"),
        Outcome(name: "401", error: envelopeError(401, code: "unauthorized", message: "jwt expired"),
                fieldErrors: [:], message: "Your session has expired"),
        Outcome(name: "403", error: envelopeError(403, code: "wrongCurrentPassword", message: "The current password is wrong"),
                fieldErrors: [.currentPassword: "The current password is wrong"], message: nil),
        Outcome(name: "403 without an envelope", error: .http(status: 403, body: ""),
                fieldErrors: [.currentPassword: "The current password is wrong"], message: nil),
        Outcome(name: "422 passwordTooShort", error: envelopeError(422, code: "passwordTooShort", message: "At least 8"),
                fieldErrors: [.newPassword: "At least 8"], message: nil),
        Outcome(name: "422 passwordUnchanged", error: envelopeError(422, code: "passwordUnchanged", message: "Must differ"),
                fieldErrors: [.newPassword: "Must differ"], message: nil),
        Outcome(name: "422 passwordMismatch", error: envelopeError(422, code: "passwordMismatch", message: "Don't match"),
                fieldErrors: [.passwordConfirmation: "Don't match"], message: nil),
        Outcome(name: "422 unknown rule", error: envelopeError(422, code: "tooWeak", message: "Too weak"),
                fieldErrors: [.newPassword: "Too weak"], message: nil),
        Outcome(name: "422 without an envelope", error: .http(status: 422, body: ""),
                fieldErrors: [.newPassword: "New Password was not accepted"], message: nil),
        Outcome(name: "500", error: envelopeError(500, code: "internalError", message: "Something went wrong"),
                fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "refused", error: .connectionRefused, fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "timeout", error: .timedOut, fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "malformed JSON", error: .undecodable("not JSON"), fieldErrors: [:], message: "Unexpected response from the server"),
    ]

    @Test(arguments: outcomes)
    func seedReq3_handlesEveryErrorReturn(_ c: Outcome) {
        var state = loadedState()
        state.typePasswords()
        _ = state.reduce(.changePassword)
        _ = state.reduce(.passwordChanged(.failure(c.error)))
        #expect(!state.isBusy)
        #expect(state.errors == c.fieldErrors)
        #expect(state.message(for: .password) == c.message.map { .init(.error, $0) })
        #expect(state.message(for: .basicInformation) == nil)
        #expect(state.lastOutcome == .failed(.password, ProfileFailure(c.error, request: .changePassword)))
        // The fields stay so the person can correct the one the error names, and resubmit.
        #expect(state.currentPassword.revealed == "password123" && state.newPassword.revealed == "correct horse")
        #expect(state.reduce(.changePassword).count == 1)
    }

    @Test func editingAFieldClearsItsErrorAndTheSectionMessage() {
        var state = loadedState()
        state.typePasswords()
        state.send(.changePassword, .passwordChanged(.failure(envelopeError(403, code: "wrongCurrentPassword", message: "Wrong"))))
        #expect(state.error(for: .currentPassword) == "Wrong")
        _ = state.reduce(.edit(.currentPassword, "password12"))
        #expect(state.error(for: .currentPassword) == nil)

        state.send(.changePassword, .passwordChanged(.failure(.timedOut)))
        #expect(state.message(for: .password) != nil)
        _ = state.reduce(.edit(.newPassword, "correct horse!"))
        #expect(state.message(for: .password) == nil)
    }
}
