import Core
import Synchronization

/// Performs the flow's effects with injected dependencies and sends the resulting events.
/// Its `perform` fits Core's `EffectRunner(perform:send:)`:
///
///     let runtime = NavigationRuntime(api: api, clock: clock, store: store)
///     let runner = EffectRunner<NavigationEffect, NavigationEvent>(perform: runtime.perform, send: post)
///     runner.run(state.reduce(.start))
///
/// `now` is the time since the runtime was made, on its clock: the events carry it and
/// views pass it to `LoginState.secondsUntilRetry(now:)`.
public struct NavigationRuntime: Sendable {
    public let api: any NavigationAPI
    public let clock: any Clock<Duration>
    public let progressStore: NavigationProgressStore
    private let elapsed: @Sendable () -> Duration
    private let writes: PersistGate

    public init(
        api: any NavigationAPI, clock: any Clock<Duration>, store: any RecordStore,
        recordName: String = NavigationProgressStore.defaultRecordName
    ) {
        self.api = api
        self.clock = clock
        self.progressStore = NavigationProgressStore(store: store, recordName: recordName)
        self.elapsed = Self.stopwatch(clock)
        self.writes = PersistGate()
    }

    /// Time since the flow's runtime started, on the injected clock.
    public var now: Duration { elapsed() }

    public func perform(_ effect: NavigationEffect, send: @escaping @Sendable (NavigationEvent) -> Void) async {
        switch effect {
        case .loadProgress:
            // A launch: its state counts persist revisions from wherever it starts.
            writes.reset()
            do {
                send(.progressLoaded(.success(try progressStore.load())))
            } catch {
                send(.progressLoaded(.failure(error)))
            }
        case .login(let attempt):
            do {
                let sessionID = try await api.login(attempt: attempt)
                send(.loginFinished(attempt: attempt, result: .success(sessionID), at: now))
            } catch {
                send(.loginFinished(attempt: attempt, result: .failure(error), at: now))
            }
        case .fetchExperiments:
            do {
                send(.experimentsFetched(.success(try await api.fetchExperiment())))
            } catch {
                send(.experimentsFetched(.failure(error)))
            }
        case .submitSelection(let submission, let sessionID):
            do {
                try await api.submitSelection(
                    sessionID: sessionID, screen: submission.screen.requestName, selection: submission.selection)
                send(.submitFinished(submission, error: nil))
            } catch {
                send(.submitFinished(submission, error: error))
            }
        case .startTimer(let timer, let duration):
            // A cancelled sleep throws: the timer never fires.
            guard (try? await clock.sleep(for: duration)) != nil, !Task.isCancelled else { return }
            send(.timerFired(timer))
        case .persist(let progress, let revision):
            do {
                // Writes run in parallel tasks; only a newer revision may replace the record.
                let written = try writes.write(revision: revision) { () throws(StoreError) in
                    try progressStore.save(progress)
                }
                if written { send(.progressSaved(revision: revision)) }
            } catch {
                send(.progressSaveFailed(error, revision: revision))
            }
        case .cancel:
            break  // The runner cancelled the ids before starting this.
        }
    }

    /// Forgets the stored progress (`--reset`, the launcher's action).
    public func resetProgress() throws(StoreError) {
        try progressStore.reset()
    }

    /// Opens the existential clock once to remember its start instant.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}

/// Serialises progress writes and drops any older than the newest written.
final class PersistGate: Sendable {
    private let newest = Mutex(0)

    func reset() { newest.withLock { $0 = 0 } }

    /// Runs `body` under the lock if `revision` is newer than any written; returns whether it ran.
    func write(revision: Int, _ body: () throws(StoreError) -> Void) throws(StoreError) -> Bool {
        try newest.withLock { (newest: inout Int) throws(StoreError) -> Bool in
            guard revision > newest else { return false }
            try body()
            newest = revision
            return true
        }
    }
}
