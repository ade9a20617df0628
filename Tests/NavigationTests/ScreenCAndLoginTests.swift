import Contract
import Core
import ReducerTesting
import Testing
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct ScreenCTests {
    /// B1 → C1 with "Choice B", login not yet answered.
    private func onC1() -> FlowStore {
        let flow = FlowStore.fetched(.screenB1)
        flow.send(.moveDown)
        flow.submitSuccessfully()
        return flow
    }

    @Test func screenCStaysAtLeastThreeSecondsWhenLoginSucceedsFirst() {
        let flow = onC1()
        #expect(flow.lastEffects.withoutPersist == [.startTimer(.cMinimum, .seconds(3))])
        #expect(flow.lastEffects.first { $0.id == .timer(.cMinimum) } != nil)
        #expect(flow.send(.loginFinished(attempt: 1, result: .success("s"), at: .seconds(1))).isEmpty)
        #expect(flow.state.screen == .c1 && flow.state.isBusy)
        flow.send(.timerFired(.cMinimum))
        #expect(flow.state.screen == .d)
        #expect(flow.lastEffects.persisted.map(\.screen) == [.d])
    }

    @Test func screenCMovesToDWhenLoginSucceedsAfterThreeSeconds() {
        let flow = onC1()
        #expect(flow.send(.timerFired(.cMinimum)).isEmpty)
        #expect(flow.state.screen == .c1 && flow.state.cMinimumElapsed)
        #expect(flow.state.cIsWaitingForLogin && flow.state.isBusy)
        flow.signIn()
        #expect(flow.state.screen == .d)
        #expect(!flow.state.cIsWaitingForLogin)
    }

    @Test func screenCShowsTheSelectionOfItsBScreen() {
        let c1 = onC1()
        #expect(c1.state.cTitle == "Choice B" && !c1.state.cTextStretchesUp)

        let c2 = FlowStore.fetched(.screenB2)
        for _ in 0..<3 { c2.send(.moveDown) }
        c2.send(.toggle)
        c2.submitSuccessfully()
        #expect(c2.state.cTitle == "Option 4" && !c2.state.cTextStretchesUp)
    }

    @Test func screenCLeavesTheTitleBlankOnTheB3PathAndTheTextStretchesUp() {
        let flow = FlowStore.fetched(.screenB3)
        flow.send(.next)
        #expect(flow.state.cTitle == nil && flow.state.cTextStretchesUp)
        #expect(!FlowStore.fetched(.screenB1).state.cTextStretchesUp)  // not on C at all
    }

    @Test func rLoginRetriesWithCappedBackoffWhileCWaits() {
        let flow = onC1()
        flow.send(.timerFired(.cMinimum))
        var delays: [Duration] = []
        for attempt in 1...6 {
            #expect(flow.state.login == .signingIn(attempt: attempt))
            let now = Duration.seconds(attempt * 100)
            flow.failLogin(at: now)
            guard case .startTimer(.loginRetry, let delay) = flow.lastEffects.first, flow.lastEffects.count == 1 else {
                Issue.record("no retry timer after attempt \(attempt): \(flow.lastEffects)")
                return
            }
            delays.append(delay)
            #expect(flow.state.login.error == .http(status: 500, body: "Something went wrong"))
            #expect(flow.state.login.secondsUntilRetry(now: now) == Int(delay.components.seconds))
            #expect(flow.state.screen == .c1 && flow.state.cIsWaitingForLogin && !flow.state.cShowsLoginGaveUp)
            #expect(flow.send(.timerFired(.loginRetry)) == [.login(attempt: attempt + 1)])
        }
        #expect(delays == [1, 2, 4, 8, 15, 15].map { Duration.seconds($0) })
        flow.signIn()
        #expect(flow.state.screen == .d)
    }

    @Test func loginStateTellsTheTimeUntilTheNextTry() {
        let flow = FlowStore.launched()
        flow.failLogin(at: .seconds(10))
        #expect(flow.state.login.attempt == 1)
        #expect(flow.state.login.secondsUntilRetry(now: .seconds(10)) == 1)
        #expect(flow.state.login.secondsUntilRetry(now: .milliseconds(10_200)) == 1)  // 0.8 s rounds up
        #expect(flow.state.login.secondsUntilRetry(now: .seconds(30)) == 0)  // never negative
        #expect(flow.state.login.summary(now: .seconds(10))
            == "Sign-in attempt 1 failed: Server error 500; next try in 1 s")
        flow.send(.timerFired(.loginRetry))
        #expect(flow.state.login.summary(now: .zero) == "Signing in (attempt 2)…")
        #expect(flow.state.login.timeUntilRetry(now: .zero) == nil)
        #expect(LoginState.signingIn(attempt: 1).summary(now: .zero) == "Signing in…")
        #expect(LoginState.idle.summary(now: .zero) == "Not signed in" && LoginState.idle.attempt == nil)
        #expect(LoginState.signedIn("x").summary(now: .zero) == "Signed in" && LoginState.signedIn("x").error == nil)
    }

    @Test func loginGivesUpAfterTheConfiguredLimitAndCSaysSoThenRStartsAgain() {
        let policy = NavigationState.loginPolicy(maxAttempts: 3)
        #expect(policy.delay(after: 2) == .seconds(2) && policy.maxRetries == 2)
        #expect(NavigationState.loginPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(NavigationState.loginPolicy(maxAttempts: nil) == .login)
        let flow = FlowStore.fetched(.screenB3, policy: policy)
        flow.send(.next)
        for _ in 1...2 {
            flow.failLogin(at: .zero)
            flow.send(.timerFired(.loginRetry))
        }
        #expect(flow.state.login == .signingIn(attempt: 3))
        #expect(flow.state.canRetry == false)
        flow.failLogin(.offline, at: .zero)
        #expect(flow.lastEffects.isEmpty)
        #expect(flow.state.login == .gaveUp(attempts: 3, error: .offline))
        #expect(flow.state.cShowsLoginGaveUp && flow.state.canRetry && flow.state.screenError == .offline)
        #expect(flow.state.login.summary(now: .zero).hasSuffix("Press r to try again"))
        #expect(flow.state.isBusy)  // C's 3 s are still running
        flow.send(.timerFired(.cMinimum))
        #expect(!flow.state.isBusy && flow.state.screen == .c2)
        #expect(flow.send(.retry) == [.login(attempt: 1)])
        #expect(flow.lastEffects.first?.cancels == [.timer(.loginRetry)])
        #expect(flow.state.login == .signingIn(attempt: 1) && !flow.state.cShowsLoginGaveUp)
        flow.signIn()
        #expect(flow.state.screen == .d)
    }

    @Test func rRestartsAGivenUpLoginOnAnyScreen() {
        let flow = FlowStore.fetched(.screenB1, policy: .singleTry)
        flow.failLogin(at: .zero)
        #expect(flow.state.login.hasGivenUp && flow.state.canRetry)
        #expect(flow.state.screenError == nil)  // B shows only its own failures
        #expect(flow.send(.retry) == [.login(attempt: 1)])
    }

    @Test func staleLoginAnswersAndTimersAreIgnored() {
        let flow = FlowStore.launched()
        #expect(flow.send(.loginFinished(attempt: 2, result: .success("late"), at: .zero)).isEmpty)
        #expect(flow.send(.timerFired(.loginRetry)).isEmpty)  // no retry is pending
        #expect(flow.send(.timerFired(.cMinimum)).isEmpty)  // not on C
        flow.signIn("first")
        #expect(flow.send(.loginFinished(attempt: 1, result: .success("again"), at: .zero)).isEmpty)
        #expect(flow.state.login.sessionID == "first")
    }

    @Test func screenDHasNoBackButtonAndNothingHappensThere() {
        let flow = onC1()
        flow.signIn()
        flow.send(.timerFired(.cMinimum))
        #expect(flow.state.screen == .d)
        #expect(!flow.state.canGoBack && !flow.state.hasNextButton && !flow.state.isBusy && !flow.state.canRetry)
        for event in [NavigationEvent.back, .next, .moveUp, .moveDown, .toggle, .retry, .timerFired(.cMinimum)] {
            #expect(flow.send(event).isEmpty)
        }
        #expect(flow.state.screen == .d && flow.state.screenError == nil)
    }
}

@Suite(.timeLimit(.minutes(10))) struct BackTests {
    @Test func backFromC1ReturnsToB1WithItsSelectionAndCancelsTheMoveToD() {
        let flow = FlowStore.fetched(.screenB1)
        flow.signIn()
        for _ in 0..<4 { flow.send(.moveDown) }
        flow.submitSuccessfully()
        #expect(flow.state.canGoBack)
        flow.send(.back)
        #expect(flow.lastEffects.withoutPersist == [.cancel([.timer(.cMinimum)])])
        #expect(flow.lastEffects.persisted == [NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 4)])
        #expect(flow.state.screen == .b1 && flow.state.b1SelectedLabel == "Choice E")
        // The cancelled timer's event, had it slipped through, does nothing on B1.
        #expect(flow.send(.timerFired(.cMinimum)).isEmpty)
        #expect(flow.state.screen == .b1)
    }

    @Test func backFromCThenForwardAgainCountsThreeSecondsAfresh() {
        let flow = FlowStore.fetched(.screenB2)
        flow.signIn()
        flow.send(.toggle)
        flow.submitSuccessfully()
        flow.send(.back)
        #expect(flow.state.screen == .b2 && flow.state.b2CheckedLabel == "Option 1")
        flow.submitSuccessfully()
        #expect(flow.state.screen == .c2)
        #expect(flow.lastEffects.withoutPersist == [.startTimer(.cMinimum, .seconds(3))])
        #expect(!flow.state.cMinimumElapsed)
        flow.send(.timerFired(.cMinimum))
        #expect(flow.state.screen == .d)
    }

    @Test func backFromC2OnTheB3PathReturnsToB3() {
        let flow = FlowStore.fetched(.screenB3)
        flow.send(.next)
        flow.send(.back)
        #expect(flow.state.screen == .b3 && flow.state.cameFrom == nil)
    }

    @Test func onlyScreenCHasABackButton() {
        let flow = FlowStore.launched()
        #expect(!flow.state.canGoBack)  // A
        for experiment in [Experiment.screenB1, .screenB2, .screenB3] {
            let onB = FlowStore.fetched(experiment)
            #expect(!onB.state.canGoBack)
            #expect(onB.send(.back).isEmpty)
        }
        let noScreenB = FlowStore.fetched(.noScreenB)
        #expect(!noScreenB.state.canGoBack)
        #expect(noScreenB.send(.back).isEmpty && noScreenB.state.screen == .c2)
        let onC2 = FlowStore.fetched(.screenB3)
        onC2.send(.next)
        #expect(onC2.state.canGoBack)
    }
}
