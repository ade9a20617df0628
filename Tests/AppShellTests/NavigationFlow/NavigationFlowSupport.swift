@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import TUI

/// Mock backends for the flow's tests: each endpoint answers at once and succeeds unless told
/// otherwise; delays are on the harness's manual clock.
enum FlowScenario {
    static let name = "test"

    static func make(
        _ experiment: Experiment?, login: EndpointBehaviour = .instant, fetch: EndpointBehaviour = .instant,
        submit: EndpointBehaviour = .instant
    ) -> Scenario {
        var scenario = Scenario(
            name: name, description: "navigation flow test", defaults: .instant,
            endpoints: [.rLogin: login, .rFetchExperiments: fetch, .rSubmitSelection: submit])
        scenario[NavigationSettings.experiment] = experiment
        return scenario
    }
}

extension EndpointBehaviour {
    /// Answers after exactly `seconds` on the manual clock.
    static func after(_ seconds: Double, _ outcomes: OutcomePattern = .alwaysSucceed) -> EndpointBehaviour {
        EndpointBehaviour(delay: seconds...seconds, outcomes: outcomes)
    }

    /// Answers at once with `outcomes`.
    static func now(_ outcomes: OutcomePattern) -> EndpointBehaviour {
        EndpointBehaviour(delay: 0...0, outcomes: outcomes)
    }

    static let failing = EndpointBehaviour.now(.alwaysFail(.status(500)))
}

extension ShellHarness {
    /// The app launched straight into the flow, as `challenge-tui --challenge navigation` does.
    static func navigation(
        _ scenario: Scenario, size: Size = Size(width: 80, height: 24), store: any RecordStore = InMemoryRecordStore(),
        configuration: AppConfiguration = .defaults
    ) throws -> ShellHarness {
        var options = LaunchOptions()
        options.challenge = .navigation
        return try ShellHarness(
            options: options, scenario: scenario, size: size, store: store, configuration: configuration)
    }

    /// The flow on top of the stack (its feature value: state and view state).
    var flow: NavigationFeature? { (shell.top as? FeatureHost<NavigationFeature>)?.feature }

    /// The flow's state (a failed expectation when the flow is not on top).
    var flowState: NavigationState {
        get throws {
            guard let flow else { throw HarnessFailure(description: "the navigation flow is not open:\n\(screen)") }
            return flow.state
        }
    }

    /// Waits until the flow shows `screen` (its stored progress loaded).
    @discardableResult
    func waitForScreen(_ screen: FlowScreen) async throws -> [String] {
        try await settle(until: "screen \(screen.rawValue)") { app in
            guard let state = app.flow?.state else { return false }
            return state.screen == screen && !state.isLoadingProgress && app.contains(screen.title)
        }
    }

    /// Requires `count` tasks asleep on the clock once everything due now has run, so
    /// advancing it is not a race with a timer or a request that has not started sleeping yet.
    func waitForSleepers(_ count: Int) async throws {
        try sleepers(atLeast: count)
    }

    /// The mock backend the flow talks to (to change an endpoint while running).
    var mockNavigationAPI: MockNavigationAPI? { environment.navigationAPI as? MockNavigationAPI }

    func background(at point: Point) -> RGB? { terminal.canvas.style(at: point).background }
}

/// The diagram's colours, spelled as the challenge spells them.
enum DiagramColour {
    static func of(_ screen: FlowScreen) -> RGB? {
        switch screen {
        case .a: RGB(hex: "#97D077")
        case .b1: RGB(hex: "#FFFFCC")
        case .b2: RGB(hex: "#FFFF66")
        case .b3: RGB(hex: "#CCCC00")
        case .c1: RGB(hex: "#FFCCFF")
        case .c2: RGB(hex: "#FF33FF")
        case .d: RGB(hex: "#D4E1F5")
        }
    }
}
