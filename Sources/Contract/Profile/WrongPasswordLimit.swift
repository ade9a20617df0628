/// How many wrong current passwords a password change may be sent with: after
/// `maximumWrong` wrong ones within `window`, every change (a right password too, or it would
/// tell a guesser when they are right) is refused with 429 and `Retry-After` until the oldest of
/// them is `window` old (Docs/profile.md). Pure: the caller passes the time, from its own clock.
public struct WrongPasswordLimit: Hashable, Sendable {
    public static let maximumWrong = 5
    public static let window: Duration = .seconds(60)

    /// When the last `maximumWrong` wrong passwords came, oldest first (time from any origin,
    /// the same for every call).
    private var wrong: [Duration] = []

    public init() {}

    /// Whole seconds to wait before the next try counts, or `nil` when it may be tried now.
    public func secondsToWait(at now: Duration) -> Int? {
        guard wrong.count == Self.maximumWrong, let oldest = wrong.first else { return nil }
        let left = oldest + Self.window - now
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    public mutating func recordWrong(at now: Duration) {
        wrong.append(now)
        if wrong.count > Self.maximumWrong { wrong.removeFirst(wrong.count - Self.maximumWrong) }
    }
}
