import Core
import TUI

/// The fault panel (`f`) as a value: its model and what it draws with. Its keys and clicks
/// edit the model and return the changes for the shell to make to the mock backend
/// (`ShellEffect.changeMock`), so the panel holds no backend and is tested without one. With the
/// HTTP backend there is nothing to change: the panel explains how to start `challenge-server`
/// with faults instead. See Docs/live-tools.md.
package struct FaultPanelState: Equatable, Sendable {
    /// Nil with the HTTP backend.
    package var model: FaultPanelModel?
    /// The HTTP backend's server, named in its explanation.
    package let server: String
    /// What the HTTP backend's explanation lists (`Challenge.serverFaults`).
    package let serverFaults: [String]

    package init(model: FaultPanelModel?, server: String, serverFaults: [String]) {
        self.model = model
        self.server = server
        self.serverFaults = serverFaults
    }

    /// What a key or a click asks of the shell.
    package enum Outcome: Equatable, Sendable {
        /// Close the panel.
        case close
        /// Make these changes to the mock (none: only the panel changed).
        case change([FaultChange])
        /// `s`: load the scenario of this name (then `ShellEvent.scenarioLoaded` or
        /// `.scenarioFailed`).
        case load(String)
    }

    /// The panel's keys, declared once (its key bar, help's list, Docs/live-tools.md); with the
    /// HTTP backend only closing it works. What each does is `handle(_:)`'s.
    package static let keyMap = KeyMap<FaultPanelState, Never>("Fault panel", [
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
    package static let close = KeyBinding<FaultPanelState, Never>(
        [.char("f"), .escape, .char("q"), .enter], bar: "f", label: "close", help: "close the panel", importance: .essential)

    /// Whether there is a mock to change (not with the HTTP backend).
    package var isLive: Bool { model != nil }

    /// Applies `key`.
    package mutating func handle(_ key: Key) -> Outcome {
        if Self.close.handles(key, in: self) { return .close }
        guard var model else { return .change([]) }
        defer { self.model = model }
        switch key {
        case .up, .char("k"): model.move(by: -1)
        case .down, .char("j"): model.move(by: 1)
        case .left, .char("h"): return .change(model.cycleOutcome(by: -1).map { [$0] } ?? [])
        case .right, .char("l"), .char(" "): return .change(model.cycleOutcome(by: 1).map { [$0] } ?? [])
        case .char("+"), .char("="): return .change(model.changeDelay(by: 1).map { [$0] } ?? [])
        case .char("-"), .char("_"): return .change(model.changeDelay(by: -1).map { [$0] } ?? [])
        case .char("s"): if let name = model.pickNextScenario() { return .load(name) }
        default: break
        }
        return .change([])
    }

    /// A click on a row selects it; a click on its outcome also cycles it, as → does.
    package mutating func handle(_ target: FaultPanel.Target) -> [FaultChange] {
        guard var model else { return [] }
        defer { self.model = model }
        switch target {
        case .row(let index):
            model.select(index)
            return []
        case .outcome(let index):
            model.select(index)
            return model.cycleOutcome(by: 1).map { [$0] } ?? []
        }
    }

    package var keyBar: KeyBar { KeyBar(Self.keyMap.barItems(for: self)) }

    package var panel: FaultPanel { FaultPanel(model: model, server: server, serverFaults: serverFaults) }
}
