/// A fault-panel row a challenge adds beyond its endpoints: a choice its mock backend makes (the
/// navigation flow's next experiment), cycled with ← → like an outcome. See Docs/live-tools.md.
package struct FaultChoice: Sendable {
    /// The row's name in the panel.
    package let title: String
    /// What ← → cycle through, in order.
    package let choices: [String]
    /// What the mock is set to now.
    package let current: @Sendable (AppEnvironment) -> String
    /// Sets the mock to one of `choices`.
    package let apply: @Sendable (AppEnvironment, String) -> Void
    /// What a scenario sets it to (the panel's `s`).
    package let inScenario: @Sendable (Scenario) -> String

    package init(title: String, choices: [String], current: @escaping @Sendable (AppEnvironment) -> String, apply: @escaping @Sendable (AppEnvironment, String) -> Void, inScenario: @escaping @Sendable (Scenario) -> String) {
        self.title = title
        self.choices = choices
        self.current = current
        self.apply = apply
        self.inScenario = inScenario
    }
}
