import Core
import TUI

/// What changes the shell's value (`ShellState.reduce`): keys, screens pushed and left, the
/// overlays and the inspector, the words it shows and the time they go, and the answers the
/// runner brings back for what the reducer asked (the fault panel's reads of the mock).
package enum ShellEvent: Equatable, Sendable {
    /// A key, with what the reducer needs to know of the screen on top (`ShellKeyFacts`).
    case key(Key, ShellKeyFacts)
    /// A global key the top screen had no use for (`ShellEffect.toScreen`'s `otherwise`).
    case command(ShellKeys.Command, ShellKeyFacts)
    /// A screen was pushed: the launcher (nil), or a challenge's.
    case pushed(ChallengeID?)
    /// A toast for the screen on top (a feature's `FeatureRequest.toast`, the shell's own words).
    case toast(String, Toast.Kind)
    /// The first frame is on screen; `storeProblem`: why nothing this run does will be kept, if so.
    case firstFrameShown(storeProblem: String?)
    /// A toast's or the notice's timer fired.
    case toastExpired
    /// Whether something moves now (the top screen animates, or a request in flight shows its
    /// elapsed time in the inspector): the animation timer runs exactly while it does.
    case moving(Bool)
    /// The animation timer fired (it runs again if something still moves).
    case animationFrame
    /// `n`: opens the network inspector with the keys; gives them back to it when the screen
    /// has them; hides it when it has them.
    case pressedN
    /// A click on the inspector's hide button.
    case inspectorHidden
    /// The inspector takes the keys (a click on its history) or gives them to the screen (a
    /// click or a wheel step over the screen).
    case inspectorFocused(Bool)
    /// A wheel step over the inspector scrolls its list by this many rows (back is positive).
    case inspectorScrolled(by: Int)
    /// Its area holds `visibleRows` rows and `rowCount` requests pass its filter.
    case inspectorLaidOut(visibleRows: Int, rowCount: Int)
    /// The fault panel as the mock stands (`ShellEffect.openFaultPanel`'s answer).
    case faultPanelOpened(FaultPanelState)
    /// A click on one of the fault panel's rows or outcomes.
    case faultPanelClicked(FaultPanel.Target)
    /// The scenario `s` asked for (`ShellEffect.loadScenario`), and what it sets each of the
    /// challenges' own rows to, by title.
    case scenarioLoaded(Scenario, choiceValues: [String: String])
    /// It could not be loaded: why.
    case scenarioFailed(String)
    /// The endpoints' behaviours as the mock has them now (a `failNext` counts down as requests
    /// come): the fault panel shows what is left.
    case mockChanged([EndpointName: EndpointBehaviour])
    /// A click on the timeline's row of event `sequence`, `rows` the top screen's events.
    case timelineClicked(sequence: Int, rows: [TimelineRow])
}
