import Contract
import Core
import ReducerTesting
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct LoadReducerTests {
    @Test func seedReq1_loadsProfileOnAppear() {
        var state = ProfileState()
        #expect(state.loadStatus == .idle)
        #expect(state.reduce(.appeared) == [.fetchProfile])
        #expect(state.loadStatus == .loading)
        #expect(state.isLoading && state.isBusy)
        #expect(state.loadMessage == "Loading profile…")
        #expect(!state.showsForm)

        #expect(state.reduce(.loaded(.success(.sample))).isEmpty)
        #expect(state.loadStatus == .loaded)
        #expect(state.showsForm && !state.isBusy)
        #expect(state.loadMessage == nil)
        #expect(state.userName == "iOS User")
        #expect(state.displayText(of: .firstName) == "Johnny B")
        #expect(state.displayText(of: .lastName) == "Goode")
        #expect(state.profile == .sample)
        #expect(!state.hasUnsavedChanges)
        #expect(state.lastOutcome == .loaded)
    }

    @Test func appearingAgainWhileLoadingOrLoadedDoesNotRefetch() {
        var state = ProfileState()
        _ = state.reduce(.appeared)
        #expect(state.reduce(.appeared).isEmpty)
        _ = state.reduce(.loaded(.success(.sample)))
        _ = state.reduce(.edit(.firstName, "Jo"))
        #expect(state.reduce(.appeared).isEmpty)
        #expect(state.firstName == "Jo")
    }

    struct LoadFailure: Sendable, CustomTestStringConvertible {
        let error: APIError
        let message: String
        let advice: String?
        var testDescription: String { "\(error)" }
    }

    /// What happened, said once, and under it what would help: `r` where trying again can, the
    /// token where it can't (Docs/profile.md).
    static let failures: [LoadFailure] = [
        LoadFailure(error: envelopeError(401, code: "unauthorized", message: "jwt expired"),
                    message: "The server refused the token (401)", advice: "Set a valid CHALLENGE_TUI_TOKEN and start again"),
        LoadFailure(error: .http(status: 401, body: ""),
                    message: "The server refused the token (401)", advice: "Set a valid CHALLENGE_TUI_TOKEN and start again"),
        LoadFailure(error: envelopeError(500, code: "internalError", message: "boom"),
                    message: "Server error 500: the server failed", advice: "Press r to try again"),
        LoadFailure(error: .http(status: 503, body: "<html>"), message: "Server error 503: the server failed", advice: "Press r to try again"),
        LoadFailure(error: .connectionRefused,
                    message: "Couldn't reach the server: the connection was refused (is it running?)", advice: "Press r to try again"),
        LoadFailure(error: .timedOut, message: "Couldn't reach the server: no answer in time", advice: "Press r to try again"),
        LoadFailure(error: .offline, message: "Couldn't reach the server (offline?)", advice: "Press r to try again"),
        LoadFailure(error: .undecodable("not JSON"), message: "Unexpected response from the server", advice: "Press r to try again"),
        LoadFailure(error: envelopeError(404, code: "notFound", message: "No such user"),
                    message: "The server has no such address (404): No such user", advice: "Press r to try again"),
        LoadFailure(error: .http(status: 404, body: "nope"),
                    message: "The server has no such address (404)", advice: "Check the server address (--server)"),
        LoadFailure(error: .http(status: 403, body: ""),
                    message: "This account may not do that (403)", advice: "Use another account's token (CHALLENGE_TUI_TOKEN)"),
        LoadFailure(error: envelopeError(400, code: "firstName", message: "First Name is required"),
                    message: "The server refused the request (400): First Name is required", advice: "Press r to try again"),
        LoadFailure(error: .responseTooLarge(limit: 1 << 20), message: "The server's answer is too large (over 1 MB)", advice: nil),
    ]

    @Test(arguments: failures)
    func seedReq3_loadFailureIsShownWithWhatWouldHelp(_ c: LoadFailure) {
        var state = ProfileState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.loaded(.failure(c.error)))
        #expect(state.loadStatus == .failed(ProfileFailure(c.error, request: .load)))
        #expect(state.loadMessage == c.message)
        #expect(state.loadAdvice == c.advice)
        #expect(!(state.loadMessage ?? "").lowercased().contains("try again"), "said once, in the advice")
        #expect(!state.showsForm && !state.isBusy)
        #expect(state.lastOutcome == .loadFailed(ProfileFailure(c.error, request: .load)))
        guard ProfileFailure(c.error, request: .load) != .tokenRefused else {
            // The same token gets the same answer: `r` is not offered and does nothing.
            #expect(!state.canRetryLoad)
            #expect(state.reduce(.retryLoad).isEmpty)
            return
        }
        #expect(state.canRetryLoad)
        #expect(state.reduce(.retryLoad) == [.fetchProfile])
        #expect(state.loadStatus == .loading && !state.canRetryLoad)
        #expect(state.loadAdvice == nil)
    }

    /// A refusal the mock's scenario injected may answer differently next time: `r` stays.
    @Test func anInjectedRefusedTokenCanBeRetried() {
        var state = ProfileState(failuresAreInjected: true)
        _ = state.reduce(.appeared)
        _ = state.reduce(.loaded(.failure(.http(status: 401, body: ""))))
        #expect(state.canRetryLoad)
        #expect(state.loadAdvice == "Injected by the scenario: f changes it, r retries")
        #expect(state.reduce(.retryLoad) == [.fetchProfile])
    }

    @Test func retryDoesNothingUnlessTheLoadFailed() {
        let form = loadedForm()
        #expect(form.send(.retryLoad).isEmpty)
        #expect(!form.state.canRetryLoad)
        var loading = ProfileState()
        _ = loading.reduce(.appeared)
        #expect(loading.reduce(.retryLoad).isEmpty)
    }

    @Test func cancelledLoadGoesBackToIdleWithoutMessage() {
        var state = ProfileState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.loaded(.failure(.cancelled)))
        #expect(state.loadStatus == .idle)
        #expect(state.loadMessage == nil)
        #expect(state.reduce(.appeared) == [.fetchProfile])
    }

    @Test func answersNobodyWaitsForChangeNothing() {
        var state = ProfileState()
        _ = state.reduce(.loaded(.success(.sample)))
        _ = state.reduce(.basicInformationSaved(.success(.sample)))
        _ = state.reduce(.passwordChanged(.success(Acknowledgement())))
        #expect(state == ProfileState())
    }

    @Test func nothingIsEditableOrSubmittableBeforeTheProfileLoads() {
        var state = ProfileState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.edit(.firstName, "X"))
        _ = state.reduce(.edit(.newPassword, "X"))
        #expect(state.firstName == "" && state.newPassword.isEmpty)
        #expect(state.reduce(.saveBasicInformation).isEmpty)
        #expect(state.reduce(.changePassword).isEmpty)
        #expect(ProfileField.allCases.allSatisfy { !state.isEditable($0) })
    }

    @Test func leavingDiscardsEverythingAndCancelsRequests() {
        let form = loadedForm()
        form.sendAll(.edit(.firstName, "Jane"))
        form.typePasswords()
        _ = form.send(.changePassword)
        #expect(form.state.hasUnsavedChanges && form.state.isSaving(.password))
        #expect(form.send(.left) == [.cancelRequests])
        #expect(form.state == ProfileState())
        #expect(form.state.currentPassword.isEmpty && form.state.newPassword.isEmpty && form.state.passwordConfirmation.isEmpty)
        // The next visit loads afresh.
        #expect(form.send(.appeared) == [.fetchProfile])
    }

    @Test func effectIdentitiesLetTheRunnerCancelThem() {
        #expect(ProfileEffect.fetchProfile.id == .fetch)
        #expect(ProfileEffect.updateProfile(firstName: "a", lastName: "b").id == .update)
        #expect(ProfileEffect.changePassword(current: "a", new: "b", confirmation: "b").id == .password)
        #expect(ProfileEffect.cancelRequests.id == nil)
        #expect(ProfileEffect.cancelRequests.cancels == [.fetch, .update, .password])
        #expect(ProfileEffect.fetchProfile.cancels.isEmpty)
    }

    @Test func screenTexts() {
        #expect(ProfileCopy.title == "User Profile")
        #expect(ProfileCopy.backButton == "Dashboard")
        #expect(ProfileSection.basicInformation.title == "BASIC INFORMATION")
        #expect(ProfileSection.password.title == "PASSWORD")
        #expect(ProfileSection.allCases.allSatisfy { $0.saveButtonTitle == "SAVE CHANGES" })
        #expect(ProfileSection.basicInformation.fields == [.firstName, .lastName])
        #expect(ProfileSection.password.fields.map(\.label) == ["Current Password", "New Password", "Re-enter Password"])
        #expect(ProfileRequest.load.section == nil)
    }
}
