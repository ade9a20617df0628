import Core
import CoreTesting
import ReducerTesting
import Testing

/// A feature small enough to see whole: a count, a load, a log line per change.
private struct Counter: Equatable, Sendable {
    var count = 0
    var changedAt: Duration?
    var isLoading = false
    var label = "counter"
}

private enum CounterEvent: Equatable, Sendable {
    case increment
    case load
    case loaded(Int)
    case logged
}

private enum CounterEffect: RunnableEffect, Equatable {
    case fetch
    case log(Int)
}

private let reduceCounter: TestStore<Counter, CounterEvent, CounterEffect>.Reduce = { state, event, now in
    switch event {
    case .increment:
        state.count += 1
        state.changedAt = now
        return [.log(state.count)]
    case .load:
        state.isLoading = true
        return [.fetch]
    case .loaded(let count):
        state.isLoading = false
        state.count = count
        return []
    case .logged:
        return []
    }
}

/// The test store's own contract: what passes, and that each kind of omission fails — the
/// failures are expected issues (`withKnownIssue`), so these tests fail if the store stops
/// reporting them.
@Suite(.timeLimit(.minutes(10))) struct TestStoreTests {
    private func store(_ state: Counter = Counter()) -> TestStore<Counter, CounterEvent, CounterEffect> {
        TestStore(initialState: state, reduce: reduceCounter)
    }

    /// The store that runs its effects: a fetch answers 42, a log answers `logged`.
    private func runningStore() -> TestStore<Counter, CounterEvent, CounterEffect> {
        TestStore(
            initialState: Counter(),
            perform: { effect, send in
                switch effect {
                case .fetch: send(.loaded(42))
                case .log: send(.logged)
                }
            },
            reduce: reduceCounter)
    }

    private static func mentions(_ text: String) -> @Sendable (Issue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains(text) } }
    }

    @Test func aSendAssertsTheChangeAndTheEffects() {
        let store = store()
        store.send(.increment, effects: [.log(1)]) { $0.count = 1; $0.changedAt = .zero }
        store.send(.increment, effects: [.log(2)]) { $0.count = 2 }
        #expect(store.state.count == 2)
        store.finish()
    }

    @Test func theReducerGetsTheStoresTime() {
        let store = store()
        store.advance(by: .seconds(3))
        #expect(store.now == .seconds(3))
        store.send(.increment, effects: [.log(1)]) { $0.count = 1; $0.changedAt = .seconds(3) }
        store.advance(by: .milliseconds(500))
        store.send(.increment, effects: [.log(2)]) { $0.count = 2; $0.changedAt = .milliseconds(3500) }
    }

    @Test func anEffectsAnswerIsFedBack() {
        let store = store()
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        store.receive(.loaded(7), for: .fetch) { $0.isLoading = false; $0.count = 7 }
        store.finish()
    }

    @Test func answeringAnEffectAssertsIt() {
        let store = store()
        store.send(.load) { $0.isLoading = true }
        store.receive(.loaded(7), for: .fetch) { $0.isLoading = false; $0.count = 7 }
        store.finish()
    }

    @Test func takenEffectsAreAsserted() {
        let store = store()
        store.send(.increment) { $0.count = 1; $0.changedAt = .zero }
        #expect(store.takeEffects() == [.log(1)])
        #expect(store.takeEffects().isEmpty)
        store.finish()
    }

    @Test func aWrongStateFailsWithTheDifferingFieldsOnly() {
        let store = store()
        withKnownIssue {
            store.send(.increment, effects: [.log(1)]) { $0.count = 2; $0.changedAt = .zero }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("− expected, + actual") && text.contains("−   - count: 2") && text.contains("+   - count: 1")
                && !text.contains("counter")
        }
        // What the state became is the baseline of the next step.
        store.send(.increment, effects: [.log(2)]) { $0.count = 2 }
    }

    @Test func aChangeNobodyAssertedFails() {
        let store = store()
        withKnownIssue {
            store.send(.increment, effects: [.log(1)]) { $0.count = 1 }
        } matching: { Self.mentions("changedAt")($0) }
    }

    @Test func wrongEffectsFail() {
        let store = store()
        withKnownIssue {
            store.send(.increment, effects: [.log(2)]) { $0.count = 1; $0.changedAt = .zero }
        } matching: { Self.mentions("The effects of send(")($0) }
    }

    @Test func anEffectNobodyAssertedFailsOnTheNextSend() {
        let store = store()
        store.send(.increment) { $0.count = 1; $0.changedAt = .zero }
        withKnownIssue {
            store.send(.increment, effects: [.log(2)]) { $0.count = 2 }
        } matching: { Self.mentions("1 effect(s) nobody asserted, found before send(")($0) }
        // Reported once: the next step is clean.
        store.send(.increment, effects: [.log(3)]) { $0.count = 3 }
        store.finish()
    }

    @Test func anEffectNobodyAssertedFailsAtTheEnd() {
        let store = store()
        store.send(.load) { $0.isLoading = true }
        withKnownIssue {
            store.finish()
        } matching: { Self.mentions("effect(s) nobody asserted, found at the end: fetch")($0) }
    }

    @Test func aStoreReleasedUncheckedChecksItself() {
        withKnownIssue {
            let store = store()
            store.send(.load) { $0.isLoading = true }
        } matching: { Self.mentions("found when the store was released")($0) }
    }

    @Test func answeringAnEffectTheReducerDidNotReturnFails() {
        let store = store()
        withKnownIssue {
            store.receive(.loaded(3), for: .fetch) { $0.count = 3 }
        } matching: { Self.mentions("no such effect still waiting for an answer")($0) }
    }

    @Test func runningEffectsAreReceivedInOrder() {
        let store = runningStore()
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        #expect(store.receivedEvents.isEmpty, "nothing runs before the store is told")
        store.receive(.loaded(42)) { $0.isLoading = false; $0.count = 42 }
        store.send(.increment, effects: [.log(43)]) { $0.count = 43; $0.changedAt = .zero }
        store.receive(.logged)
        #expect(store.receivedEvents == [.loaded(42), .logged])
        store.finish()
    }

    @Test func anEventNobodyReceivedFailsAtTheEnd() {
        let store = runningStore()
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        withKnownIssue {
            store.finish()
        } matching: { Self.mentions("1 event(s) from effects nobody received, found at the end: loaded(42)")($0) }
    }

    @Test func aDifferentEventFails() {
        let store = runningStore()
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        withKnownIssue {
            store.receive(.loaded(1)) { $0.isLoading = false; $0.count = 42 }
        } matching: { Self.mentions("the next event received differs")($0) }
    }

    @Test func anEffectStillRunningFailsAtTheEnd() {
        let clock = ManualClock()
        let store = TestStore(
            initialState: Counter(),
            perform: { _, send in
                try? await clock.sleep(for: .seconds(60))
                send(.loaded(1))
            },
            reduce: reduceCounter)
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        store.runEffects()
        #expect(store.effectsInFlight == [.fetch])
        withKnownIssue {
            store.finish()
        } matching: { Self.mentions("1 effect(s) still running at the end: fetch")($0) }
        clock.advance(by: .seconds(60))
        store.runEffects()
        #expect(store.effectsInFlight.isEmpty)
        #expect(store.receivedEvents == [.loaded(1)])
    }

    @Test func skippedEventsAreLetGoWithTheirChanges() {
        let store = runningStore()
        store.send(.load, effects: [.fetch]) { $0.isLoading = true }
        store.runEffects()
        store.skipReceivedEvents()
        #expect(store.state.count == 42)
        store.send(.increment, effects: [.log(43)]) { $0.count = 43; $0.changedAt = .zero }
        store.receive(.logged)
        store.finish()
    }

    @Test func receivingWhatNoEffectSentFails() {
        let store = runningStore()
        withKnownIssue {
            store.receive(.logged)
        } matching: { Self.mentions("receive(logged): no such event was received (no effect sent one)")($0) }
        store.exhaustivity = .off
        store.send(.load)
        withKnownIssue {
            store.receive(.logged)
        } matching: { Self.mentions("receive(logged): no such event was received (the next event is loaded(42))")($0) }
    }

    @Test func withExhaustivityOffOnlyWhatIsAssertedCounts() {
        let store = runningStore()
        store.exhaustivity = .off
        store.send(.increment) { $0.count = 1 }
        store.send(.load)
        store.runEffects()
        #expect(store.state == Counter(count: 42, changedAt: .zero, isLoading: false))
        store.receive(.loaded(42)) { $0.count = 42 }
        // A write that does not hold still fails.
        withKnownIssue {
            store.send(.increment) { $0.count = 7 }
        } matching: { Self.mentions("count: 7")($0) }
        store.finish()
    }

    @Test func theDiffShowsOnlyTheLinesThatDiffer() {
        let diff = ValueDiff.lines(expected: Counter(count: 1), actual: Counter(count: 2))
        #expect(diff.contains("−   - count: 1"))
        #expect(diff.contains("+   - count: 2"))
        #expect(ValueDiff.lines(expected: 1, actual: 1) == "(no difference in their dumps)")
    }
}
