import Contract
import Core
import Foundation
import Synchronization
import Testing
import CoreTesting
@testable import Navigation

/// What AppShell will do: own the state, reduce every event, run the effects.
private final class Driver: Sendable {
    private let state: Mutex<NavigationState>
    private let runnerBox = Mutex<EffectRunner<NavigationEffect, NavigationEvent>?>(nil)
    private let log = Mutex<[NavigationEvent]>([])
    /// Runs the effects when the driver is told to wait.
    let executor = ManualExecutor()

    init(runtime: NavigationRuntime, policy: RetryPolicy = .login) {
        state = Mutex(NavigationState(loginPolicy: policy))
        let runner = EffectRunner<NavigationEffect, NavigationEvent>(
            executor: executor, perform: runtime.perform, send: { [weak self] event in self?.send(event) })
        runnerBox.withLock { $0 = runner }
    }

    var current: NavigationState { state.withLock { $0 } }
    var events: [NavigationEvent] { log.withLock { $0 } }
    var runner: EffectRunner<NavigationEffect, NavigationEvent>? { runnerBox.withLock { $0 } }

    func send(_ event: NavigationEvent) {
        log.withLock { $0.append(event) }
        // Reduce and start the effects under one lock: effects start in the order of events.
        state.withLock { state in
            let effects = state.reduce(event)
            runner?.run(effects)
        }
    }

    /// Runs the effects (and those their events start) until none is left, then requires
    /// `condition`: with nothing left to run, what has not happened never will.
    func wait(_ what: String, until condition: (NavigationState) -> Bool) async {
        executor.runUntilIdle()
        if !condition(current) { Issue.record("never reached: \(what); state: \(current)") }
    }

    func settle() async {
        executor.runUntilIdle()
        if let running = runner?.runningIDs, !running.isEmpty { Issue.record("effects never finished: \(running)") }
    }
}

@Suite(.timeLimit(.minutes(1))) struct NavigationRuntimeTests {
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
        let first = Driver(runtime: NavigationRuntime(api: mock(clock: clock), time: .driven(by: clock), store: store))
        first.send(.start)
        await first.wait("B1") { $0.screen == .b1 && $0.login.isSignedIn }
        first.send(.moveDown)
        first.send(.next)
        await first.wait("D") { $0.screen == .d }
        #expect(first.events.contains(.submitFinished(Submission(screen: .b1, selection: "Choice B"), error: nil)))
        #expect(first.events.contains(.timerFired(.cMinimum)))
        first.send(.leave)
        await first.settle()
        let stored = try #require(try NavigationProgressStore(store: store).load())
        #expect(stored == NavigationProgress(screen: .d, experiment: .screenB1, b1Selection: 1))

        // Same data, a new launch: D stays D; A's fetch is never asked again.
        let second = Driver(runtime: NavigationRuntime(
            api: mock(fetch: .alwaysFail(.status(500)), clock: clock), time: .driven(by: clock), store: store))
        second.send(.start)
        await second.wait("signed in") { $0.login.isSignedIn }
        #expect(second.current.screen == .d && second.current.b1Selection == 1)
        #expect(!second.events.contains { if case .experimentsFetched = $0 { true } else { false } })
    }

    @Test func rLoginRetriesOnTheRuntimeUntilItSucceeds() async {
        let clock = ImmediateClock()
        let runtime = NavigationRuntime(
            api: mock(experiment: .noScreenB, login: .failNext(3, .status(500)), clock: clock), time: .driven(by: clock),
            store: InMemoryRecordStore())
        let driver = Driver(runtime: runtime)
        driver.send(.start)
        await driver.wait("D") { $0.screen == .d }
        let attempts = driver.events.compactMap { if case .loginFinished(let attempt, _, _) = $0 { attempt } else { nil } }
        #expect(attempts == [1, 2, 3, 4])
        // The retry delays (1 + 2 + 4 s) passed on the injected clock, and the events carry it.
        #expect(runtime.now >= .seconds(7))
        let failedAt = driver.events.compactMap { if case .loginFinished(_, .failure, let at) = $0 { at } else { nil } }
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
        #expect(runner.runningIDs == ["c.minimum"])
        #expect(clock.sleeperCount == 1)
        runner.run(.cancel(["c.minimum"]))
        executor.runUntilIdle()
        #expect(runner.runningIDs.isEmpty)
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
        await runtime.perform(.cancel(["x"]), send: send)
        #expect(events.withLock { $0 } == [
            .experimentsFetched(.failure(.timedOut)),
            .submitFinished(submission, error: .http(status: 500, body: "")),
        ])
    }
}
