import Core

/// What the fault panel keeps from one opening to the next: the row chosen last in each place it
/// opens on (a challenge, or the launcher), so `f` then `←` changes the row the user left it on
/// (Docs/live-tools.md). The scenario applied last is the mock's (`MockBackend.scenarioName`).
package struct FaultPanelMemory: Equatable, Sendable {
    private var rows: [ChallengeID?: FaultPanelModel.Row] = [:]

    package init() {}

    /// The row chosen last on `challenge`'s screen (nil: the launcher).
    package func row(on challenge: ChallengeID?) -> FaultPanelModel.Row? { rows[challenge] }

    /// Keeps what `panel` ends with.
    package mutating func close(_ panel: FaultPanelState, on challenge: ChallengeID?) {
        guard let model = panel.model else { return }
        rows[challenge] = model.selectedRow
    }
}
