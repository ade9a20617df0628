import Core
import TUI

/// The app the event loop runs: a stack of screens (the launcher at the bottom), the overlays
/// over the top screen (help, the leave confirmation, the fault panel `f`, the network inspector
/// `n`), and a toast. Keys go to the top overlay first, then the live tools' keys (unless a text
/// field has focus), then the top screen, then `?` and `q`. It draws the top screen, its overlays
/// and the key bar under them. Clicks and the wheel go to what the last frame drew under them
/// (`hitMap`; see ChallengeShell+Mouse.swift).
public final class ChallengeShell: TerminalApp {
    public typealias Message = ShellMessage

    public let environment: AppEnvironment
    /// What the launcher offers (`Challenge.all`; tests may offer stand-ins).
    let challengeList: [Challenge]
    private(set) var stack: [any Screen] = []
    /// Over the top screen, bottom to top.
    private(set) var overlays: [Overlay] = []
    private(set) var toast: Toast?
    /// Which challenge each screen on the stack belongs to (the fault panel lists its endpoints).
    private var challenges: [ObjectIdentifier: Challenge] = [:]
    /// The scenario the fault panel applied last, kept from one opening to the next.
    private var faultScenario: String?
    private var monitorSubscription: NetworkMonitor.Subscription?
    /// Formats the inspector's rows, with the retry policies the challenges declare.
    var inspectorModel: InspectorModel
    /// What the last frame drew where: mouse events are looked up in it.
    private(set) var hitMap = HitMap()
    /// How many rows the network inspector is scrolled back from the newest (the wheel).
    var inspectorScroll = 0
    private(set) var context: ScreenContext?
    private var runContext: RunContext<ShellMessage>?
    private let initialChallenge: ChallengeID?
    /// The session being recorded or replayed, if any (Docs/recording.md).
    var session: SessionTap?
    /// Each screen's number in the order screens were opened (how a recording addresses it).
    private var serials: [ObjectIdentifier: Int] = [:]
    private var screensOpened = 0
    /// The requests and mock endpoints as the last `networkActivity` found them: what the
    /// inspector and the fault panel show.
    var network = LiveNetwork()

    public convenience init(environment: AppEnvironment) {
        self.init(environment: environment, challenges: Challenge.all)
    }

    init(environment: AppEnvironment, challenges: [Challenge]) {
        self.environment = environment
        self.challengeList = challenges
        self.initialChallenge = environment.options.challenge
        inspectorModel = InspectorModel(retryPolicies: challenges.flatMap { $0.retryPolicies(environment) })
        network = LiveNetwork(environment)
    }

    /// `screen`'s number in the order screens were opened (the launcher 0); -1 when it is not on
    /// the stack.
    func serial(of screen: any Screen) -> Int { serials[ObjectIdentifier(screen)] ?? -1 }

    deinit { monitorSubscription?.cancel() }

    public var top: (any Screen)? { stack.last }

    var isShowingHelp: Bool { overlays.contains { if case .help = $0 { true } else { false } } }
    var isShowingInspector: Bool { overlays.contains { if case .inspector = $0 { true } else { false } } }
    var timeline: TimelineController? {
        for overlay in overlays { if case .timeline(let timeline) = overlay { return timeline } }
        return nil
    }
    var faultPanel: FaultPanelController? {
        for overlay in overlays { if case .faults(let panel) = overlay { return panel } }
        return nil
    }
    var pendingLeave: LeaveConfirmation? {
        for overlay in overlays { if case .leaveConfirmation(let question) = overlay { return question } }
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
        push(LauncherScreen(challenges: challengeList, open: { [unowned self] challenge in self.open(challenge) }))
        if let initialChallenge, let challenge = challengeList.first(where: { $0.id == initialChallenge }) { open(challenge) }
        // Handled on the loop's next turn, after the first frame is on screen (the launcher does
        // not wait for the store's key: Docs/performance.md).
        run.post(.firstFrameShown)
    }

    public func handle(_ key: Key, _ run: RunContext<ShellMessage>) {
        guard let context, let top else { return }
        if key == .resize {
            layOutTop()
            return
        }
        defer { afterChange() }
        if case .mouse(let event) = key {
            handle(event, run)
            return
        }
        if let overlay = overlays.last {
            switch overlay.handle(key) {
            case .handled: return
            case .close: close(overlays.removeLast()); return
            case .closeAndLeave: overlays.removeLast(); pop(); return
            case .passThrough: break
            }
        }
        // The live tools work on every screen, except while a text field takes the keys.
        if !top.capturesText {
            switch key {
            case .char("n"):
                toggleInspector()
                return
            case .char("t"):
                openTimeline()
                return
            case .char("f"):
                let endpoints = currentChallenge?.endpoints ?? EndpointName.all
                overlays.append(.faults(FaultPanelController(
                    environment: environment, endpoints: endpoints, scenarioName: faultScenario, behaviours: network.behaviours,
                    applied: { [unowned self] endpoint, behaviour in self.network.behaviours[endpoint] = behaviour })))
                return
            default:
                break
            }
        }
        if top.handle(key, context) == .handled { return }
        switch key {
        case .char("?"), .function(1):
            overlays.append(.help([top.keyGuide, ShellKeys.global.guide(for: keyContext)]))
        case .char("q"):
            if stack.count > 1 { requestLeave() } else { run.quit() }
        default:
            break
        }
    }

    public func handle(_ message: ShellMessage, _ run: RunContext<ShellMessage>) {
        switch message {
        case .toastExpired:
            if let toast, toast.isExpired(at: run.now) { self.toast = nil }
        case .animationFrame:
            break
        case .networkActivity:
            network = session?.network(after: network) ?? LiveNetwork(environment)
            faultPanel?.refresh(network.behaviours)
        case .firstFrameShown:
            if let problem = environment.storeProblem {
                toast(problem.message + " — nothing will be kept", kind: .error, duration: .seconds(6))
            }
        case .event:
            if let context { stack.forEach { $0.handle(message, context) } }
        }
        afterChange()
    }

    public func render(into canvas: inout Canvas) -> Point? {
        let now = runContext?.now ?? .zero
        let (bar, body) = canvas.bounds.divided(1, from: .bottom)
        var cursor: Point?
        // The timeline draws the screen as it was after the event it has selected.
        if let timeline, let shown = timeline.shownSequence, timeline.screen.renderPast(shown, in: body, on: &canvas) {
            cursor = nil
        } else {
            cursor = top?.render(in: body, on: &canvas, at: now)
        }
        keyBar.draw(in: bar, on: &canvas)
        var toastArea = body
        var toastDrawn = false
        for overlay in overlays {
            // The toast goes over the screen and the inspector, under anything modal.
            if overlay.isModal, !toastDrawn {
                toast?.draw(in: toastArea, on: &canvas)
                toastDrawn = true
            }
            toastArea = overlay.draw(over: toastArea, on: &canvas, inspectorRows: inspectorRows, inspectorScroll: &inspectorScroll)
            if overlay.isModal {
                cursor = nil
            } else if let point = cursor, !toastArea.contains(point) {
                cursor = nil
            }
        }
        if !toastDrawn { toast?.draw(in: toastArea, on: &canvas) }
        hitMap = canvas.hitMap
        return cursor
    }

    /// The inspector's rows now: the history the last `networkActivity` took, at the frame's time.
    var inspectorRows: [InspectorModel.Row] {
        inspectorModel.rows(network.history, now: runContext?.now ?? .zero)
    }

    // MARK: Screens

    var keyBar: KeyBar {
        if let modal = overlays.last(where: \.isModal), let bar = modal.keyBar { return bar }
        return KeyBar((top?.keyBarItems ?? []) + ShellKeys.global.barItems(for: keyContext))
    }

    /// What the global keys' declarations read now.
    var keyContext: ShellKeys.Context {
        ShellKeys.Context(onLauncher: stack.count <= 1, capturesText: top?.capturesText == true, showsInspector: isShowingInspector)
    }

    /// The challenge of the topmost screen that belongs to one (nil on the launcher).
    var currentChallenge: Challenge? {
        stack.reversed().lazy.compactMap { self.challenges[ObjectIdentifier($0)] }.first
    }

    private func close(_ overlay: Overlay) {
        if case .faults(let panel) = overlay, let name = panel.model?.scenarioName { faultScenario = name }
    }

    /// `t`: the top screen's timeline (Docs/recording.md, "The timeline"); on the launcher, or
    /// before anything happened, a word instead.
    func openTimeline() {
        guard let screen = top as? any TimelineScreen, let timeline = TimelineController(screen: screen) else {
            toast("The timeline lists a challenge's events: open one first", kind: .info)
            return
        }
        overlays.append(.timeline(timeline))
    }

    func toggleInspector() {
        inspectorScroll = 0
        if isShowingInspector {
            overlays.removeAll { if case .inspector = $0 { true } else { false } }
        } else {
            overlays.insert(.inspector, at: 0)
        }
    }

    func open(_ challenge: Challenge) {
        let screen = challenge.makeScreen(environment)
        challenges[ObjectIdentifier(screen)] = challenge
        push(screen)
    }

    func push(_ screen: any Screen) {
        serials[ObjectIdentifier(screen)] = screensOpened
        screensOpened += 1
        stack.append(screen)
        if let context { screen.appear(context) }
        afterChange()
    }

    /// Leaves the top screen, asking first if it wants.
    func requestLeave() {
        guard stack.count > 1, let top else { return }
        if let question = top.confirmLeave() {
            overlays.append(.leaveConfirmation(question))
        } else {
            pop()
        }
    }

    private func pop() {
        guard stack.count > 1 else { return }
        let screen = stack.removeLast()
        challenges[ObjectIdentifier(screen)] = nil
        serials[ObjectIdentifier(screen)] = nil
        if let context { screen.disappear(context) }
        afterChange()
    }

    func toast(_ message: String, kind: Toast.Kind, duration: Duration = .seconds(3)) {
        guard let run = runContext else { return }
        let toast = Toast(message, kind: kind, now: run.now, duration: duration)
        self.toast = toast
        run.schedule("shell.toast", at: toast.deadline, .toastExpired)
    }

    /// Keeps the animation timer running exactly while something moves: the top screen, or a
    /// request in flight while the inspector shows its elapsed time.
    /// The screen's area: the terminal less the key bar (overlays draw over the screen).
    static func screenArea(_ size: Size) -> Rect {
        Rect(origin: .zero, size: size).divided(1, from: .bottom).remainder
    }

    /// Tells the top screen its area before the next frame (Docs/architecture.md, "Drawing draws").
    private func layOutTop() {
        guard let run = runContext, let context, let top else { return }
        top.layout(Self.screenArea(run.terminalSize), context)
    }

    private func afterChange() {
        guard let run = runContext else { return }
        layOutTop()
        let inspectorMoves = isShowingInspector && network.history.contains { $0.isPending }
        if top?.isAnimating == true || inspectorMoves {
            if !run.isScheduled("shell.animation") {
                run.schedule("shell.animation", after: Spinner().interval, .animationFrame)
            }
        } else {
            run.cancel("shell.animation")
        }
    }
}
