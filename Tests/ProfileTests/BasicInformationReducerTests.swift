import Contract
import Core
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct BasicInformationReducerTests {
    @Test func seedReq2_saveChangesPostsFirstAndLastName() {
        var state = loadedState()
        state.send(.edit(.firstName, "  Jane "), .edit(.lastName, "Doe"))
        #expect(state.isDirty(.basicInformation) && state.hasUnsavedChanges)
        #expect(!state.isDirty(.password))

        // Trimmed names are what is sent.
        #expect(state.reduce(.saveBasicInformation) == [.updateProfile(firstName: "Jane", lastName: "Doe")])
        #expect(state.isSaving(.basicInformation) && state.isBusy)
        #expect(!state.isEditable(.firstName) && state.isEditable(.newPassword))

        let saved = UserProfile(firstName: "Jane", userName: "iOS User", lastName: "Doe")
        _ = state.reduce(.basicInformationSaved(.success(saved)))
        #expect(!state.isSaving(.basicInformation))
        #expect(state.profile == saved)
        #expect(state.firstName == "Jane" && state.lastName == "Doe")
        #expect(!state.hasUnsavedChanges)
        #expect(state.message(for: .basicInformation) == .init(.success, "Profile saved"))
        #expect(state.lastOutcome == .saved(.basicInformation))
    }

    @Test func theSavedProfileIsTheNewBaseline() {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"), .saveBasicInformation)
        // The server keeps its own spelling; the form shows it and compares with it from now on.
        _ = state.reduce(.basicInformationSaved(.success(UserProfile(firstName: "JANE", userName: "iOS User", lastName: "Goode"))))
        #expect(state.firstName == "JANE" && !state.isDirty(.basicInformation))
        _ = state.reduce(.edit(.firstName, "Jane"))
        #expect(state.isDirty(.basicInformation))
        _ = state.reduce(.edit(.firstName, "JANE "))
        #expect(!state.isDirty(.basicInformation))
        #expect(state.message(for: .basicInformation) == nil)
    }

    @Test(arguments: [("Johnny B", "Goode"), (" Johnny B", "Goode  ")])
    func nothingUnchangedIsSent(_ first: String, _ last: String) {
        var state = loadedState()
        state.send(.edit(.firstName, first), .edit(.lastName, last))
        #expect(!state.isDirty(.basicInformation))
        #expect(state.reduce(.saveBasicInformation).isEmpty)
        #expect(state.message(for: .basicInformation) == .init(.info, "No changes to save"))
        #expect(state.lastOutcome == .nothingToSave(.basicInformation))
        #expect(!state.isBusy)
    }

    @Test func invalidNamesAreNotSent() {
        var state = loadedState()
        state.send(.edit(.firstName, "   "), .edit(.lastName, String(repeating: "x", count: 51)))
        #expect(state.reduce(.saveBasicInformation).isEmpty)
        #expect(state.error(for: .firstName) == "Enter a first name")
        #expect(state.error(for: .lastName) == "Last Name must be at most 50 characters")
        #expect(state.lastOutcome == .invalid(.basicInformation))
        #expect(!state.isBusy)
        // Fixing one field clears its own error only.
        _ = state.reduce(.edit(.firstName, "Ann"))
        #expect(state.error(for: .firstName) == nil)
        #expect(state.error(for: .lastName) != nil)
    }

    @Test func noDoubleSubmitWhileSaving() {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"))
        #expect(state.reduce(.saveBasicInformation).count == 1)
        #expect(state.reduce(.saveBasicInformation).isEmpty)
        #expect(state.inFlight == [.saveBasicInformation])
    }

    @Test func editsOfTheSavingSectionWaitForTheAnswer() {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = state.reduce(.edit(.firstName, "Other"))
        _ = state.reduce(.edit(.lastName, "Other"))
        #expect(state.firstName == "Jane" && state.lastName == "Goode")
        // The other section stays usable.
        _ = state.reduce(.edit(.currentPassword, "abc"))
        #expect(state.currentPassword.revealed == "abc")
        _ = state.reduce(.basicInformationSaved(.failure(.timedOut)))
        _ = state.reduce(.edit(.lastName, "Other"))
        #expect(state.lastName == "Other")
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
                fieldErrors: [:], message: "The request is not valid"),
        Outcome(name: "400 naming a password field", error: envelopeError(400, code: "newPassword", message: "Nope"),
                fieldErrors: [:], message: "Nope"),
        Outcome(name: "400 without an envelope", error: .http(status: 400, body: "bad"),
                fieldErrors: [:], message: "The server answered 400"),
        Outcome(name: "401", error: envelopeError(401, code: "unauthorized", message: "jwt expired"),
                fieldErrors: [:], message: "Your session has expired"),
        Outcome(name: "403", error: envelopeError(403, code: "forbidden", message: "Not allowed"),
                fieldErrors: [:], message: "Not allowed"),
        Outcome(name: "422", error: envelopeError(422, code: "unprocessable", message: "The request breaks a rule"),
                fieldErrors: [:], message: "The request breaks a rule"),
        Outcome(name: "500", error: envelopeError(500, code: "internalError", message: "Something went wrong"),
                fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "refused", error: .connectionRefused, fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "timeout", error: .timedOut, fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "offline", error: .offline, fieldErrors: [:], message: "Couldn't reach the server — try again"),
        Outcome(name: "malformed JSON", error: .undecodable("not JSON"), fieldErrors: [:], message: "Unexpected response from the server"),
    ]

    @Test(arguments: outcomes)
    func seedReq3_handlesEveryErrorReturn(_ c: Outcome) {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"), .edit(.lastName, "Doe"), .saveBasicInformation)
        _ = state.reduce(.basicInformationSaved(.failure(c.error)))
        #expect(!state.isBusy)
        #expect(state.errors == c.fieldErrors)
        #expect(state.message(for: .basicInformation) == c.message.map { .init(.error, $0) })
        #expect(state.message(for: .password) == nil)
        #expect(state.lastOutcome == .failed(.basicInformation, ProfileFailure(c.error, request: .saveBasicInformation)))
        // The edits and the baseline stay: the person can try again.
        #expect(state.firstName == "Jane" && state.lastName == "Doe" && state.profile == .sample)
        #expect(state.isDirty(.basicInformation))
        #expect(state.reduce(.saveBasicInformation) == [.updateProfile(firstName: "Jane", lastName: "Doe")])
    }

    @Test func aCancelledSaveLeavesNoMessage() {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = state.reduce(.basicInformationSaved(.failure(.cancelled)))
        #expect(!state.isBusy && state.messages.isEmpty && state.errors.isEmpty)
        #expect(state.lastOutcome == .loaded)
    }

    @Test func resubmittingClearsTheOldVerdicts() {
        var state = loadedState()
        state.send(.edit(.firstName, "Jane"), .saveBasicInformation)
        _ = state.reduce(.basicInformationSaved(.failure(envelopeError(400, code: "firstName", message: "Bad"))))
        #expect(state.error(for: .firstName) == "Bad")
        _ = state.reduce(.saveBasicInformation)
        #expect(state.error(for: .firstName) == nil)
    }
}
