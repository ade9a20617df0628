import AppShell
import Core
import Navigation
import TUI

/// The navigation flow (A → B1/B2/B3 → C1/C2 → D) as a `Feature`: the domain's
/// `NavigationState` decides everything; keys become its events (`NavigationKeys`), its effects
/// run on `NavigationRuntime`, and `NavigationFlowView` draws it. See Docs/navigation.md.
package struct NavigationFeature: Feature {
    package typealias Event = NavigationEvent
    package typealias Effect = NavigationEffect
    package typealias Target = NavigationTarget

    package private(set) var state: NavigationState
    package let runtime: NavigationRuntime
    /// The backend's line, read at each frame: the fault panel may change the scenario.
    private let backend: () -> String
    /// When the current C appeared, on the loop's time: C's "on to D in N s" countdown.
    /// View state only; the reducer keeps its own 3-second timer.
    package private(set) var cEnteredAt: Duration?

    package init(environment: AppEnvironment) {
        state = NavigationState(loginPolicy: environment.configuration[NavigationSettings.loginRetry])
        runtime = NavigationRuntime(api: environment.navigationAPI, time: environment.time, store: environment.store)
        backend = { environment.backendDescription }
    }

    package static var appeared: NavigationEvent { .start }
    /// Leaving cancels everything in flight: requests, retries, C's timer.
    package static var left: NavigationEvent { .leave }

    package mutating func reduce(_ event: NavigationEvent, at now: Duration) -> [NavigationEffect] {
        let before = (screen: state.screen, loading: state.isLoadingProgress)
        let effects = state.reduce(event)
        // C's 3 s start afresh whenever C is entered or resumed.
        if state.screen.isC, !state.isLoadingProgress, before.screen != state.screen || before.loading {
            cEnteredAt = now
        }
        return effects
    }

    package var perform: EffectRunner<NavigationEffect, NavigationEvent>.Perform { runtime.perform }

    package func command(for mouse: MouseEvent, on target: NavigationTarget) -> FeatureCommand<NavigationEvent>? {
        NavigationKeys.events(for: mouse, on: target, in: state).map(FeatureCommand.sendAll)
    }

    package var keyMap: KeyMap<NavigationFeature, FeatureCommand<NavigationEvent>> { Self.keys }
    private static let keys = NavigationKeys.keyMap.pullback { (feature: NavigationFeature) in feature.state }.map(FeatureCommand.send)

    package var isAnimating: Bool { view(at: .zero).isAnimating }

    /// What the flow waits for: the stored progress, the sign-in (and its next try), the
    /// experiment, the submit, C's 3 s.
    package func activity(at now: Duration) -> String? {
        if state.isLoadingProgress { return "the stored progress" }
        var parts: [String] = []
        switch state.login {
        case .signingIn(let attempt): parts.append(attempt == 1 ? "signing in" : "signing in (attempt \(attempt))")
        case .failed(let attempt, _, _, _):
            parts.append("signing in: attempt \(attempt) failed, next try in \(state.login.secondsUntilRetry(now: now) ?? 0) s")
        case .idle, .signedIn, .gaveUp: break
        }
        if state.screen == .a, state.isFetchingExperiments { parts.append("the experiment (rFetchExperiments)") }
        if state.submitting != nil { parts.append("your choice to be submitted (rSubmitSelection)") }
        if state.screen.isC, !state.cMinimumElapsed, let cEnteredAt {
            let left = max(1, (NavigationState.cMinimumDuration - (now - cEnteredAt)).secondsRoundedUp)
            parts.append("C's 3 s, \(left) s left")
        } else if state.screen.isC, !state.login.isSignedIn, !state.login.hasGivenUp {
            parts.append("the sign-in, then D")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    package func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        view(at: now).draw(in: area, on: &canvas)
        return nil
    }

    /// Countdowns are measured at the frame's time, on the one time source the domain's events
    /// are stamped with too.
    private func view(at now: Duration) -> NavigationFlowView {
        NavigationFlowView(state: state, now: now, cEnteredAt: cEnteredAt, backend: backend())
    }
}
