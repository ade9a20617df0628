import Core
import TUI

/// The app the event loop runs: the runner of the shell's reducer (`ShellState.reduce`, which
/// decides the stack, the overlays over the top screen, the network inspector `n` sharing the
/// terminal with the screen, and the toasts) and the holder of what is no value: the hosted
/// screens, the loop, the mock. A key is given to the reducer with what it needs to know of the
/// screens (`ShellKeyFacts`); the runner does the effects it returns: a key for the top screen,
/// a screen left, the mock changed, a timer. It draws the top screen in its part of the
/// terminal, the inspector in its own, the overlays, and the key bar under them. Clicks and the
/// wheel go to what the last frame drew under them (`hitMap`; see ChallengeShell+Mouse.swift).
public final class ChallengeShell: TerminalApp {
    public typealias Message = ShellMessage

    public let environment: AppEnvironment
    package private(set) var stack: [any Screen] = [] {
        didSet { timelineScreen = stack.last?.timelineScreen }
    }
    /// The stack's ids and challenges, the overlays, the inspector, the toast and the notice,
    /// as a value.
    package private(set) var state = ShellState()
    /// Over the top screen, bottom to top.
    package var overlays: [Overlay] { state.overlays }
    /// The network inspector while it is open (nil: hidden).
    package var inspector: InspectorState? { state.inspector }
    private var monitorSubscription: NetworkMonitor.Subscription?
    /// Formats the inspector's rows, with the retry policies the challenges declare.
    package var inspectorModel: InspectorModel
    /// What the last frame drew where: mouse events are looked up in it.
    package private(set) var hitMap = HitMap()
    /// The key bar as last drawn: the same bar again is a copy (Docs/performance.md).
    private var keyBarDrawing = WidgetCache<KeyBar>()
    /// The global keys' bar items for the last context they were asked for.
    private var globalBarItems: (context: ShellKeys.Context, items: [KeyBar.Item])?
    /// The last bar made, with the screen's items it was made of: the same items (a screen hands
    /// the same array until it changes) make the same bar, not a new array and bar each frame.
    private var madeKeyBar: (own: [KeyBar.Item], context: ShellKeys.Context, bar: KeyBar)?
    package private(set) var context: ScreenContext?
    private var runContext: RunContext<ShellMessage>?
    private let initialChallenge: ChallengeID?
    /// The session being recorded or replayed, if any (Docs/recording.md).
    package var session: SessionTap?
    /// Which screen has password fields, for a recording's placeholders.
    package var secretFields = SecretFieldsLookup()
    /// The requests and mock endpoints as the last `networkActivity` found them: what the
    /// inspector and the fault panel show.
    package var network = LiveNetwork()
    /// The network as the recording last wrote it: a `network` line holds what changed since.
    private var recordedNetwork = LiveNetwork()
    /// Answers performed at once while a key or a message was handled, handled right after it.
    package var answersAtOnce: [ShellMessage] = []

    /// Offers the environment's challenges (`AppEnvironment.challenges`).
    public init(environment: AppEnvironment) {
        self.environment = environment
        self.initialChallenge = environment.options.challenge
        inspectorModel = InspectorModel(retryPolicies: environment.challenges.flatMap { $0.retryPolicies(environment) })
        network = LiveNetwork(environment)
        recordedNetwork = network
    }

    deinit { monitorSubscription?.cancel() }

    public var top: (any Screen)? { stack.last }

    package var isShowingInspector: Bool { state.inspectorFlags.isShown }
    /// The inspector has the keys (the screen beside it doesn't).
    package var inspectorHasFocus: Bool { state.inspectorFlags.isFocused }
    package var timeline: TimelineState? {
        for overlay in overlays { if case .timeline(let timeline) = overlay { return timeline } }
        return nil
    }
    /// The top screen, as the timeline lists and draws it; found when the stack changes: the key
    /// facts ask for it at every key press, and the cast looked the conformance up each time.
    package private(set) var timelineScreen: (any TimelineScreen)?
    package var faultPanel: FaultPanelState? {
        for overlay in overlays { if case .faults(let panel) = overlay { return panel } }
        return nil
    }

    // MARK: TerminalApp

    public func start(_ run: RunContext<ShellMessage>) {
        runContext = run
        let context = ScreenContext(run: run, shell: self)
        self.context = context
        // Every request (mock or HTTP) that begins or ends redraws the live tools.
        let poster = run.poster
        monitorSubscription = environment.monitor.subscribe { _ in poster.post(.networkActivity) }
        push(LauncherScreen(LauncherFeature(environment: environment, selecting: initialChallenge)), of: nil)
        if let initialChallenge { open(initialChallenge) }
        // Handled on the loop's next turn, after the first frame is on screen (the launcher does
        // not wait for the store's key: Docs/performance.md).
        run.post(.firstFrameShown)
        handleAnswersAtOnce(run)
    }

    /// The entry of every key: recorded here (Docs/recording.md), then handled.
    public func handle(_ key: Key, _ run: RunContext<ShellMessage>) {
        session?.record(key == .resize ? .resize(run.terminalSize) : .key(recordedKey(key)), storeProblem: nil)
        dispatch(key, run)
        session?.handled(secretShapes: secretShapes)
        handleAnswersAtOnce(run)
    }

    /// The answers performed at once while handling what came in, each through the entry.
    private func handleAnswersAtOnce(_ run: RunContext<ShellMessage>) {
        while !answersAtOnce.isEmpty { handle(answersAtOnce.removeFirst(), run) }
    }

    /// What a key does (a click's keys come here too, recorded as the click): the reducer
    /// decides, with what it needs to know of the screens.
    package func dispatch(_ key: Key, _ run: RunContext<ShellMessage>) {
        guard context != nil, top != nil else { return }
        if key == .resize {
            layOutTop()
            return
        }
        // The terminal said what its background is: news for the pictures, no key for a screen.
        if case .background(let background) = key {
            environment.background.answered = background
            return
        }
        defer { afterChange() }
        if case .mouse(let event) = key {
            handle(event, run)
            return
        }
        reduce(.key(key, keyFacts))
    }

    /// What the reducer needs to know of the screens now (asked of them only where it needs it).
    package var keyFacts: ShellKeyFacts {
        let isTimelineOnTop = if case .timeline? = overlays.last { true } else { false }
        return ShellKeyFacts(
            context: keyContext, helpScrollLimit: helpScrollLimit,
            inspectorRows: inspectorHasFocus ? inspector.map { $0.filtered(inspectorRows) } ?? [] : [],
            timelineEvents: timelineScreen?.timelineCount ?? 0,
            timelineRows: isTimelineOnTop ? timelineScreen?.timeline ?? [] : [],
            leaveQuestion: top?.confirmLeave())
    }

    /// The entry of every message, an effect's answer among them: recorded here (Docs/recording.md),
    /// then handled. An answer performed at once (`Feature.performAtOnce`) comes here too.
    public func handle(_ message: ShellMessage, _ run: RunContext<ShellMessage>) {
        if let session {
            switch message {
            case .event(let event, let token): session.record(sessionLine(for: event, to: token, blobs: session.blobs), storeProblem: nil)
            case .firstFrameShown: session.record(.message(message), storeProblem: environment.storeProblem)
            case .animationFrame, .toastExpired: session.record(.message(message), storeProblem: nil)
            // What it changed, once taken (below).
            case .networkActivity: break
            }
        }
        route(message, run)
        if let session {
            if case .networkActivity = message {
                session.record(.network(network.change(since: recordedNetwork)), storeProblem: nil)
                recordedNetwork = network
            }
            session.handled(secretShapes: secretShapes)
        }
        handleAnswersAtOnce(run)
    }

    private func route(_ message: ShellMessage, _ run: RunContext<ShellMessage>) {
        switch message {
        case .toastExpired:
            reduce(.toastExpired)
        case .animationFrame:
            reduce(.animationFrame)
        case .networkActivity:
            network = session?.network(after: network) ?? LiveNetwork(environment)
            if faultPanel != nil { reduce(.mockChanged(network.behaviours)) }
        case .firstFrameShown:
            reduce(.firstFrameShown(storeProblem: environment.storeProblem?.message))
            if let context { stack.forEach { $0.handle(message, context) } }
        case .event:
            if let context { stack.forEach { $0.handle(message, context) } }
        }
        afterChange()
    }

    public func render(into canvas: inout Canvas) -> Point? {
        let now = runContext?.now ?? .zero
        let layout = layout(for: canvas.size)
        var cursor: Point?
        if let top {
            // The screen's area starts at the top left corner whatever shares the terminal.
            if layout.inspector == nil, layout.notice == nil {
                cursor = renderTop(top, in: layout.screen, on: &canvas, at: now)
            } else {
                // Sharing the terminal: the screen draws on a canvas of its own size, so nothing of
                // it (not a cell, not a click region) spills into the inspector's part.
                var own = Canvas(size: layout.screen.size)
                cursor = renderTop(top, in: layout.screen, on: &own, at: now)
                canvas.draw(own, at: layout.screen.origin)
            }
            if let toast = state.toast, toast.owner == state.top?.id { toast.toast.draw(in: layout.screen, on: &canvas) }
        }
        if let notice = state.notice, let row = layout.notice { notice.draw(in: row, on: &canvas) }
        if let inspector, let area = layout.inspector {
            let rows = inspector.filtered(inspectorRows)
            var panel = InspectorPanel(rows: rows, total: network.history.count, state: inspector, isBeside: layout.inspectorIsBeside)
            if let id = inspector.detailID, let activity = network.history.first(where: { $0.id == id }) {
                let base = environment.options.backend == .http ? environment.configuration.serverURL.absoluteString : nil
                panel.detail = InspectorDetail(activity, history: network.history, base: base, model: inspectorModel)
            }
            let filterCursor = panel.draw(in: area, on: &canvas)
            if inspector.isFocused { cursor = filterCursor }
        }
        keyBarDrawing.draw(keyBar, in: layout.keyBar, on: &canvas)
        if !overlays.isEmpty { cursor = nil }
        for overlay in overlays {
            // Help is about the screen and the inspector: it covers both. The fault panel and the
            // leave question cover the screen, so the inspector shows what they change.
            let area = if case .help = overlay { layout.body } else { layout.screen }
            overlay.draw(over: area, on: &canvas, help: self.help(in: area, at: now), timeline: timelineScreen)
        }
        hitMap = canvas.hitMap
        return cursor
    }

    /// The top screen now or, while the timeline has an event selected, as it was right after it.
    private func renderTop(_ top: any Screen, in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        if let timeline, let screen = timelineScreen, let shown = timeline.shownSequence(in: screen.timeline),
            screen.renderPast(shown, in: area, on: &canvas)
        {
            return nil
        }
        return top.render(in: area, on: &canvas, at: now)
    }

    /// How the terminal is shared now.
    package func layout(for size: Size) -> ShellLayout {
        // The flags, not the optional inspector: reading it copies its whole state.
        ShellLayout(size: size, showsInspector: isShowingInspector, showsNotice: state.notice != nil)
    }

    /// Help as it stands: what the screen waits for, the keys of what has them, the global keys.
    package func help(in area: Rect, at now: Duration) -> HelpOverlay {
        var scroll = 0
        for case .help(let offset) in overlays { scroll = offset }
        // Over the leave question: its keys alone (nothing else works there).
        if overlays.contains(where: { if case .leaveConfirmation = $0 { true } else { false } }) {
            return HelpOverlay(guides: [ShellKeys.leaveDialog.guide], scroll: scroll)
        }
        // Over the timeline: its keys, then the global ones.
        if let timeline {
            return HelpOverlay(guides: [TimelineState.keyMap.guide(for: timeline), ShellKeys.global.guide(for: keyContext)], scroll: scroll)
        }
        let focused = inspector.flatMap { $0.isFocused ? ShellKeys.inspector.guide(for: $0) : nil } ?? top?.keyGuide
        return HelpOverlay(
            guides: [focused, ShellKeys.global.guide(for: keyContext)].compactMap { $0 },
            waitingFor: top?.activity(at: now), scroll: scroll)
    }

    /// How far help scrolls in the screen's area now.
    private var helpScrollLimit: Int {
        guard let run = runContext, case .help? = overlays.last else { return 0 }
        let area = layout(for: run.terminalSize).body
        return help(in: area, at: run.now).layout(in: area).maxScroll
    }

    /// The inspector's rows now: the history the last `networkActivity` took, at the frame's time.
    package var inspectorRows: [InspectorModel.Row] {
        inspectorModel.rows(network.history, now: runContext?.now ?? .zero)
    }

    // MARK: Screens

    package var keyBar: KeyBar {
        if let overlay = overlays.last { return overlay.keyBar(helpScrolls: helpScrollLimit > 0) }
        let own = (inspectorHasFocus ? inspector.map { ShellKeys.inspector.barItems(for: $0) } : nil) ?? top?.keyBarItems ?? []
        let context = keyContext
        if let made = madeKeyBar, made.context == context, made.own == own { return made.bar }
        if globalBarItems?.context != context { globalBarItems = (context, ShellKeys.global.barItems(for: context)) }
        let bar = KeyBar(own + (globalBarItems?.items ?? []))
        madeKeyBar = (own, context, bar)
        return bar
    }

    /// What the global keys' declarations read now.
    package var keyContext: ShellKeys.Context {
        let capturesText = inspectorHasFocus ? state.inspectorFlags.isEditingFilter : top?.capturesText == true
        return ShellKeys.Context(
            onLauncher: stack.count <= 1, capturesText: capturesText, showsInspector: isShowingInspector,
            inspectorHasFocus: inspectorHasFocus, screenTakesEscape: top?.takesEscape == true)
    }

    /// The challenge of the topmost screen that belongs to one (nil on the launcher).
    package var currentChallenge: Challenge? {
        state.currentChallenge.flatMap { Challenge.named($0, in: environment.challenges) }
    }

    /// Opens `id`'s screen over the top one (nothing when no challenge has that id).
    func open(_ id: ChallengeID) {
        guard let challenge = Challenge.named(id, in: environment.challenges) else { return }
        let screen = challenge.makeScreen(environment)
        environment.logger.info("app", "opened \(challenge.title)")
        push(screen, of: challenge.id)
    }

    package func push(_ screen: any Screen, of challenge: ChallengeID?) {
        reduce(.pushed(challenge))
        if let id = state.top?.id { screen.pushed(as: id) }
        stack.append(screen)
        if let context { screen.appear(context) }
        afterChange()
    }

    /// Leaves the top screen, asking first if it wants.
    package func requestLeave() { reduce(.command(.back, keyFacts)) }

    /// A toast of the screen on top: drawn on its own area's last row, gone when it is.
    package func toast(_ message: String, kind: Toast.Kind) { reduce(.toast(message, kind)) }

    /// Runs `event` through the shell's reducer and does what it returns.
    package func reduce(_ event: ShellEvent) {
        for effect in state.reduce(event, at: runContext?.now ?? .zero) { perform(effect) }
    }

    /// Does what the reducer asked.
    private func perform(_ effect: ShellEffect) {
        switch effect {
        case .schedule(let timer, let deadline):
            runContext?.schedule(timer.rawValue, at: deadline, timer.message)
        case .cancel(let timer):
            runContext?.cancel(timer.rawValue)
        case .toScreen(let key, let otherwise):
            guard let top, let context else { return }
            if top.handle(key, context) != .handled, let otherwise { reduce(.command(otherwise, keyFacts)) }
        case .screenLeft(let entry):
            let screen = stack.removeLast()
            if let left = entry.challenge.flatMap({ Challenge.named($0, in: environment.challenges) }) {
                environment.logger.info("app", "left \(left.title)")
            }
            if let context {
                screen.disappear(context)
                top?.uncovered(context)
            }
        case .quit:
            runContext?.quit()
        case .openFaultPanel(let challenge, let row):
            reduce(.faultPanelOpened(faultPanel(on: challenge.flatMap { Challenge.named($0, in: environment.challenges) }, selecting: row)))
        case .changeMock(let changes):
            for change in changes { make(change) }
        case .loadScenario(let name):
            do {
                let scenario = try environment.scenarioLibrary.load(name)
                let choices = environment.challenges.flatMap(\.faultChoices)
                let values = Dictionary(choices.map { ($0.title, $0.inScenario(scenario)) }) { first, _ in first }
                reduce(.scenarioLoaded(scenario, choiceValues: values))
            } catch {
                reduce(.scenarioFailed(error.message))
            }
        }
    }

    /// The fault panel on `challenge`'s screen (nil: the launcher's, every challenge's rows), as
    /// the mock stands.
    private func faultPanel(on challenge: Challenge?, selecting row: FaultPanelModel.Row?) -> FaultPanelState {
        let server = environment.configuration.serverURL.absoluteString
        let challenges = challenge.map { [$0] } ?? environment.challenges
        let serverFaults = challenges.flatMap(\.serverFaults)
        guard environment.options.backend == .mock else { return FaultPanelState(model: nil, server: server, serverFaults: serverFaults) }
        let choices = environment.challenges.flatMap(\.faultChoices)
        let model = FaultPanelModel(
            challenges: challenges, behaviours: network.behaviours,
            choiceValues: Dictionary(choices.map { ($0.title, $0.current(environment)) }) { first, _ in first },
            scenarioNames: environment.scenarioLibrary.names(), scenarioName: environment.mock.scenarioName, selecting: row)
        return FaultPanelState(model: model, server: server, serverFaults: serverFaults)
    }

    /// Makes a fault panel's change to the mock real: its next request obeys it; the inspector
    /// and the panel show it at once.
    private func make(_ change: FaultChange) {
        switch change {
        case .behaviour(let endpoint, let behaviour):
            environment.mock.set(behaviour, for: endpoint)
            network.behaviours[endpoint] = behaviour
        case .choice(let title, let value):
            environment.challenges.lazy.flatMap(\.faultChoices).first { $0.title == title }?.apply(environment, value)
        case .scenario(let name):
            environment.mock.runs(name)
        }
    }

    /// Tells the top screen its area before the next frame (Docs/architecture.md, "Drawing
    /// draws"), and the inspector how many rows it holds.
    private func layOutTop() {
        guard let run = runContext, let context, let top else { return }
        let layout = layout(for: run.terminalSize)
        top.layout(layout.screen, context)
        if let area = layout.inspector, let inspector {
            let rows = inspector.filtered(inspectorRows).count
            let visibleRows = InspectorPanel.visibleRows(in: area, state: inspector, isBeside: layout.inspectorIsBeside)
            reduce(.inspectorLaidOut(visibleRows: visibleRows, rowCount: rows))
        }
    }

    /// Keeps the animation timer running exactly while something moves: the top screen, or a
    /// request in flight while the inspector shows its elapsed time.
    private func afterChange() {
        guard runContext != nil else { return }
        layOutTop()
        let inspectorMoves = isShowingInspector && network.history.contains { $0.isPending }
        reduce(.moving(top?.isAnimating == true || inspectorMoves))
    }


}
