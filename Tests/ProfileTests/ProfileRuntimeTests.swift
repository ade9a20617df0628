import Contract
import Core
import CoreTesting
import ReducerTesting
import Synchronization
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct ProfileRuntimeTests {
    @Test func seedReq1_loadsTheProfileThroughTheRunner() async {
        let store = profileStore(api: MockProfileAPI(clock: ContinuousClock()))
        store.send(.appeared, effects: [.fetchProfile]) {
            $0.loadStatus = .loading
            $0.inFlight = [.load]
        }
        store.receive(.loaded(.success(.sample)), effects: []) {
            $0.inFlight = []
            $0.profile = .sample
            $0.firstName = UserProfile.sample.firstName
            $0.lastName = UserProfile.sample.lastName
            $0.loadStatus = .loaded
            $0.lastOutcome = .loaded
        }
        store.finish()
    }

    @Test func seedReq2_savesNamesAndChangesThePasswordEndToEnd() async {
        let api = MockProfileAPI(clock: ContinuousClock())
        let store = profileStore(exhaustivity: .off, api: api)
        store.send(.appeared)
        store.runEffects()
        store.send(.edit(.firstName, "Jane"))
        store.send(.saveBasicInformation)
        store.runEffects()
        #expect(store.state.message(for: .basicInformation)?.text == "Profile saved")
        #expect(api.storedProfile.firstName == "Jane")

        for (field, text) in [(ProfileField.currentPassword, "password123"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            store.send(.edit(field, text))
        }
        store.send(.changePassword)
        store.runEffects()
        #expect(store.state.message(for: .password)?.text == "Password changed")
        #expect(api.isCurrentPassword("correct horse"))
        #expect(!store.state.hasUnsavedChanges)
    }

    @Test func seedReq3_serverRefusalsLandUnderTheirField() async {
        let store = profileStore(exhaustivity: .off, api: MockProfileAPI(clock: ContinuousClock()))
        store.send(.appeared)
        store.runEffects()
        for (field, text) in [(ProfileField.currentPassword, "not the password"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            store.send(.edit(field, text))
        }
        store.send(.changePassword)
        store.runEffects()
        #expect(store.state.error(for: .currentPassword) == "The current password is wrong")
    }

    @Test func seedReq3_failuresOfEachEndpointReachTheState() async {
        let api = MockProfileAPI(
            profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 0...0, outcomes: .failNext(1, .status(500)))),
            updateEndpoint: MockEndpoint("profileUpdate", behaviour: .init(delay: 0...0, outcomes: .alwaysFail(.malformed))),
            passwordEndpoint: MockEndpoint("passwordChange", behaviour: .init(delay: 0...0, outcomes: .alwaysFail(.status(401)))), clock: ContinuousClock())
        let store = profileStore(exhaustivity: .off, api: api)
        store.send(.appeared)
        store.runEffects()
        #expect(store.state.loadMessage == "Server error 500: the server failed")
        store.send(.retryLoad)
        store.runEffects()
        #expect(store.state.loadStatus == .loaded)

        store.send(.edit(.lastName, "Doe"))
        store.send(.saveBasicInformation)
        store.runEffects()
        #expect(store.state.message(for: .basicInformation)?.text == "Unexpected response from the server. Save again to retry")

        for (field, text) in [(ProfileField.currentPassword, "password123"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            store.send(.edit(field, text))
        }
        store.send(.changePassword)
        store.runEffects()
        #expect(store.state.message(for: .password)?.text
            == "The server refused the token (401). Set a valid CHALLENGE_TUI_TOKEN and start again")
    }

    @Test func leavingCancelsARequestInFlight() async {
        let api = MockProfileAPI(profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 600...600, outcomes: .alwaysSucceed)), clock: ContinuousClock())
        let store = profileStore(api: api)
        store.send(.appeared, effects: [.fetchProfile]) {
            $0.loadStatus = .loading
            $0.inFlight = [.load]
        }
        store.runEffects()
        #expect(store.receivedEvents.isEmpty, "the fetch is still under way")
        store.send(.left, effects: [.cancelRequests]) { $0 = ProfileState() }
        store.finish()
        #expect(store.receivedEvents.isEmpty, "the cancelled fetch answers nothing")
    }

    @Test func cancelRequestsPerformsNothingItself() async {
        let sent = Mutex<[ProfileEvent]>([])
        await ProfileRuntime(api: MockProfileAPI(clock: ContinuousClock())).perform(.cancelRequests) { event in sent.withLock { $0.append(event) } }
        #expect(sent.withLock { $0 }.isEmpty)
    }
}
