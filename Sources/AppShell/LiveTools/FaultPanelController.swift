import Core
import TUI

/// The fault panel (`f`) at work: its model, the keys that edit it, and the changes it makes to
/// the mock backend (the endpoints' behaviours are live, so the next request obeys them). With
/// the HTTP backend there is nothing to change: the panel explains how to start
/// `challenge-server` with faults instead. See Docs/live-tools.md.
package final class FaultPanelController {
    private let environment: AppEnvironment
    /// Nil with the HTTP backend.
    package private(set) var model: FaultPanelModel?
    /// The challenges' own rows, by title (every challenge's: a scenario sets them all).
    private let choices: [String: FaultChoice]
    /// What the HTTP backend's explanation lists.
    private let serverFaults: [String]
    /// Told of every behaviour the panel sets, so the shell shows it (`ChallengeShell.network`).
    private let applied: (EndpointName, EndpointBehaviour) -> Void

    /// - Parameters:
    ///   - challenges: whose rows to list: the challenge on screen (every one on the launcher).
    ///   - scenarioName: the scenario applied last (kept from one opening of the panel to the next).
    ///   - row: the row to start on, when it is listed (the one chosen at the last closing).
    ///   - behaviours: the endpoints as the shell last took them (nil: read them now).
    ///   - applied: told of every behaviour the panel sets.
    package init(
        environment: AppEnvironment, challenges: [Challenge], scenarioName: String?, selecting row: FaultPanelModel.Row? = nil,
        behaviours: [EndpointName: EndpointBehaviour]? = nil, applied: @escaping (EndpointName, EndpointBehaviour) -> Void = { _, _ in }
    ) {
        self.environment = environment
        self.applied = applied
        choices = Dictionary(environment.challenges.flatMap(\.faultChoices).map { ($0.title, $0) }) { first, _ in first }
        serverFaults = challenges.flatMap(\.serverFaults)
        guard environment.options.backend == .mock else { return }
        model = FaultPanelModel(
            challenges: challenges, behaviours: behaviours ?? Self.liveBehaviours(environment),
            choiceValues: choices.mapValues { $0.current(environment) }, scenarioNames: environment.scenarioLibrary.names(),
            scenarioName: scenarioName ?? environment.scenario.name, selecting: row)
    }

    /// The panel's keys, declared once (its key bar, help's list, Docs/live-tools.md); with the
    /// HTTP backend only closing it works. What each does is `handle(_:)`'s.
    package static let keyMap = KeyMap<FaultPanelController, Never>("Fault panel", [
        KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "choose", help: "choose an endpoint", when: { $0.isLive }),
        KeyBinding(
            [.left, .right, .char("h"), .char("l"), .char(" ")], bar: "←→", label: "outcome",
            help: "cycle its outcome (Space as →)", when: { $0.isLive }),
        KeyBinding(
            [.char("+"), .char("-"), .char("="), .char("_")], bar: "+-", label: "delay", help: "longer / shorter delay",
            when: { $0.isLive }),
        KeyBinding(
            [.char("s")], bar: "s", label: "scenario", help: "next scenario, applied to every endpoint", when: { $0.isLive }),
        close,
    ])
    package static let close = KeyBinding<FaultPanelController, Never>(
        [.char("f"), .escape, .char("q"), .enter], bar: "f", label: "close", help: "close the panel", importance: .essential)

    /// Whether there is a mock to change (not with the HTTP backend).
    package var isLive: Bool { model != nil }

    /// Applies `key`; returns false when it closes the panel.
    package func handle(_ key: Key) -> Bool {
        if Self.close.handles(key, in: self) { return false }
        guard var model else { return true }
        switch key {
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
                    let scenario = try environment.scenarioLibrary.load(name)
                    model.apply(scenario, choiceValues: choices.mapValues { $0.inScenario(scenario) }).forEach(apply)
                    environment.scenarioInUse = scenario.name
                } catch {
                    model.failed(error.message)
                }
            }
        default:
            break
        }
        self.model = model
        return true
    }

    /// A click on a row selects it; a click on its outcome also cycles it, as → does.
    package func handle(_ target: FaultPanel.Target) {
        guard var model else { return }
        switch target {
        case .row(let index):
            model.select(index)
        case .outcome(let index):
            model.select(index)
            model.cycleOutcome(by: 1).map(apply)
        }
        self.model = model
    }

    /// A request may have used up a step of a `failNext`: show what is left (`behaviours`: the
    /// endpoints as the shell took them; nil: read them now).
    package func refresh(_ behaviours: [EndpointName: EndpointBehaviour]? = nil) {
        model?.refresh(behaviours ?? Self.liveBehaviours(environment))
    }

    package var keyBar: KeyBar { KeyBar(Self.keyMap.barItems(for: self)) }

    package var panel: FaultPanel {
        FaultPanel(model: model, server: environment.configuration.serverURL.absoluteString, serverFaults: serverFaults)
    }

    /// Makes a change real: the endpoints are shared with the mock APIs.
    private func apply(_ change: FaultChange) {
        switch change {
        case .behaviour(let endpoint, let behaviour):
            environment.mockEndpoint(endpoint).behaviour = behaviour
            applied(endpoint, behaviour)
        case .choice(let title, let value):
            choices[title]?.apply(environment, value)
        }
    }

    private static func liveBehaviours(_ environment: AppEnvironment) -> [EndpointName: EndpointBehaviour] {
        environment.mockEndpoints.mapValues(\.behaviour)
    }
}
