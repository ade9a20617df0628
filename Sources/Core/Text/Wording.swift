/// The sentences more than one challenge says about the same event, written once so each event
/// has one wording everywhere (Docs/architecture.md, "One wording for one event"). What nothing
/// answered says is `APIError.message`.
public enum Wording {
    /// After a failure that `r` tries again: the fetch of A, a sign-in that gave up, a sync, a
    /// profile that didn't load.
    public static let retryHint = "Press r to try again"
}
