/// What a long sync is doing, for the header ("syncing… 18 MB of 61", "sorting 100,000
/// articles…"). Reported by the runtime from the transfer and the decoder; shown only once a
/// sync has taken longer than `ArticlesState.progressDelay` (Docs/articles.md).
public enum SyncProgress: Hashable, Sendable {
    /// The answer is arriving: `bytes` so far, of `total` when the server said.
    case receiving(bytes: Int, of: Int?)
    /// The answer has arrived; `count` articles of it are read so far.
    case reading(count: Int)
    /// The answer is read; its `count` articles are being put in order.
    case sorting(count: Int)
}
