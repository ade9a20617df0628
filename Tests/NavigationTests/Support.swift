import Contract
import Core
import Foundation
import Synchronization
import ReducerTesting
import Testing
@testable import Navigation

/// The flow's reducer in a `TestStore`.
typealias FlowStore = TestStore<NavigationState, NavigationEvent, NavigationEffect>

extension TestStore<NavigationState, NavigationEvent, NavigationEffect> {
    /// A flow before its launch. Exhaustivity off unless asked: most tests here look at the
    /// fields their acceptance criterion is about; those passing `.on` assert every change.
    static func flow(
        policy: RetryPolicy = .login, exhaustivity: Exhaustivity = .off, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FlowStore {
        let store = FlowStore(
            initialState: NavigationState(loginPolicy: policy), reduce: { state, event, _ in state.reduce(event) },
            sourceLocation: sourceLocation)
        store.exhaustivity = exhaustivity
        return store
    }

    /// A launch with `progress` stored (`nil`: a first-time user).
    static func launched(_ progress: NavigationProgress? = nil, policy: RetryPolicy = .login) -> FlowStore {
        let flow = flow(policy: policy)
        flow.send(.start)
        flow.send(.progressLoaded(.success(progress)))
        return flow
    }

    /// A first-time user whose fetch answered `experiment`.
    static func fetched(_ experiment: Experiment, policy: RetryPolicy = .login) -> FlowStore {
        let flow = launched(policy: policy)
        flow.send(.experimentsFetched(.success(experiment)))
        return flow
    }

    /// The current login attempt succeeds.
    func signIn(_ sessionID: SessionID = "session-1", at now: Duration = .zero) {
        send(.loginFinished(attempt: state.login.attempt ?? 1, result: .success(sessionID), at: now))
    }

    func failLogin(_ error: APIError = .http(status: 500, body: "Something went wrong"), at now: Duration) {
        send(.loginFinished(attempt: state.login.attempt ?? 1, result: .failure(error), at: now))
    }

    /// Submits on B1/B2 and lets the submit succeed.
    func submitSuccessfully() {
        send(.next)
        guard let submission = state.submitting else {
            Issue.record("nothing was submitted on \(state.screen)")
            return
        }
        send(.submitFinished(submission, error: nil))
    }
}

extension Array where Element == NavigationEffect {
    /// The progress values persisted, in order.
    var persisted: [NavigationProgress] {
        compactMap { if case .persist(let progress, _) = $0 { progress } else { nil } }
    }

    /// The effects other than persisting.
    var withoutPersist: [NavigationEffect] {
        filter { if case .persist = $0 { false } else { true } }
    }
}

/// A record store whose writes fail (a full disk, say).
final class FailingRecordStore: RecordStore {
    let error: StoreError
    init(_ error: StoreError) { self.error = error }
    func read(_ name: String) throws(StoreError) -> Data? { nil }
    func write(_ data: Data, to name: String) throws(StoreError) { throw error }
    func remove(_ name: String) throws(StoreError) { throw error }
}
