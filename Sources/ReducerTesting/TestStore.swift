import Core
import CoreTesting
import Synchronization
import Testing

/// A feature's reducer under test, in the manner of swift-composable-architecture's `TestStore`
/// (Docs/testing.md, "Reducer tests"): the test sends an event and says how the state changes,
/// names the effects the reducer returns, and feeds the effects' answers back; whatever the test
/// did not account for fails it — a field that changed unsaid (shown as a diff), an effect nobody
/// asserted, an event from an effect nobody received.
///
/// Two ways to answer effects:
/// - as values (`init(initialState:now:reduce:)`): nothing runs; `receive(_:for:)` hands the
///   reducer the answer of an effect it returned;
/// - through a runtime (`init(initialState:now:perform:reduce:)`): effects run as the app runs
///   them (Core's `EffectRunner`) on a `ManualExecutor` the store turns (`runEffects()`); their
///   events are reduced as they arrive, and `receive(_:)` asserts them in order.
///
/// Time is the store's `now`, a plain `Duration` handed to every reduce and moved only by
/// `advance(by:)`. The store is checked when the test calls `finish()`, or else when it is
/// released.
public final class TestStore<State: Equatable & Sendable, Event: Sendable, Effect: Equatable & Sendable>: Sendable {
    /// The reducer: the event applied to the state at the given time, the effects to start.
    public typealias Reduce = @Sendable (inout State, Event, _ now: Duration) -> [Effect]

    private struct Received: Sendable {
        var event: Event
        var state: State
        var effects: [Effect]
    }

    private struct Ledger: Sendable {
        var state: State
        /// The state the test has accounted for; a closure's changes are applied to it.
        var asserted: State
        var now: Duration
        var exhaustivity = Exhaustivity.on
        /// Effects returned that no test line has named yet.
        var unasserted: [Effect] = []
        /// Effects returned and not answered by `receive(_:for:)`.
        var unanswered: [Effect] = []
        /// Events from running effects, reduced already, not yet asserted.
        var received: [Received] = []
        var history: [Event] = []
        var lastEffects: [Effect] = []
        var finished = false
    }

    private let reduce: Reduce
    private let ledger: Mutex<Ledger>
    private let start = Mutex<(@Sendable ([Effect]) -> Void)?>(nil)
    /// Effects whose work has begun and not ended, by start order (a store with a runtime).
    private let inFlight = Mutex<(next: Int, effects: [Int: Effect])>((0, [:]))
    private let createdAt: SourceLocation
    /// Runs the effects' tasks when the store is told to (nil when effects are only values).
    public let executor: ManualExecutor?

    /// A store whose effects are values only: nothing runs them; the test answers them.
    public convenience init(
        initialState: State, now: Duration = .zero, reduce: @escaping Reduce,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(initialState: initialState, now: now, executor: nil, reduce: reduce, sourceLocation: sourceLocation)
    }

    init(
        initialState: State, now: Duration, executor: ManualExecutor?, reduce: @escaping Reduce,
        sourceLocation: SourceLocation
    ) {
        self.reduce = reduce
        self.executor = executor
        createdAt = sourceLocation
        ledger = Mutex(Ledger(state: initialState, asserted: initialState, now: now))
    }

    deinit {
        let unchecked = ledger.withLock { !$0.finished }
        if unchecked { check(at: createdAt, when: "when the store was released") }
    }

    // MARK: What the test reads and sets

    /// The state after everything reduced so far (received events included).
    public var state: State { ledger.withLock { $0.state } }

    /// The time handed to the reducer.
    public var now: Duration { ledger.withLock { $0.now } }

    /// The effects whose work has begun and not ended (waiting on a clock, say), in the order
    /// they began. Nothing is running in a store without a runtime.
    public var effectsInFlight: [Effect] {
        inFlight.withLock { $0.effects.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// The effects of the last event the test sent or received.
    public var lastEffects: [Effect] { ledger.withLock { $0.lastEffects } }

    /// Every event the running effects have sent so far, in order, asserted or not.
    public var receivedEvents: [Event] { ledger.withLock { $0.history } }

    public var exhaustivity: Exhaustivity {
        get { ledger.withLock { $0.exhaustivity } }
        set { ledger.withLock { $0.exhaustivity = newValue } }
    }

    /// Moves the time the next events are reduced at.
    public func advance(by duration: Duration) {
        ledger.withLock { $0.now += duration }
    }

    // MARK: Sending and receiving

    /// Reduces `event` and checks the result: the state must be the asserted one changed by
    /// `update` (nothing else may change), and the effects `effects` when given; effects not
    /// given must be asserted before the next event (`takeEffects()`, or a later `receive(_:for:)`).
    /// Returns them, for a test that looks at them its own way (exhaustivity off).
    @discardableResult
    public func send(
        _ event: Event, effects: [Effect]? = nil, assert update: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Effect] {
        let what = "send(\(Self.describe(event)))"
        reportLeftovers(before: "before \(what)", at: sourceLocation)
        let (before, after, produced) = ledger.withLock { ledger in
            let before = ledger.asserted
            let produced = reduce(&ledger.state, event, ledger.now)
            start.withLock { $0 }?(produced)
            return (before, ledger.state, produced)
        }
        account(what, before: before, after: after, effects: produced, expected: effects, update: update, at: sourceLocation)
        return produced
    }

    /// Hands the reducer `answer`, the result of `effect` — an effect it returned and that is
    /// still unanswered. Answering an effect asserts it; the state and effects are checked as
    /// by `send`.
    @discardableResult
    public func receive(
        _ answer: Event, for effect: Effect, effects: [Effect]? = nil, assert update: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Effect] {
        let what = "receive(\(Self.describe(answer)), for: \(Self.describe(effect)))"
        let waited = ledger.withLock { ledger -> Bool in
            if let index = ledger.unasserted.firstIndex(of: effect) { ledger.unasserted.remove(at: index) }
            guard let index = ledger.unanswered.firstIndex(of: effect) else { return false }
            ledger.unanswered.remove(at: index)
            return true
        }
        if !waited {
            let open = ledger.withLock { $0.unanswered }.map(Self.describe)
            Issue.record(
                "\(what): the reducer returned no such effect still waiting for an answer (waiting: \(open))",
                sourceLocation: sourceLocation)
        }
        return send(answer, effects: effects, assert: update, sourceLocation: sourceLocation)
    }

    /// Asserts the next event the running effects sent (running them first until nothing is
    /// left to run): it must be `expected`, and the state after it the asserted one changed by
    /// `update`. With exhaustivity off, the events before the first equal one are let go.
    public func receive(
        _ expected: Event, effects: [Effect]? = nil, assert update: ((inout State) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) where Event: Equatable {
        runEffects()
        let what = "receive(\(Self.describe(expected)))"
        let taken = ledger.withLock { ledger -> (before: State, received: Received?, first: Event?) in
            let first = ledger.received.first?.event
            let index: Int?
            switch ledger.exhaustivity {
            case .on: index = ledger.received.isEmpty ? nil : 0
            case .off: index = ledger.received.firstIndex { $0.event == expected }
            }
            guard let index else { return (ledger.asserted, nil, first) }
            let received = ledger.received[index]
            ledger.received.removeFirst(index + 1)
            return (ledger.asserted, received, first)
        }
        guard let received = taken.received else {
            let seen = taken.first.map { " (the next event is \(Self.describe($0)))" } ?? " (no effect sent one)"
            Issue.record("\(what): no such event was received\(seen)", sourceLocation: sourceLocation)
            return
        }
        if received.event != expected {
            Issue.record(
                "\(what): the next event received differs (− expected, + received):\n\(ValueDiff.lines(expected: expected, actual: received.event))",
                sourceLocation: sourceLocation)
        }
        account(
            what, before: taken.before, after: received.state, effects: received.effects, expected: effects,
            update: update, at: sourceLocation)
    }

    /// The effects returned and not asserted yet, which the test now asserts its own way.
    public func takeEffects() -> [Effect] {
        ledger.withLock { ledger in
            defer { ledger.unasserted = [] }
            return ledger.unasserted
        }
    }

    /// Lets go the events received and not asserted (their changes of state are accepted).
    public func skipReceivedEvents() {
        ledger.withLock { ledger in
            ledger.received = []
            ledger.asserted = ledger.state
        }
    }

    /// Runs the effects' tasks, and those the events they send start, until nothing is left to
    /// run at this instant (a sleeper on a `ManualClock` waits for the clock). A store without a
    /// runtime has nothing to run.
    public func runEffects() {
        executor?.runUntilIdle()
    }

    /// Checks that nothing is left unasserted: no effect nobody named, no event nobody received,
    /// no effect still running (effects are run first). Without it the store checks itself when
    /// released (the running effects aside: they hold on to it until they end).
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        runEffects()
        let running = effectsInFlight
        if exhaustivity == .on, !running.isEmpty {
            Issue.record(
                "\(running.count) effect(s) still running at the end: \(running.map(Self.describe).joined(separator: ", "))",
                sourceLocation: sourceLocation)
        }
        check(at: sourceLocation, when: "at the end")
    }

    // MARK: Checking

    private func check(at location: SourceLocation, when: String) {
        reportLeftovers(before: when, at: location)
        ledger.withLock { $0.finished = true }
    }

    /// Fails on what the previous steps left unasserted (exhaustivity on), then forgets it so
    /// one omission fails once.
    private func reportLeftovers(before what: String, at location: SourceLocation) {
        let (effects, events) = ledger.withLock { ledger -> ([Effect], [Event]) in
            guard ledger.exhaustivity == .on else { return ([], []) }
            defer {
                ledger.unasserted = []
                if !ledger.received.isEmpty {
                    ledger.received = []
                    ledger.asserted = ledger.state
                }
            }
            return (ledger.unasserted, ledger.received.map(\.event))
        }
        if !effects.isEmpty {
            Issue.record(
                "\(effects.count) effect(s) nobody asserted, found \(what): \(effects.map(Self.describe).joined(separator: ", "))",
                sourceLocation: location)
        }
        if !events.isEmpty {
            Issue.record(
                "\(events.count) event(s) from effects nobody received, found \(what): \(events.map(Self.describe).joined(separator: ", "))",
                sourceLocation: location)
        }
    }

    private func account(
        _ what: String, before: State, after: State, effects produced: [Effect], expected: [Effect]?,
        update: ((inout State) -> Void)?, at location: SourceLocation
    ) {
        let exhaustivity = self.exhaustivity
        var wanted = exhaustivity == .on ? before : after
        update?(&wanted)
        if wanted != after {
            Issue.record(
                "The state after \(what) is not the expected one (− expected, + actual):\n\(ValueDiff.lines(expected: wanted, actual: after))",
                sourceLocation: location)
        }
        if let expected, expected != produced {
            Issue.record(
                "The effects of \(what) are not the expected ones (− expected, + actual):\n\(ValueDiff.lines(expected: expected, actual: produced))",
                sourceLocation: location)
        }
        ledger.withLock { ledger in
            ledger.asserted = after
            ledger.lastEffects = produced
            ledger.unanswered += produced
            if expected == nil, exhaustivity == .on { ledger.unasserted += produced }
        }
    }

    /// An event from a running effect: reduced at once, as the app's loop would, and kept for
    /// `receive(_:)`.
    fileprivate func effectSent(_ event: Event) {
        ledger.withLock { ledger in
            let effects = reduce(&ledger.state, event, ledger.now)
            ledger.received.append(Received(event: event, state: ledger.state, effects: effects))
            ledger.history.append(event)
            start.withLock { $0 }?(effects)
        }
    }

    fileprivate func began(_ effect: Effect) -> Int {
        inFlight.withLock { inFlight in
            defer { inFlight.next += 1 }
            inFlight.effects[inFlight.next] = effect
            return inFlight.next
        }
    }

    fileprivate func ended(_ token: Int) {
        _ = inFlight.withLock { $0.effects.removeValue(forKey: token) }
    }

    /// `description` (a type's own, which may hide secrets), without the module path.
    private static func describe<T>(_ value: T) -> String { String(describing: value) }
}

extension TestStore where Effect: RunnableEffect {
    /// A store whose effects run through `perform` (a feature's runtime with its test doubles)
    /// on the store's `executor`, exactly when the test says (`runEffects()`, `receive(_:)`).
    public convenience init(
        initialState: State, now: Duration = .zero, perform: @escaping EffectRunner<Effect, Event>.Perform,
        reduce: @escaping Reduce, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let executor = ManualExecutor()
        self.init(initialState: initialState, now: now, executor: executor, reduce: reduce, sourceLocation: sourceLocation)
        let tracked: EffectRunner<Effect, Event>.Perform = { [weak self] effect, send in
            let token = self?.began(effect)
            await perform(effect, send)
            if let token { self?.ended(token) }
        }
        let runner = EffectRunner<Effect, Event>(executor: executor, perform: tracked) { [weak self] event in
            self?.effectSent(event)
        }
        start.withLock { $0 = { runner.run($0) } }
    }
}
