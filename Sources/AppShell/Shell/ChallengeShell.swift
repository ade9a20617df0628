import TUI

/// The app the event loop runs: a stack of screens (the launcher at the bottom), the help
/// overlay, a leave confirmation, and a toast. It routes keys — the top screen first, then the
/// shell's own keys — and draws the top screen with the key bar under it.
public final class ChallengeShell: TerminalApp {
    public typealias Message = ShellMessage

    public let environment: AppEnvironment
    /// Makes a challenge's screen (nil when the challenge can't be opened).
    let makeScreen: (ChallengeID) -> (any Screen)?
    private(set) var stack: [any Screen] = []
    private(set) var isShowingHelp = false
    private(set) var pendingLeave: LeaveConfirmation?
    private(set) var toast: Toast?
    private var context: ScreenContext?
    private var runContext: RunContext<ShellMessage>?
    private let initialChallenge: ChallengeID?

    public init(environment: AppEnvironment, makeScreen: @escaping (ChallengeID) -> (any Screen)?) {
        self.environment = environment
        self.makeScreen = makeScreen
        self.initialChallenge = environment.options.challenge
    }

    public var top: (any Screen)? { stack.last }

    // MARK: TerminalApp

    public func start(_ run: RunContext<ShellMessage>) {
        runContext = run
        let context = ScreenContext(run: run, shell: self)
        self.context = context
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
            case .char("y"), .char("Y"), .enter: pendingLeave = nil; pop()
            case .char("n"), .char("N"), .escape, .char("q"): pendingLeave = nil
            default: break
            }
            return
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
        toast?.draw(in: body, on: &canvas)
        if isShowingHelp {
            HelpOverlay.draw(over: body, on: &canvas)
            cursor = nil
        } else if let pendingLeave {
            Modal(title: pendingLeave.title, body: pendingLeave.question, buttons: ["Yes (y)", "No (n)"], focusedButton: 1)
                .draw(over: body, on: &canvas)
            cursor = nil
        }
        return cursor
    }

    // MARK: Screens

    var keyBar: KeyBar {
        if isShowingHelp { return KeyBar([("Esc", "close help")]) }
        if pendingLeave != nil { return KeyBar([("y", "yes"), ("n", "no")]) }
        var items = top?.keyBarItems ?? []
        if top?.capturesText != true {
            items.append(KeyBar.Item("?", "help"))
            items.append(KeyBar.Item("q", stack.count > 1 ? "leave" : "quit"))
        }
        return KeyBar(items)
    }

    func open(_ id: ChallengeID) {
        guard let screen = makeScreen(id) else {
            toast("\(id.title) is not available yet", kind: .error)
            return
        }
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
        stack.removeLast().disappear()
        afterChange()
    }

    func toast(_ message: String, kind: Toast.Kind, duration: Duration = .seconds(3)) {
        guard let run = runContext else { return }
        let toast = Toast(message, kind: kind, now: run.now, duration: duration)
        self.toast = toast
        run.schedule("shell.toast", at: toast.deadline, .toastExpired)
    }

    /// Keeps the animation timer running exactly while the top screen animates.
    private func afterChange() {
        guard let run = runContext else { return }
        if top?.isAnimating == true {
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
