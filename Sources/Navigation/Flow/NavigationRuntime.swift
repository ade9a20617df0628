import Core
import Synchronization

/// Performs the flow's effects with injected dependencies and sends the resulting events.
/// Its `perform` fits Core's `EffectRunner(perform:send:)`:
///
///     let runtime = NavigationRuntime(api: api, time: time, store: store)
///     let runner = EffectRunner<NavigationEffect, NavigationEvent>(perform: runtime.perform, send: post)
///     runner.run(state.reduce(.start))
///
/// `now` is the time on the app's one time source (the loop's stamps use the same origin): the
/// sign-in answers carry it, so the reducer schedules retries from when the answer came.
public struct NavigationRuntime: Sendable {
    public let api: any NavigationAPI
    public let time: TimeSource
    public let progressStore: NavigationProgressStore
    private let writes: PersistGate

    public init(
        api: any NavigationAPI, time: TimeSource, store: any RecordStore,
        recordName: String = NavigationProgressStore.defaultRecordName
    ) {
        self.api = api
        self.time = time
        self.progressStore = NavigationProgressStore(store: store, recordName: recordName)
        self.writes = PersistGate()
    }

    /// Time since the time source's origin.
    public var now: Duration { time.elapsed }

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
            guard (try? await time.sleep(for: duration)) != nil, !Task.isCancelled else { return }
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
