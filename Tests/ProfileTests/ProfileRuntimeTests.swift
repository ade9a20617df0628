import Contract
import Core
import CoreTesting
import Synchronization
import Testing
@testable import Profile

/// A screen stand-in: owns the state, runs its effects with Core's runner, and reduces the
/// events the runtime sends back.
private final class Harness: Sendable {
    let state = Mutex(ProfileState())
    let runner: Mutex<EffectRunner<ProfileEffect, ProfileEvent>?> = Mutex(nil)
    let executor = ManualExecutor()

    init(api: any ProfileAPI) {
        let runtime = ProfileRuntime(api: api)
        let runner = EffectRunner<ProfileEffect, ProfileEvent>(executor: executor, perform: runtime.perform) { [weak self] event in
            self?.send(event)
        }
        self.runner.withLock { $0 = runner }
    }

    func send(_ event: ProfileEvent) {
        let effects = state.withLock { $0.reduce(event) }
        runner.withLock { $0 }?.run(effects)
    }

    /// Runs every effect, and the effects their events start, until none is left.
    func settle() async {
        executor.runUntilIdle()
    }

    var current: ProfileState { state.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(1))) struct ProfileRuntimeTests {
    @Test func seedReq1_loadsTheProfileThroughTheRunner() async {
        let harness = Harness(api: MockProfileAPI(clock: ContinuousClock()))
        harness.send(.appeared)
        await harness.settle()
        #expect(harness.current.loadStatus == .loaded)
        #expect(harness.current.profile == .sample)
    }

    @Test func seedReq2_savesNamesAndChangesThePasswordEndToEnd() async {
        let api = MockProfileAPI(clock: ContinuousClock())
        let harness = Harness(api: api)
        harness.send(.appeared)
        await harness.settle()
        harness.send(.edit(.firstName, "Jane"))
        harness.send(.saveBasicInformation)
        await harness.settle()
        #expect(harness.current.message(for: .basicInformation)?.text == "Profile saved")
        #expect(api.storedProfile.firstName == "Jane")

        for (field, text) in [(ProfileField.currentPassword, "password123"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            harness.send(.edit(field, text))
        }
        harness.send(.changePassword)
        await harness.settle()
        #expect(harness.current.message(for: .password)?.text == "Password changed")
        #expect(api.isCurrentPassword("correct horse"))
        #expect(!harness.current.hasUnsavedChanges)
    }

    @Test func seedReq3_serverRefusalsLandUnderTheirField() async {
        let harness = Harness(api: MockProfileAPI(clock: ContinuousClock()))
        harness.send(.appeared)
        await harness.settle()
        for (field, text) in [(ProfileField.currentPassword, "not the password"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            harness.send(.edit(field, text))
        }
        harness.send(.changePassword)
        await harness.settle()
        #expect(harness.current.error(for: .currentPassword) == "The current password is wrong")
    }

    @Test func seedReq3_failuresOfEachEndpointReachTheState() async {
        let api = MockProfileAPI(
            profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 0...0, outcomes: .failNext(1, .status(500)))),
            updateEndpoint: MockEndpoint("profileUpdate", behaviour: .init(delay: 0...0, outcomes: .alwaysFail(.malformed))),
            passwordEndpoint: MockEndpoint("passwordChange", behaviour: .init(delay: 0...0, outcomes: .alwaysFail(.status(401)))), clock: ContinuousClock())
        let harness = Harness(api: api)
        harness.send(.appeared)
        await harness.settle()
        #expect(harness.current.loadStatus == .failed("Couldn't reach the server — try again"))
        harness.send(.retryLoad)
        await harness.settle()
        #expect(harness.current.loadStatus == .loaded)

        harness.send(.edit(.lastName, "Doe"))
        harness.send(.saveBasicInformation)
        await harness.settle()
        #expect(harness.current.message(for: .basicInformation)?.text == "Unexpected response from the server")

        for (field, text) in [(ProfileField.currentPassword, "password123"), (.newPassword, "correct horse"), (.passwordConfirmation, "correct horse")] {
            harness.send(.edit(field, text))
        }
        harness.send(.changePassword)
        await harness.settle()
        #expect(harness.current.message(for: .password)?.text == "Your session has expired")
    }

    @Test func leavingCancelsARequestInFlight() async {
        let api = MockProfileAPI(profileEndpoint: MockEndpoint("profile", behaviour: .init(delay: 600...600, outcomes: .alwaysSucceed)), clock: ContinuousClock())
        let harness = Harness(api: api)
        harness.send(.appeared)
        #expect(harness.runner.withLock { $0 }?.runningIDs == ["profile.fetch"])
        harness.send(.left)
        await harness.settle()
        #expect(harness.current == ProfileState())
    }

    @Test func cancelRequestsPerformsNothingItself() async {
        let sent = Mutex<[ProfileEvent]>([])
        await ProfileRuntime(api: MockProfileAPI(clock: ContinuousClock())).perform(.cancelRequests) { event in sent.withLock { $0.append(event) } }
        #expect(sent.withLock { $0 }.isEmpty)
    }
}
