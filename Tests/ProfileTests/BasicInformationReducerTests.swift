import Contract
import Core
import ReducerTesting
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct BasicInformationReducerTests {
    @Test func seedReq2_saveChangesPostsFirstAndLastName() {
        let form = loadedForm(exhaustivity: .on)
        form.send(.edit(.firstName, "  Jane "), effects: []) { $0.firstName = "  Jane " }
        form.send(.edit(.lastName, "Doe"), effects: []) { $0.lastName = "Doe" }
        #expect(form.state.isDirty(.basicInformation) && form.state.hasUnsavedChanges)
        #expect(!form.state.isDirty(.password))

        // Trimmed names are what is sent.
        form.send(.saveBasicInformation, effects: [.updateProfile(firstName: "Jane", lastName: "Doe")]) {
            $0.inFlight = [.saveBasicInformation]
        }
        #expect(form.state.isSaving(.basicInformation) && form.state.isBusy)
        #expect(!form.state.isEditable(.firstName) && form.state.isEditable(.newPassword))

        let saved = UserProfile(firstName: "Jane", userName: "iOS User", lastName: "Doe")
        form.receive(.basicInformationSaved(.success(saved)), for: .updateProfile(firstName: "Jane", lastName: "Doe"), effects: []) {
            $0.inFlight = []
            $0.profile = saved
            $0.firstName = "Jane"
            $0.messages = [.basicInformation: .init(.success, "Profile saved")]
            $0.lastOutcome = .saved(.basicInformation)
        }
        #expect(!form.state.hasUnsavedChanges)
        form.finish()
    }

    @Test func theSavedProfileIsTheNewBaseline() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"), .saveBasicInformation)
        // The server keeps its own spelling; the form shows it and compares with it from now on.
        _ = form.send(.basicInformationSaved(.success(UserProfile(firstName: "JANE", userName: "iOS User", lastName: "Goode"))))
        #expect(form.state.firstName == "JANE" && !form.state.isDirty(.basicInformation))
        _ = form.send(.edit(.firstName, "Jane"))
        #expect(form.state.isDirty(.basicInformation))
        _ = form.send(.edit(.firstName, "JANE "))
        #expect(!form.state.isDirty(.basicInformation))
        #expect(form.state.message(for: .basicInformation) == nil)
    }

    @Test(arguments: [("Johnny B", "Goode"), (" Johnny B", "Goode  ")])
    func nothingUnchangedIsSent(_ first: String, _ last: String) {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, first), .edit(.lastName, last))
        #expect(!form.state.isDirty(.basicInformation))
        #expect(form.send(.saveBasicInformation).isEmpty)
        #expect(form.state.message(for: .basicInformation) == .init(.info, "No changes to save"))
        #expect(form.state.lastOutcome == .nothingToSave(.basicInformation))
        #expect(!form.state.isBusy)
    }

    @Test func invalidNamesAreNotSent() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "   "), .edit(.lastName, String(repeating: "x", count: 51)))
        #expect(form.send(.saveBasicInformation).isEmpty)
        #expect(form.state.error(for: .firstName) == "Enter a first name")
        #expect(form.state.error(for: .lastName) == "Last Name must be at most 50 characters")
        #expect(form.state.lastOutcome == .invalid(.basicInformation))
        #expect(!form.state.isBusy)
        // Fixing one field clears its own error only.
        _ = form.send(.edit(.firstName, "Ann"))
        #expect(form.state.error(for: .firstName) == nil)
        #expect(form.state.error(for: .lastName) != nil)
    }

    @Test func noDoubleSubmitWhileSaving() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"))
        #expect(form.send(.saveBasicInformation).count == 1)
        #expect(form.send(.saveBasicInformation).isEmpty)
        #expect(form.state.inFlight == [.saveBasicInformation])
    }

    @Test func editsOfTheSavingSectionWaitForTheAnswer() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = form.send(.edit(.firstName, "Other"))
        _ = form.send(.edit(.lastName, "Other"))
        #expect(form.state.firstName == "Jane" && form.state.lastName == "Goode")
        // The other section stays usable.
        _ = form.send(.edit(.currentPassword, "abc"))
        #expect(form.state.currentPassword.revealed == "abc")
        _ = form.send(.basicInformationSaved(.failure(.timedOut)))
        _ = form.send(.edit(.lastName, "Other"))
        #expect(form.state.lastName == "Other")
    }

    struct Outcome: Sendable, CustomTestStringConvertible {
        let name: String
        let error: APIError
        let fieldErrors: [ProfileField: String]
        let message: String?
        var testDescription: String { name }
    }

    static let outcomes: [Outcome] = [
        Outcome(name: "400 firstName", error: envelopeError(400, code: "firstName", message: "First Name is required"),
                fieldErrors: [.firstName: "First Name is required"], message: nil),
        Outcome(name: "400 lastName", error: envelopeError(400, code: "lastName", message: "Too long"),
                fieldErrors: [.lastName: "Too long"], message: nil),
        Outcome(name: "400 invalid_last_name", error: envelopeError(400, code: "invalid_last_name", message: "Bad"),
                fieldErrors: [.lastName: "Bad"], message: nil),
        Outcome(name: "400 field with empty message", error: envelopeError(400, code: "firstName", message: ""),
                fieldErrors: [.firstName: "First Name was not accepted"], message: nil),
        Outcome(name: "400 without a field", error: envelopeError(400, code: "badRequest", message: "The request is not valid"),
                fieldErrors: [:], message: "The server refused the change (400): The request is not valid"),
        Outcome(name: "400 naming a password field", error: envelopeError(400, code: "newPassword", message: "Nope"),
                fieldErrors: [:], message: "The server refused the change (400): Nope"),
        Outcome(name: "400 without an envelope", error: .http(status: 400, body: "bad"),
                fieldErrors: [:], message: "The server refused the change as invalid (400). Check the fields and save again"),
        Outcome(name: "401", error: envelopeError(401, code: "unauthorized", message: "jwt expired"),
                fieldErrors: [:], message: "The server refused the token (401). Set a valid CHALLENGE_TUI_TOKEN and start again"),
        Outcome(name: "403", error: envelopeError(403, code: "forbidden", message: "Names are locked"),
                fieldErrors: [:], message: "This account may not do that (403): Names are locked"),
        Outcome(name: "403 without a message", error: envelopeError(403, code: "forbidden", message: ""),
                fieldErrors: [:], message: "This account may not do that (403). Use another account's token (CHALLENGE_TUI_TOKEN)"),
        Outcome(name: "422", error: envelopeError(422, code: "unprocessable", message: "Names must be in Latin letters"),
                fieldErrors: [:], message: "The server refused the change (422): Names must be in Latin letters"),
        Outcome(name: "422 without a message", error: envelopeError(422, code: "unprocessable", message: ""),
                fieldErrors: [:], message: "The server refused the change by its rules (422). Change the values and save again"),
        Outcome(name: "500", error: envelopeError(500, code: "internalError", message: "Something went wrong"),
                fieldErrors: [:], message: "Server error 500: the server failed. Save again to retry"),
        Outcome(name: "refused", error: .connectionRefused, fieldErrors: [:],
                message: "Couldn't reach the server: the connection was refused (is it running?). Save again to retry"),
        Outcome(name: "timeout", error: .timedOut, fieldErrors: [:], message: "Couldn't reach the server: no answer in time. Save again to retry"),
        Outcome(name: "offline", error: .offline, fieldErrors: [:], message: "Couldn't reach the server (offline?). Save again to retry"),
        Outcome(name: "malformed JSON", error: .undecodable("not JSON"), fieldErrors: [:],
                message: "Unexpected response from the server. Save again to retry"),
    ]

    @Test(arguments: outcomes)
    func seedReq3_handlesEveryErrorReturn(_ c: Outcome) {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"), .edit(.lastName, "Doe"), .saveBasicInformation)
        _ = form.send(.basicInformationSaved(.failure(c.error)))
        #expect(!form.state.isBusy)
        #expect(form.state.errors == c.fieldErrors)
        #expect(form.state.message(for: .basicInformation) == c.message.map { .init(.error, $0) })
        #expect(form.state.message(for: .password) == nil)
        #expect(form.state.lastOutcome == .failed(.basicInformation, ProfileFailure(c.error, request: .saveBasicInformation)))
        // The edits and the baseline stay: the person can try again.
        #expect(form.state.firstName == "Jane" && form.state.lastName == "Doe" && form.state.profile == .sample)
        #expect(form.state.isDirty(.basicInformation))
        #expect(form.send(.saveBasicInformation) == [.updateProfile(firstName: "Jane", lastName: "Doe")])
    }

    @Test func aCancelledSaveLeavesNoMessage() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = form.send(.basicInformationSaved(.failure(.cancelled)))
        #expect(!form.state.isBusy && form.state.messages.isEmpty && form.state.errors.isEmpty)
        #expect(form.state.lastOutcome == .loaded)
    }

    @Test func resubmittingClearsTheOldVerdicts() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = form.send(.basicInformationSaved(.failure(envelopeError(400, code: "firstName", message: "Bad"))))
        #expect(form.state.error(for: .firstName) == "Bad")
        _ = form.send(.saveBasicInformation)
        #expect(form.state.error(for: .firstName) == nil)
    }
}
