/// Which screen on top has password fields, asked once per screen: a recording asks on every
/// key and after every event, and a conformance check on a generic screen costs more than the
/// rest of what a recording does before the frame (Docs/performance.md, "Recording a session").
///
/// The screen is known by its address and the id the shell gave it when it was pushed, not held:
/// a weak reference gave every screen on top a side table, and each of the many retains and
/// releases of it on a key's way took the slow path (Docs/performance.md, "The eighth round").
/// A new screen made where a closed one was has another id, so it is asked afresh.
package struct SecretFieldsLookup {
    private var screen: (address: ObjectIdentifier, id: ScreenID)?
    private var hasFields = false

    /// `top`, pushed as `id`, as a screen with password fields, or nil.
    package mutating func fields(of top: (any Screen)?, id: ScreenID?) -> (any SecretFieldsScreen)? {
        guard let top else { return nil }
        return fields(of: top, id: id, at: ObjectIdentifier(top))
    }

    /// The same, `top` being at `address` (tests give two screens one address, as the allocator
    /// does when a new screen takes a closed one's memory).
    mutating func fields(of top: any Screen, id: ScreenID?, at address: ObjectIdentifier) -> (any SecretFieldsScreen)? {
        guard let id else { return nil }
        if screen?.address != address || screen?.id != id {
            screen = (address, id)
            hasFields = top is any SecretFieldsScreen
        }
        return hasFields ? top as? any SecretFieldsScreen : nil
    }
}
