import Contract
import Core
import ReducerTesting
import Testing
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct LaunchTests {
    @Test func launchAlwaysTriggersRLogin() {
        let flow = FlowStore.flow(exhaustivity: .on)
        flow.send(.start, effects: [.loadProgress, .login(attempt: 1)]) {
            $0.login = .signingIn(attempt: 1)
            $0.isLoadingProgress = true
        }
        #expect(flow.state.isBusy)
        flow.finish()
    }

    @Test func launchTriggersRLoginForAReturningUserToo() {
        let flow = FlowStore.flow()
        flow.send(.start)
        flow.signIn()
        // A second launch (re-entering the flow) signs in again.
        #expect(flow.send(.start) == [.loadProgress, .login(attempt: 1)])
        #expect(flow.state.login == .signingIn(attempt: 1))
    }

    @Test func keysWaitUntilTheStoredProgressIsKnown() {
        let flow = FlowStore.flow()
        flow.send(.start)
        for key in [NavigationEvent.moveUp, .moveDown, .toggle, .next, .back, .retry] {
            #expect(flow.send(key).isEmpty)
        }
        #expect(!flow.state.canGoBack && !flow.state.hasNextButton && !flow.state.canRetry)
        #expect(!flow.state.acceptsMoves && !flow.state.acceptsToggle)
    }

    @Test func firstTimeUserSeesScreenA() {
        let flow = FlowStore.flow(exhaustivity: .on)
        flow.send(.start, effects: [.loadProgress, .login(attempt: 1)]) {
            $0.login = .signingIn(attempt: 1)
            $0.isLoadingProgress = true
        }
        flow.receive(.progressLoaded(.success(nil)), for: .loadProgress, effects: [.fetchExperiments]) {
            $0.isLoadingProgress = false
            $0.isFetchingExperiments = true
        }
        #expect(flow.state.screen == .a && flow.state.isBusy)
        // rLogin is still under way: its effect waits for an answer, which is no failure.
        flow.finish()
    }

    @Test func leavingTheFlowCancelsEverythingInFlight() {
        let flow = FlowStore.launched()
        let effects = flow.send(.leave)
        #expect(effects == [.cancel([.login, .fetchExperiments, .submitSelection, .timer(.loginRetry), .timer(.cMinimum)])])
        #expect(effects.first?.cancels == [.login, .fetchExperiments, .submitSelection, .timer(.loginRetry), .timer(.cMinimum)],
                "the ids the runner knows them by")
        #expect(flow.state.login == .idle)
        #expect(!flow.state.isFetchingExperiments)
        // Late answers of what was cancelled change nothing.
        #expect(flow.send(.experimentsFetched(.success(.screenB1))).isEmpty)
        #expect(flow.send(.progressLoaded(.success(nil))).isEmpty)
        #expect(flow.state.screen == .a)
    }

    @Test func leavingKeepsASessionAlreadyHad() {
        let flow = FlowStore.launched()
        flow.signIn("abc")
        flow.send(.leave)
        #expect(flow.state.login == .signedIn("abc"))
    }
}

@Suite(.timeLimit(.minutes(10))) struct ScreenATests {
    @Test func screenAFetchesExperimentsUnlessPersisted() {
        let flow = FlowStore.launched()
        #expect(flow.lastEffects == [.fetchExperiments])
        #expect(flow.lastEffects.first?.id == .fetchExperiments)
    }

    @Test(arguments: [
        (Experiment.screenB1, FlowScreen.b1), (.screenB2, .b2), (.screenB3, .b3), (.noScreenB, .c2),
    ])
    func experimentResultLeadsToItsScreen(experiment: Experiment, screen: FlowScreen) {
        let flow = FlowStore.fetched(experiment)
        #expect(flow.state.screen == screen)
        #expect(flow.state.experiment == experiment)
        // The first success is persisted together with the screen it leads to.
        #expect(flow.lastEffects.persisted == [NavigationProgress(screen: screen, experiment: experiment)])
        let timers: [NavigationEffect] = screen.isC ? [.startTimer(.cMinimum, .seconds(3))] : []
        #expect(flow.lastEffects.withoutPersist == timers)
        #expect(!flow.state.isFetchingExperiments)
    }

    @Test func noScreenBGoesStraightToC2WithoutABackButton() {
        let flow = FlowStore.fetched(.noScreenB)
        #expect(flow.state.screen == .c2)
        #expect(flow.state.cameFrom == nil)
        #expect(!flow.state.canGoBack)
        #expect(flow.state.cTitle == nil && flow.state.cTextStretchesUp)
    }

    @Test func rFetchExperimentsFailsAfterOneTryShowsTheErrorAndRRetries() {
        let flow = FlowStore.launched()
        #expect(flow.send(.experimentsFetched(.failure(.http(status: 500, body: "")))).isEmpty)
        #expect(flow.state.screen == .a)
        #expect(flow.state.fetchError == .http(status: 500, body: ""))
        #expect(flow.state.screenError == .http(status: 500, body: ""))
        #expect(!flow.state.isBusy && flow.state.canRetry)
        #expect(flow.send(.retry) == [.fetchExperiments])
        #expect(flow.state.fetchError == nil && flow.state.isFetchingExperiments && !flow.state.canRetry)
        #expect(flow.send(.retry).isEmpty)  // one fetch at a time
        flow.send(.experimentsFetched(.success(.screenB2)))
        #expect(flow.state.screen == .b2)
    }

    @Test func persistedExperimentIsUsedOnTheNextLaunchWithoutFetching() {
        // The first launch fetched screenB3 and persisted it, but the move itself wasn't saved.
        let flow = FlowStore.launched(NavigationProgress(screen: .a, experiment: .screenB3))
        #expect(flow.state.screen == .b3)
        #expect(!flow.lastEffects.contains(.fetchExperiments))
        #expect(flow.lastEffects.persisted == [NavigationProgress(screen: .b3, experiment: .screenB3)])
    }

    @Test func aFirstLaunchsPersistedProgressResumesTheSecond() throws {
        let first = FlowStore.fetched(.screenB1)
        let stored = try #require(first.lastEffects.persisted.last)
        let second = FlowStore.launched(stored)
        #expect(second.state.screen == .b1)
        #expect(!second.lastEffects.contains(.fetchExperiments))
    }

    @Test func anExperimentArrivingOffScreenAIsIgnored() {
        let flow = FlowStore.fetched(.screenB1)
        #expect(flow.send(.experimentsFetched(.success(.screenB2))).isEmpty)
        #expect(flow.send(.experimentsFetched(.failure(.timedOut))).isEmpty)
        #expect(flow.state.screen == .b1 && flow.state.experiment == .screenB1)
    }

    @Test func screenAHasNoKeysButRetry() {
        let flow = FlowStore.launched()
        for key in [NavigationEvent.moveUp, .moveDown, .toggle, .next, .back, .retry] {
            #expect(flow.send(key).isEmpty)
        }
        #expect(flow.state.screen == .a)
    }
}
