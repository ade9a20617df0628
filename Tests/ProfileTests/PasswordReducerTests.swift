import Contract
import Core
import ReducerTesting
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct PasswordReducerTests {
    @Test func seedReq2_passwordChangePostsCurrentNewAndConfirmation() {
        let form = loadedForm()
        form.typePasswords(current: "password123", new: "correct horse")
        #expect(form.state.isDirty(.password) && form.state.hasUnsavedChanges)
        #expect(form.state.displayText(of: .currentPassword) == "•••••••••••")
        #expect(form.state.length(of: .newPassword) == 13)

        #expect(form.send(.changePassword) == [
            .changePassword(current: "password123", new: "correct horse", confirmation: "correct horse"),
        ])
        #expect(form.state.isSaving(.password))
        #expect(!form.state.isEditable(.currentPassword) && form.state.isEditable(.firstName))

        _ = form.send(.passwordChanged(.success(Acknowledgement())))
        #expect(!form.state.isBusy)
        #expect(form.state.message(for: .password) == .init(.success, "Password changed"))
        #expect(form.state.lastOutcome == .saved(.password))
    }

    @Test func passwordFieldsAreClearedAfterSuccess() {
        let form = loadedForm()
        form.typePasswords()
        form.sendAll(.changePassword, .passwordChanged(.success(Acknowledgement())))
        for field in ProfileSection.password.fields {
            #expect(form.state.secret(field).isEmpty)
            #expect(form.state.displayText(of: field) == "")
        }
        #expect(!form.state.isDirty(.password) && !form.state.hasUnsavedChanges)
    }

    @Test func emptyPasswordFormHasNothingToSave() {
        let form = loadedForm()
        #expect(form.send(.changePassword).isEmpty)
        #expect(form.state.message(for: .password) == .init(.info, "No changes to save"))
        #expect(form.state.errors.isEmpty)
        #expect(form.state.lastOutcome == .nothingToSave(.password))
    }

    @Test func invalidPasswordChangeIsNotSent() {
        let form = loadedForm()
        form.typePasswords(current: "password123", new: "short", confirmation: "shirt")
        #expect(form.send(.changePassword).isEmpty)
        #expect(form.state.errors == [.newPassword: "Use at least 8 characters", .passwordConfirmation: "The passwords don't match"])
        #expect(form.state.lastOutcome == .invalid(.password))
        #expect(!form.state.isBusy)
    }

    @Test func noDoubleSubmitWhileChangingThePassword() {
        let form = loadedForm()
        form.typePasswords()
        #expect(form.send(.changePassword).count == 1)
        #expect(form.send(.changePassword).isEmpty)
        _ = form.send(.edit(.newPassword, "something else"))
        #expect(form.state.newPassword.revealed == "correct horse")
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
                fieldErrors: [:], message: "The server refused the change (400): The request is not valid"),
        Outcome(name: "400 naming a name field", error: envelopeError(400, code: "firstName", message: "Nope"),
                fieldErrors: [:], message: "The server refused the change (400): Nope"),
        Outcome(name: "401", error: envelopeError(401, code: "unauthorized", message: "jwt expired"),
                fieldErrors: [:], message: "The server refused the token (401). Set a valid CHALLENGE_TUI_TOKEN and start again"),
        Outcome(name: "403", error: envelopeError(403, code: "wrongCurrentPassword", message: "The current password is wrong"),
                fieldErrors: [.currentPassword: "The current password is wrong"], message: nil),
        // A status alone names no field (an injected failure, say): the section says it.
        Outcome(name: "403 without an envelope", error: .http(status: 403, body: ""),
                fieldErrors: [:], message: "This account may not do that (403). Use another account's token (CHALLENGE_TUI_TOKEN)"),
        Outcome(name: "422 passwordTooShort", error: envelopeError(422, code: "passwordTooShort", message: "At least 8"),
                fieldErrors: [.newPassword: "At least 8"], message: nil),
        Outcome(name: "422 passwordUnchanged", error: envelopeError(422, code: "passwordUnchanged", message: "Must differ"),
                fieldErrors: [.newPassword: "Must differ"], message: nil),
        Outcome(name: "422 passwordMismatch", error: envelopeError(422, code: "passwordMismatch", message: "Don't match"),
                fieldErrors: [.passwordConfirmation: "Don't match"], message: nil),
        Outcome(name: "422 unknown rule", error: envelopeError(422, code: "tooWeak", message: "Too weak"),
                fieldErrors: [:], message: "The server refused the change (422): Too weak"),
        Outcome(name: "422 without an envelope", error: .http(status: 422, body: ""),
                fieldErrors: [:], message: "The server refused the change by its rules (422). Change the values and save again"),
        Outcome(name: "500", error: envelopeError(500, code: "internalError", message: "Something went wrong"),
                fieldErrors: [:], message: "Server error 500: the server failed. Save again to retry"),
        Outcome(name: "refused", error: .connectionRefused, fieldErrors: [:],
                message: "Couldn't reach the server: the connection was refused (is it running?). Save again to retry"),
        Outcome(name: "timeout", error: .timedOut, fieldErrors: [:], message: "Couldn't reach the server: no answer in time. Save again to retry"),
        Outcome(name: "malformed JSON", error: .undecodable("not JSON"), fieldErrors: [:],
                message: "Unexpected response from the server. Save again to retry"),
    ]

    @Test(arguments: outcomes)
    func seedReq3_handlesEveryErrorReturn(_ c: Outcome) {
        let form = loadedForm()
        form.typePasswords()
        _ = form.send(.changePassword)
        _ = form.send(.passwordChanged(.failure(c.error)))
        #expect(!form.state.isBusy)
        #expect(form.state.errors == c.fieldErrors)
        #expect(form.state.message(for: .password) == c.message.map { .init(.error, $0) })
        #expect(form.state.message(for: .basicInformation) == nil)
        #expect(form.state.lastOutcome == .failed(.password, ProfileFailure(c.error, request: .changePassword)))
        // The fields stay so the person can correct the one the error names, and resubmit.
        #expect(form.state.currentPassword.revealed == "password123" && form.state.newPassword.revealed == "correct horse")
        #expect(form.send(.changePassword).count == 1)
    }

    @Test func editingAFieldClearsItsErrorAndTheSectionMessage() {
        let form = loadedForm()
        form.typePasswords()
        form.sendAll(.changePassword, .passwordChanged(.failure(envelopeError(403, code: "wrongCurrentPassword", message: "Wrong"))))
        #expect(form.state.error(for: .currentPassword) == "Wrong")
        _ = form.send(.edit(.currentPassword, "password12"))
        #expect(form.state.error(for: .currentPassword) == nil)

        form.sendAll(.changePassword, .passwordChanged(.failure(.timedOut)))
        #expect(form.state.message(for: .password) != nil)
        _ = form.send(.edit(.newPassword, "correct horse!"))
        #expect(form.state.message(for: .password) == nil)
    }
}
