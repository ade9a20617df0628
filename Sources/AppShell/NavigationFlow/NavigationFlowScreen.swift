import Core
import Navigation
import TUI

/// The navigation flow (A → B1/B2/B3 → C1/C2 → D) as one screen on the shell's stack. Its
/// `NavigationState` decides what is drawn; keys become events (`NavigationKeys`), the reducer
/// returns effects, and the `EffectRunner` performs them with the runtime, posting the results
/// back through the shell as `.navigation(event)`.
final class NavigationFlowScreen: Screen {
    private(set) var state: NavigationState
    let runtime: NavigationRuntime
    /// Addresses this screen's events: a later screen of the same challenge gets none of them.
    let token = ScreenToken()
    private var runner: EffectRunner<NavigationEffect, NavigationEvent>?
    private let backend: String
    /// When the current C appeared, on the runtime's clock: C's "on to D in N s" countdown.
    /// View state only; the reducer keeps its own 3-second timer.
    private var cEnteredAt: Duration?

    init(environment: AppEnvironment) {
        state = NavigationState(loginPolicy: environment.configuration.retry.login)
        runtime = NavigationRuntime(api: environment.navigationAPI, clock: environment.clock, store: environment.store)
        backend = environment.backendDescription
    }

    /// Whether effects are still running (tests wait for the last progress write with it).
    var isIdle: Bool { runner?.isIdle ?? true }

    // MARK: Screen

    var keyBarItems: [KeyBar.Item] { NavigationKeys.items(for: state) }

    var isAnimating: Bool { view.isAnimating }

    func appear(_ context: ScreenContext) {
        let poster = context.poster
        runner = EffectRunner(perform: runtime.perform, send: { [token] event in poster.post(.navigation(event, to: token)) })
        send(.start)
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        guard let event = NavigationKeys.event(for: key, in: state) else { return .ignored }
        send(event)
        return .handled
    }

    func handle(_ message: ShellMessage, _ context: ScreenContext) {
        guard case .navigation(let event, let receiver) = message, receiver == token else { return }
        send(event)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: ContinuousClock.Instant) -> Point? {
        view.draw(in: rect, on: &canvas)
        return nil
    }

    /// Leaving the flow cancels everything in flight: requests, retries, C's timer.
    func disappear() {
        send(.leave)
        runner?.cancelAll()
        runner = nil
    }

    // MARK: State

    private var view: NavigationFlowView {
        NavigationFlowView(state: state, now: runtime.now, cEnteredAt: cEnteredAt, backend: backend)
    }

    private func send(_ event: NavigationEvent) {
        let before = (screen: state.screen, loading: state.isLoadingProgress)
        let effects = state.reduce(event)
        // C's 3 s start afresh whenever C is entered or resumed.
        if state.screen.isC, !state.isLoadingProgress, before.screen != state.screen || before.loading {
            cEnteredAt = runtime.now
        }
        runner?.run(effects)
    }
}
