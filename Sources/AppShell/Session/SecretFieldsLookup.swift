/// Which screen on top has password fields, asked once per screen: a recording asks on every
/// key and after every event, and a conformance check on a generic screen costs more than the
/// rest of what a recording does before the frame (Docs/performance.md, "Recording a session").
/// The screen is held weakly, so a new screen made where a closed one was is asked afresh.
package struct SecretFieldsLookup {
    private weak var screen: (any Screen)?
    private var hasFields = false

    /// `top` as a screen with password fields, or nil.
    package mutating func fields(of top: (any Screen)?) -> (any SecretFieldsScreen)? {
        guard let top else { return nil }
        if screen !== top {
            screen = top
            hasFields = top is any SecretFieldsScreen
        }
        return hasFields ? top as? any SecretFieldsScreen : nil
    }
}
