import Contract
import Core
import Foundation
import Synchronization
import Testing
@testable import Navigation

/// A state driven by events only, remembering the effects of the last event.
struct Flow {
    var state: NavigationState
    var effects: [NavigationEffect] = []

    init(policy: RetryPolicy = .login) {
        state = NavigationState(loginPolicy: policy)
    }

    @discardableResult
    mutating func send(_ event: NavigationEvent) -> [NavigationEffect] {
        effects = state.reduce(event)
        return effects
    }

    /// A launch with `progress` stored (`nil`: a first-time user).
    static func launched(_ progress: NavigationProgress? = nil, policy: RetryPolicy = .login) -> Flow {
        var flow = Flow(policy: policy)
        flow.send(.start)
        flow.send(.progressLoaded(.success(progress)))
        return flow
    }

    /// A first-time user whose fetch answered `experiment`.
    static func fetched(_ experiment: Experiment, policy: RetryPolicy = .login) -> Flow {
        var flow = launched(policy: policy)
        flow.send(.experimentsFetched(.success(experiment)))
        return flow
    }

    /// The current login attempt succeeds.
    mutating func signIn(_ sessionID: SessionID = "session-1", at now: Duration = .zero) {
        send(.loginFinished(attempt: state.login.attempt ?? 1, result: .success(sessionID), at: now))
    }

    mutating func failLogin(_ error: APIError = .http(status: 500, body: "Something went wrong"), at now: Duration) {
        send(.loginFinished(attempt: state.login.attempt ?? 1, result: .failure(error), at: now))
    }

    /// Submits on B1/B2 and lets the submit succeed.
    mutating func submitSuccessfully() {
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
