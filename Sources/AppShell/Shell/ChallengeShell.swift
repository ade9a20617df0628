import Core
import TUI

/// The app the event loop runs: a stack of screens (the launcher at the bottom), the help
/// overlay, a leave confirmation, a toast, and the live tools (the network inspector `n` and
/// the fault panel `f`). It routes keys — the live tools' keys first (unless a text field has
/// focus), then the top screen, then `?` and `q` — and draws the top screen with the key bar
/// under it.
public final class ChallengeShell: TerminalApp {
    public typealias Message = ShellMessage

    public let environment: AppEnvironment
    /// Makes a challenge's screen (nil when the challenge can't be opened).
    let makeScreen: (ChallengeID) -> (any Screen)?
    private(set) var stack: [any Screen] = []
    private(set) var isShowingHelp = false
    private(set) var pendingLeave: LeaveConfirmation?
    private(set) var toast: Toast?
    /// The network inspector (`n`) is open.
    private(set) var isShowingInspector = false
    /// The fault panel (`f`) is open: its model with the mock backend, `nil` with HTTP.
    private(set) var isShowingFaults = false
    private(set) var faults: FaultPanelModel?
    /// Which challenge each screen on the stack belongs to (the fault panel lists its endpoints).
    private var challenges: [ObjectIdentifier: ChallengeID] = [:]
    private var monitorSubscription: NetworkMonitor.Subscription?
    /// Formats the inspector's rows; the shell fills in the retry policies of the backend.
    var inspectorModel: InspectorModel
    private var context: ScreenContext?
    private var runContext: RunContext<ShellMessage>?
    private let initialChallenge: ChallengeID?

    public init(environment: AppEnvironment, makeScreen: @escaping (ChallengeID) -> (any Screen)?) {
        self.environment = environment
        self.makeScreen = makeScreen
        self.initialChallenge = environment.options.challenge
        let articlesPath = switch environment.options.backend {
        case .mock: "/articles"
        case .http: environment.configuration.resolvedArticlesURL.path
        }
        inspectorModel = InspectorModel(retryPolicies: [
            ("/rLogin", environment.configuration.retry.login), (articlesPath, environment.configuration.retry.articles),
        ])
    }

    deinit { monitorSubscription?.cancel() }

    public var top: (any Screen)? { stack.last }

    // MARK: TerminalApp

    public func start(_ run: RunContext<ShellMessage>) {
        runContext = run
        let context = ScreenContext(run: run, shell: self)
        self.context = context
        // Every request (mock or HTTP) that begins or ends redraws the live tools.
        let poster = run.poster
        monitorSubscription = environment.monitor.subscribe { _ in poster.post(.networkActivity) }
        push(LauncherScreen(open: { [unowned self] id in self.open(id) }))
        if let problem = environment.storeProblem {
            toast(problem.message + " — nothing will be kept", kind: .error, duration: .seconds(6))
        }
        if let initialChallenge { open(initialChallenge) }
    }

    public func handle(_ key: Key, _ run: RunContext<ShellMessage>) {
        guard let context, let top else { return }
        if key == .resize { return }
        if isShowingHelp {
            if [.escape, .enter, .char("?"), .char("q"), .left, .backspace].contains(key) { isShowingHelp = false }
            return
        }
        if pendingLeave != nil {
            switch key {
            // Enter presses the focused button, which is "No": losing edits takes a deliberate y.
            case .char("y"), .char("Y"): pendingLeave = nil; pop()
            case .char("n"), .char("N"), .escape, .char("q"), .enter: pendingLeave = nil
            default: break
            }
            return
        }
        if isShowingFaults {
            handleFaultPanel(key)
            afterChange()
            return
        }
        // The live tools work on every screen, except while a text field takes the keys.
        if !top.capturesText {
            switch key {
            case .char("n"):
                isShowingInspector.toggle()
                afterChange()
                return
            case .char("f"):
                openFaultPanel()
                afterChange()
                return
            default:
                break
            }
        }
        if top.handle(key, context) == .handled {
            afterChange()
            return
        }
        switch key {
        case .char("?"), .function(1):
            isShowingHelp = true
        case .char("q"):
            if stack.count > 1 { requestLeave() } else { run.quit() }
        default:
            break
        }
        afterChange()
    }

    public func handle(_ message: ShellMessage, _ run: RunContext<ShellMessage>) {
        switch message {
        case .toastExpired:
            if let toast, toast.isExpired(at: run.now) { self.toast = nil }
        case .animationFrame:
            break
        case .networkActivity:
            refreshFaults()
        default:
            if let context { stack.forEach { $0.handle(message, context) } }
        }
        afterChange()
    }

    public func render(into canvas: inout Canvas) -> Point? {
        let now = runContext?.now ?? .now
        let (bar, body) = canvas.bounds.divided(1, from: .bottom)
        var cursor = top?.render(in: body, on: &canvas, at: now)
        keyBar.draw(in: bar, on: &canvas)
        var toastArea = body
        if isShowingInspector {
            let panel = InspectorPanel.frame(in: body)
            InspectorPanel(rows: inspectorRows).draw(in: body, on: &canvas)
            toastArea = body.divided(panel.height, from: .bottom).remainder
            if let point = cursor, panel.contains(point) { cursor = nil }
        }
        toast?.draw(in: toastArea, on: &canvas)
        if isShowingHelp {
            HelpOverlay.draw(over: body, on: &canvas)
            cursor = nil
        } else if let pendingLeave {
            Modal(title: pendingLeave.title, body: pendingLeave.question, buttons: ["Yes (y)", "No (n)"], focusedButton: 1)
                .draw(over: body, on: &canvas)
            cursor = nil
        } else if isShowingFaults {
            if let faults {
                FaultPanel.draw(faults, over: body, on: &canvas)
            } else {
                FaultPanel.drawHTTPExplanation(
                    server: environment.configuration.serverURL.absoluteString, over: body, on: &canvas)
            }
            cursor = nil
        }
        return cursor
    }

    /// The inspector's rows now: the monitor's history at the monitor's time.
    var inspectorRows: [InspectorModel.Row] {
        inspectorModel.rows(environment.monitor.history, now: environment.monitor.now)
    }

    // MARK: Screens

    var keyBar: KeyBar {
        if isShowingHelp { return KeyBar([("Esc", "close help")]) }
        if pendingLeave != nil { return KeyBar([("y", "yes"), ("n", "no")]) }
        if isShowingFaults {
            if faults == nil { return KeyBar([("f", "close")]) }
            return KeyBar([("↑↓", "choose"), ("←→", "outcome"), ("+-", "delay"), ("s", "scenario"), ("f", "close")])
        }
        var items = top?.keyBarItems ?? []
        if top?.capturesText != true {
            items.append(KeyBar.Item("?", "help"))
            items.append(KeyBar.Item("q", stack.count > 1 ? "leave" : "quit"))
            // Last: shown when there is room (the help lists them anyway).
            items.append(KeyBar.Item("n", isShowingInspector ? "hide network" : "network"))
            items.append(KeyBar.Item("f", "faults"))
        }
        return KeyBar(items)
    }

    // MARK: Live tools

    /// The challenge of the topmost screen that belongs to one (nil on the launcher).
    var currentChallenge: ChallengeID? {
        stack.reversed().lazy.compactMap { self.challenges[ObjectIdentifier($0)] }.first
    }

    private func openFaultPanel() {
        isShowingFaults = true
        guard environment.options.backend == .mock else {
            faults = nil
            return
        }
        let endpoints = currentChallenge?.endpoints ?? EndpointName.all
        let experiment = environment.mockNavigationAPI.map { FaultPanelModel.ExperimentChoice($0.experimentSource) } ?? .random
        faults = FaultPanelModel(
            endpoints: endpoints, behaviours: liveBehaviours, experiment: experiment,
            scenarioNames: environment.scenarioLibrary.names(), scenarioName: faults?.scenarioName ?? environment.scenario.name)
    }

    private func handleFaultPanel(_ key: Key) {
        guard var model = faults else {
            if [.char("f"), .escape, .char("q"), .enter].contains(key) { isShowingFaults = false }
            return
        }
        switch key {
        case .char("f"), .escape, .char("q"), .enter:
            isShowingFaults = false
        case .up, .char("k"):
            model.move(by: -1)
        case .down, .char("j"):
            model.move(by: 1)
        case .left, .char("h"):
            model.cycleOutcome(by: -1).map(apply)
        case .right, .char("l"), .char(" "):
            model.cycleOutcome(by: 1).map(apply)
        case .char("+"), .char("="):
            model.changeDelay(by: 1).map(apply)
        case .char("-"), .char("_"):
            model.changeDelay(by: -1).map(apply)
        case .char("s"):
            if let name = model.pickNextScenario() {
                do {
                    model.apply(try environment.scenarioLibrary.load(name)).forEach(apply)
                } catch {
                    model.failed(error.message)
                }
            }
        default:
            break
        }
        faults = model
    }

    /// Makes a fault panel change real: the endpoints are shared with the mock APIs.
    private func apply(_ change: FaultChange) {
        switch change {
        case .behaviour(let endpoint, let behaviour):
            environment.mockEndpoint(endpoint).behaviour = behaviour
        case .experiment(let source):
            environment.mockNavigationAPI?.experimentSource = source
        }
    }

    private var liveBehaviours: [EndpointName: EndpointBehaviour] {
        environment.mockEndpoints.mapValues(\.behaviour)
    }

    /// A request may have used up a step of a `failNext`: show what is left.
    private func refreshFaults() {
        guard isShowingFaults, faults != nil else { return }
        faults?.refresh(liveBehaviours)
    }

    func open(_ id: ChallengeID) {
        guard let screen = makeScreen(id) else {
            toast("\(id.title) is not available yet", kind: .error)
            return
        }
        challenges[ObjectIdentifier(screen)] = id
        push(screen)
    }

    func push(_ screen: any Screen) {
        stack.append(screen)
        if let context { screen.appear(context) }
        afterChange()
    }

    /// Leaves the top screen, asking first if it wants.
    func requestLeave() {
        guard stack.count > 1, let top else { return }
        if let question = top.confirmLeave() {
            pendingLeave = question
        } else {
            pop()
        }
    }

    private func pop() {
        guard stack.count > 1 else { return }
        let screen = stack.removeLast()
        challenges[ObjectIdentifier(screen)] = nil
        screen.disappear()
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
    private func afterChange() {
        guard let run = runContext else { return }
        let inspectorMoves = isShowingInspector && environment.monitor.history.contains { $0.isPending }
        if top?.isAnimating == true || inspectorMoves {
            if !run.isScheduled("shell.animation") {
                run.schedule("shell.animation", after: Spinner().interval, .animationFrame)
            }
        } else {
            run.cancel("shell.animation")
        }
    }
}

extension ChallengeID {
    public var title: String {
        switch self {
        case .navigation: "Navigation flow"
        case .articles: "Articles"
        case .profile: "Profile"
        }
    }

    public var summary: String {
        switch self {
        case .navigation: "Screens A → B → C → D driven by slow, failing requests; login retries live"
        case .articles: "Sync with retry, encrypted offline cache, list and detail"
        case .profile: "Load, edit names, change password; every server error handled"
        }
    }
}
