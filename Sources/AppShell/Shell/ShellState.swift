import TUI

/// What the shell decides with, as a value: the screens on the stack, each with the `ScreenID`
/// minted when it was pushed and the challenge it belongs to, and the toast and the notice
/// (Docs/architecture.md, "The shell"). The hosted screens themselves (`FeatureHost` objects)
/// stay with `ChallengeShell`, in the same order, each answering to its id.
struct ShellState: Equatable, Sendable {
    /// One screen on the stack.
    struct Entry: Equatable, Sendable {
        let id: ScreenID
        /// Nil for the launcher.
        let challenge: ChallengeID?
    }

    /// A screen's toast, part of that screen: drawn on its area's last row while it is on top,
    /// dropped when it is left or covered (Docs/keys.md, "Toasts").
    struct ScreenToast: Equatable, Sendable {
        var toast: Toast
        var owner: ScreenID
    }

    /// Bottom (the launcher) to top.
    private(set) var screens: [Entry] = []
    /// How many screens were ever pushed: the next one's number.
    private var opened = 0
    private(set) var toast: ScreenToast?
    /// The shell's own notice (the store can't be opened): a row of its own above the key bar.
    private(set) var notice: Toast?

    var top: Entry? { screens.last }

    /// The challenge of the topmost screen that belongs to one (nil on the launcher).
    var currentChallenge: ChallengeID? { screens.reversed().lazy.compactMap(\.challenge).first }

    /// Pushes a screen: its id is the next number. A toast is part of its screen: covered, it goes.
    mutating func push(challenge: ChallengeID?) -> ScreenID {
        let id = ScreenID(number: opened)
        opened += 1
        screens.append(Entry(id: id, challenge: challenge))
        toast = nil
        return id
    }

    /// Removes the top screen, never the launcher; its toast goes with it.
    mutating func pop() -> Entry? {
        guard screens.count > 1 else { return nil }
        toast = nil
        return screens.removeLast()
    }

    /// A toast for the screen on top, until `now + duration`.
    mutating func showToast(_ message: String, kind: Toast.Kind, now: Duration, duration: Duration) -> Toast? {
        guard let top else { return nil }
        let toast = Toast(message, kind: kind, now: now, duration: duration)
        self.toast = ScreenToast(toast: toast, owner: top.id)
        return toast
    }

    mutating func showNotice(_ message: String, kind: Toast.Kind, now: Duration, duration: Duration) -> Toast {
        let notice = Toast(message, kind: kind, now: now, duration: duration)
        self.notice = notice
        return notice
    }

    /// Drops what has expired at `now`.
    mutating func expire(at now: Duration) {
        if let toast, toast.toast.isExpired(at: now) { self.toast = nil }
        if let notice, notice.isExpired(at: now) { self.notice = nil }
    }
}
