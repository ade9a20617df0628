import Contract
import Core
import Foundation
import Synchronization
import Testing
import CoreTesting
import ReducerTesting
@testable import Navigation

/// The flow's reducer in a `TestStore` whose effects run through `runtime`, as the app runs
/// them; only what each test asserts is checked (the path is the reducer tests' business).
private func flowStore(runtime: NavigationRuntime, policy: RetryPolicy = .login) -> TestStore<NavigationState, NavigationEvent, NavigationEffect> {
    let store = TestStore(initialState: NavigationState(loginPolicy: policy), perform: runtime.perform) { state, event, _ in
        state.reduce(event)
    }
    store.exhaustivity = .off
    return store
}

extension TestStore<NavigationState, NavigationEvent, NavigationEffect> {
    /// Runs the effects (and those their events start) until none is left, then requires
    /// `condition`: with nothing left to run, what has not happened never will.
    fileprivate func wait(_ what: String, until condition: (NavigationState) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        runEffects()
        #expect(condition(state), "never reached: \(what); state: \(state)", sourceLocation: sourceLocation)
    }

    /// Runs the effects until none is left, and requires that none is still running.
    fileprivate func settle(sourceLocation: SourceLocation = #_sourceLocation) {
        runEffects()
        #expect(effectsInFlight.isEmpty, "effects never finished: \(effectsInFlight)", sourceLocation: sourceLocation)
    }
}

@Suite(.timeLimit(.minutes(10))) struct NavigationRuntimeTests {
    private func mock(
        experiment: Experiment = .screenB1, login: OutcomePattern = .alwaysSucceed,
        fetch: OutcomePattern = .alwaysSucceed, clock: any Clock<Duration> = ImmediateClock()
    ) -> MockNavigationAPI {
        MockNavigationAPI(
            login: .init(delay: 0...0, outcomes: login), fetchExperiments: .init(delay: 0...0, outcomes: fetch),
            submitSelection: .instant, experiment: .fixed(experiment), clock: clock)
    }

    @Test func happyPathEndToEndThenAReturningUserResumes() async throws {
        let store = InMemoryRecordStore()
        let clock = ImmediateClock()
        let first = flowStore(runtime: NavigationRuntime(api: mock(clock: clock), time: .driven(by: clock), store: store))
        first.send(.start)
        first.wait("B1") { $0.screen == .b1 && $0.login.isSignedIn }
        first.send(.moveDown)
        first.send(.next)
        first.wait("D") { $0.screen == .d }
        #expect(first.receivedEvents.contains(.submitFinished(Submission(screen: .b1, selection: "Choice B"), error: nil)))
        #expect(first.receivedEvents.contains(.timerFired(.cMinimum)))
        first.send(.leave)
        first.settle()
        let stored = try #require(try NavigationProgressStore(store: store).load())
        #expect(stored == NavigationProgress(screen: .d, experiment: .screenB1, b1Selection: 1))

        // Same data, a new launch: D stays D; A's fetch is never asked again.
        let second = flowStore(runtime: NavigationRuntime(
            api: mock(fetch: .alwaysFail(.status(500)), clock: clock), time: .driven(by: clock), store: store))
        second.send(.start)
        second.wait("signed in") { $0.login.isSignedIn }
        #expect(second.state.screen == .d && second.state.b1Selection == 1)
        #expect(!second.receivedEvents.contains { if case .experimentsFetched = $0 { true } else { false } })
    }

    @Test func rLoginRetriesOnTheRuntimeUntilItSucceeds() async {
        let clock = ImmediateClock()
        let runtime = NavigationRuntime(
            api: mock(experiment: .noScreenB, login: .failNext(3, .status(500)), clock: clock), time: .driven(by: clock),
            store: InMemoryRecordStore())
        let driver = flowStore(runtime: runtime)
        driver.send(.start)
        driver.wait("D") { $0.screen == .d }
        let attempts = driver.receivedEvents.compactMap { if case .loginFinished(let attempt, _, _) = $0 { attempt } else { nil } }
        #expect(attempts == [1, 2, 3, 4])
        // The retry delays (1 + 2 + 4 s) passed on the injected clock, and the events carry it.
        #expect(runtime.now >= .seconds(7))
        let failedAt = driver.receivedEvents.compactMap { if case .loginFinished(_, .failure, let at) = $0 { at } else { nil } }
        #expect(failedAt == failedAt.sorted() && failedAt.count == 3)
    }

    @Test func aCancelledTimerSendsNothing() async {
        let recorder = Mutex<[NavigationEvent]>([])
        let clock = ManualClock()
        let executor = ManualExecutor()
        let runtime = NavigationRuntime(api: mock(), time: .driven(by: clock), store: InMemoryRecordStore())
        let runner = EffectRunner<NavigationEffect, NavigationEvent>(
            executor: executor, perform: runtime.perform, send: { event in recorder.withLock { $0.append(event) } })
        runner.run(.startTimer(.cMinimum, .seconds(3600)))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        runner.run(.cancel([.timer(.cMinimum)]))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 0, "the timer's sleep ended with its effect")
        clock.advance(by: .seconds(3600))
        executor.runUntilIdle()
        #expect(recorder.withLock { $0 }.isEmpty)
        // The runtime itself sends nothing for a sleep cut short, even outside a runner.
        let direct = Task {
            await runtime.perform(.startTimer(.loginRetry, .seconds(3600))) { event in recorder.withLock { $0.append(event) } }
        }
        direct.cancel()
        await direct.value
        #expect(recorder.withLock { $0 }.isEmpty)
    }

    @Test func persistWritesOnlyNewerRevisionsAndReportsFailures() async throws {
        let store = InMemoryRecordStore()
        let runtime = NavigationRuntime(api: mock(), time: .driven(by: ImmediateClock()), store: store)
        let events = Mutex<[NavigationEvent]>([])
        let send: @Sendable (NavigationEvent) -> Void = { event in events.withLock { $0.append(event) } }
        await runtime.perform(.persist(NavigationProgress(screen: .b3, experiment: .screenB3), revision: 2), send: send)
        await runtime.perform(.persist(NavigationProgress(screen: .a), revision: 1), send: send)  // lost the race
        #expect(try NavigationProgressStore(store: store).load()?.screen == .b3)
        #expect(events.withLock { $0 } == [.progressSaved(revision: 2)])

        let failing = NavigationRuntime(api: mock(), time: .driven(by: ImmediateClock()), store: FailingRecordStore(.io("disk full")))
        await failing.perform(.persist(NavigationProgress(screen: .a), revision: 1), send: send)
        #expect(events.withLock { $0 }.last == .progressSaveFailed(.io("disk full"), revision: 1))
        #expect(throws: StoreError.io("disk full")) { try failing.resetProgress() }
    }

    @Test func loadingReportsDamageAndALaunchRestartsRevisions() async throws {
        let store = InMemoryRecordStore(["navigation.progress": Data("garbage".utf8)])
        let runtime = NavigationRuntime(api: mock(), time: .driven(by: ImmediateClock()), store: store)
        let events = Mutex<[NavigationEvent]>([])
        let send: @Sendable (NavigationEvent) -> Void = { event in events.withLock { $0.append(event) } }
        await runtime.perform(.persist(NavigationProgress(screen: .a), revision: 5), send: send)
        try store.write(Data("garbage".utf8), to: "navigation.progress")
        await runtime.perform(.loadProgress, send: send)
        guard case .progressLoaded(.failure(.damaged)) = events.withLock({ $0 }).last else {
            Issue.record("damage not reported: \(events.withLock { $0 })")
            return
        }
        // A fresh state (revision 1) after a relaunch on the same runtime is written.
        await runtime.perform(.persist(NavigationProgress(screen: .b1, experiment: .screenB1), revision: 1), send: send)
        #expect(try NavigationProgressStore(store: store).load()?.screen == .b1)
        try runtime.resetProgress()
        #expect(store.names == ["navigation.progress.damaged"])
    }

    @Test func requestFailuresComeBackAsEvents() async {
        let runtime = NavigationRuntime(
            api: MockNavigationAPI(
                login: .instant, fetchExperiments: .init(delay: 0...0, outcomes: .alwaysFail(.timeout)),
                submitSelection: .init(delay: 0...0, outcomes: .alwaysFail(.status(500))), clock: ImmediateClock()),
            time: .driven(by: ImmediateClock()), store: InMemoryRecordStore())
        let events = Mutex<[NavigationEvent]>([])
        let send: @Sendable (NavigationEvent) -> Void = { event in events.withLock { $0.append(event) } }
        let submission = Submission(screen: .b2, selection: "Option 1")
        await runtime.perform(.fetchExperiments, send: send)
        await runtime.perform(.submitSelection(submission, sessionID: "s"), send: send)
        await runtime.perform(.cancel([.login]), send: send)
        #expect(events.withLock { $0 } == [
            .experimentsFetched(.failure(.timedOut)),
            .submitFinished(submission, error: .http(status: 500, body: "")),
        ])
    }
}
