/// How much of what a reducer did a `TestStore` test must account for (Docs/testing.md).
public enum Exhaustivity: Sendable, Equatable {
    /// Every change of state, every effect and every event an effect sent must be asserted;
    /// anything left over fails the test.
    case on
    /// Only what the test asserts is checked: a state closure's writes must already hold, effects
    /// and received events nobody asserts are let go. For tests of a runtime end to end, where
    /// the path matters less than where it leads.
    case off
}
