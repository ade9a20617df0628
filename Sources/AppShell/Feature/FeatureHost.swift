import Core
import TUI

/// The screen of any `Feature`: it owns the feature's value, the screen token its events are
/// addressed with, and the runner that performs its effects, and it routes keys and messages.
/// Every challenge is hosted the same way; nothing here knows which one.
package final class FeatureHost<F: RecordableFeature>: Screen {
    /// The feature's value, in memory of its own that the host's questions reach through `read`.
    /// As a stored property of this generic class it was copied whole for each question the shell
    /// asks a key (six to twelve), every reference in it retained and released again: code that
    /// is not specialised copies a value before calling it, unless it holds the value `inout`
    /// (Docs/performance.md, "The fifth round"). Only the event loop's thread reaches it, and a
    /// feature's methods never call back into the host, so no access overlaps another.
    private let storage: UnsafeMutablePointer<F>
    package var feature: F { storage.pointee }

    /// `body` on the feature where it is, held `inout` so that it is not copied first.
    @inline(__always)
    private func read<R>(_ body: (inout F) -> R) -> R { body(&storage.pointee) }
    private var derived = FeatureHostDerived()
    /// Addresses this screen's events (set when the shell pushes it): a later screen of the same
    /// challenge gets none of them.
    package var id = ScreenID()
    private let executor: (any TaskExecutor)?
    private var runner: EffectRunner<F.Effect, F.Event>?
    /// Where the feature's topics are logged (set on appearing), and what was logged last of each.
    private var logger = Logger.disabled
    private var logged: [String: String] = [:]
    /// The last events and the values they left, for the timeline (Docs/recording.md).
    private var history = TimelineRing<F>()
    /// Hands an answer performed at once (`Feature.performAtOnce`) to the shell, which records it
    /// and routes it back here like any answer; nil in a replay, which performs nothing.
    private var answerAtOnce: ((F.Event) -> Void)?
    /// Hands what the feature asks of the shell (`Feature.request`) to it.
    private var requests: ((FeatureRequest) -> Void)?

    /// `executor`: where effects run (nil: the global executor; tests pass one they drive).
    package init(_ feature: F, executor: (any TaskExecutor)? = nil) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: feature)
        self.executor = executor
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    package var keyBarItems: [KeyBar.Item] {
        if let items = derived.keyBarItems { return items }
        let items = read { $0.keyBarItems }
        derived.keyBarItems = items
        return items
    }
    package var keyGuide: KeyGuide { read { $0.keyMap.guide(for: $0) } }
    package var capturesText: Bool { read { $0.capturesText } }
    package var takesEscape: Bool {
        if let takes = derived.takesEscape { return takes }
        let takes = read { $0.takesEscape }
        derived.takesEscape = takes
        return takes
    }
    package var isAnimating: Bool { read { $0.isAnimating } }
    package func activity(at now: Duration) -> String? { read { $0.activity(at: now) } }

    package func appear(_ context: ScreenContext) {
        logger = context.environment.logger
        let poster = context.poster
        requests = { [unowned context] request in context.perform(request) }
        // A replay runs no effect: the recording holds their answers (Docs/recording.md).
        if context.session?.runsEffects != false {
            runner = EffectRunner(
                executor: executor, perform: feature.perform,
                send: { [id] event in poster.post(.event(event, to: id)) })
            answerAtOnce = { [id, unowned context] event in context.answer(.event(event, to: id)) }
        }
        send(F.appeared, at: context.now)
    }

    // Each `@_specialize` makes this generic method, when it hosts the launcher, jump to a copy
    // compiled for it: a key press on the launcher runs no generic code of the host, nor the
    // run-time type look-ups that code asks for (Docs/performance.md, "The seventh round").
    // The challenges' features live in modules above this one, which can't be named here.
    //
    // Where the body asks for a type made of `F` (an optional command), it is a function of its
    // own: the compiler computes such a type on entry, before the jump to the launcher's copy,
    // and that search of the runtime's tables came at every key press (Docs/performance.md,
    // "The eighth round").
    @_specialize(where F == LauncherFeature)
    package func handle(_ key: Key, _ context: ScreenContext) -> KeyResult { handleKey(key, context) }

    @inline(never)
    private func handleKey(_ key: Key, _ context: ScreenContext) -> KeyResult {
        guard let command = read({ $0.command(for: key) }) else { return .ignored }
        run(command, context)
        return .handled
    }

    package func handle(_ mouse: MouseEvent, on target: any Hashable & Sendable, _ context: ScreenContext) -> KeyResult {
        guard let target = target as? F.Target, let command = read({ $0.command(for: mouse, on: target) }) else { return .ignored }
        run(command, context)
        return .handled
    }

    @_specialize(where F == LauncherFeature)
    private func run(_ command: FeatureCommand<F.Event>, _ context: ScreenContext) {
        switch command {
        case .send(let event): send(event, at: context.now)
        case .sendAll(let events): events.forEach { send($0, at: context.now) }
        case .leave: context.leave()
        }
    }

    package func handle(_ message: ShellMessage, _ context: ScreenContext) {
        if case .firstFrameShown = message, let event = F.firstFrameShown { send(event, at: context.now) }
        guard case .event(let event, let receiver) = message, receiver == id, let event = event as? F.Event else { return }
        send(event, at: context.now)
    }

    @_specialize(where F == LauncherFeature)
    package func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        read { $0.render(in: rect, on: &canvas, at: now) }
    }

    @_specialize(where F == LauncherFeature)
    package func layout(_ rect: Rect, _ context: ScreenContext) { layOut(rect, context) }

    @inline(never)
    private func layOut(_ rect: Rect, _ context: ScreenContext) {
        // Once reduced, the same area asks for nothing more; the bound only guards a feature
        // that breaks that rule from spinning the loop.
        for _ in 0..<2 {
            guard let event = read({ $0.layout(rect, at: context.now) }) else { return }
            send(event, at: context.now)
        }
    }

    package func confirmLeave() -> LeaveConfirmation? { read { $0.confirmLeave() } }

    @_specialize(where F == LauncherFeature)
    package func spoken(at now: Duration) -> Spoken { read { $0.spoken(at: now) } }

    package func uncovered(_ context: ScreenContext) {
        if let event = F.uncovered { send(event, at: context.now) }
    }

    package func disappear(_ context: ScreenContext) {
        send(F.left, at: context.now)
        let feature = feature
        runner?.cancelAll(keeping: { feature.keepsRunning($0) })
        runner = nil
        answerAtOnce = nil
        requests = nil
        logged = [:]
    }

    /// Changes the feature outside `reduce`: only a replay does, putting the recorded
    /// placeholders into password fields (Docs/recording.md, "No secrets").
    package func replaceFeature(_ change: (inout F) -> Void) {
        read(change)
        derived = FeatureHostDerived()
    }

    @_specialize(where F == LauncherFeature)
    private func send(_ event: F.Event, at now: Duration) {
        var effects = read { $0.reduce(event, at: now) }
        derived = FeatureHostDerived()
        read { history.append(event, at: now, leaving: $0) }
        logChanges()
        // The shell's part first, replaying or not: it follows from keys, not from the world.
        // (Most events have no effect, and the generic removeAll costs metadata look-ups even
        // on an empty array: Docs/performance.md, "A key press".)
        guard !effects.isEmpty else { return }
        effects.removeAll { effect in
            guard let request = read({ $0.request(effect) }) else { return false }
            requests?(request)
            return true
        }
        guard let answerAtOnce else {
            runner?.run(effects)
            return
        }
        var later: [F.Effect] = []
        var answers: [F.Event] = []
        for effect in effects {
            if let answer = read({ $0.performAtOnce(effect) }) { answers.append(answer) } else { later.append(effect) }
        }
        runner?.run(later)
        answers.forEach(answerAtOnce)
    }

    /// Writes each topic whose text changed (nothing at all without `--log`).
    private func logChanges() {
        guard logger.isEnabled else { return }
        for (topic, text) in read({ $0.logTopics }) where logged[topic] != text {
            logged[topic] = text
            if !text.isEmpty { logger.info(F.logName, "\(topic): \(text)") }
        }
    }

    // MARK: The timeline

    package var timeline: [TimelineRow] { history.rows }

    package var timelineCount: Int { history.count }

    package func timelineName(_ sequence: Int) -> String {
        guard let entry = history.entry(sequence) else { return "" }
        return entry.feature.timelineName(of: entry.event, at: entry.time)
    }

    package func renderPast(_ sequence: Int, in rect: Rect, on canvas: inout Canvas) -> Bool {
        guard let entry = history.entry(sequence) else { return false }
        _ = entry.feature.render(in: rect, on: &canvas, at: entry.time)
        return true
    }
}

extension FeatureHost: TimelineScreen {
    package var timelineScreen: (any TimelineScreen)? { self }
}

/// What the shell reads of a hosted feature several times a key, kept until the feature changes.
/// Outside the generic host: a type nested in it has metadata of its own for each feature,
/// looked up at every access in unspecialised code (Docs/performance.md, "A key press").
private struct FeatureHostDerived {
    var keyBarItems: [KeyBar.Item]?
    var takesEscape: Bool?
}
