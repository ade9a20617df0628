import Core
/// What the fault panel keeps from one opening to the next: the scenario applied last, and the
/// row chosen last in each place it opens on (a challenge, or the launcher), so `f` then `←`
/// changes the row the user left it on (Docs/live-tools.md).
package struct FaultPanelMemory {
    private var scenario: String?
    private var rows: [ChallengeID?: FaultPanelModel.Row] = [:]

    /// The panel for `challenge`'s screen (nil: the launcher, which lists every challenge).
    /// `behaviours`: the endpoints as the shell last took them; `applied`: told of every
    /// behaviour the panel sets (see `FaultPanelController`).
    func open(
        _ environment: AppEnvironment, on challenge: Challenge?, behaviours: [EndpointName: EndpointBehaviour]? = nil,
        applied: @escaping (EndpointName, EndpointBehaviour) -> Void = { _, _ in }
    ) -> FaultPanelController {
        FaultPanelController(
            environment: environment, challenges: challenge.map { [$0] } ?? environment.challenges, scenarioName: scenario,
            selecting: rows[challenge?.id], behaviours: behaviours, applied: applied)
    }

    /// Keeps what `panel` ends with.
    package mutating func close(_ panel: FaultPanelController, on challenge: Challenge?) {
        guard let model = panel.model else { return }
        scenario = model.scenarioName
        rows[challenge?.id] = model.selectedRow
    }
}
