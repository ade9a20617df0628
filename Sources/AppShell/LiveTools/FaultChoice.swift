/// A fault-panel row a challenge adds beyond its endpoints: a choice its mock backend makes (the
/// navigation flow's next experiment), cycled with ← → like an outcome. See Docs/live-tools.md.
struct FaultChoice: Sendable {
    /// The row's name in the panel.
    let title: String
    /// What ← → cycle through, in order.
    let choices: [String]
    /// What the mock is set to now.
    let current: @Sendable (AppEnvironment) -> String
    /// Sets the mock to one of `choices`.
    let apply: @Sendable (AppEnvironment, String) -> Void
    /// What a scenario sets it to (the panel's `s`).
    let inScenario: @Sendable (Scenario) -> String
}
