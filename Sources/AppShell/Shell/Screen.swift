import TUI

/// What a screen did with a key.
public enum KeyResult: Sendable {
    /// The screen used it; nothing else happens.
    case handled
    /// The screen has no use for it; the shell may (`?` help, `q` leave).
    case ignored
}

/// A confirmation the shell shows before leaving a screen (unsaved edits, say).
public struct LeaveConfirmation: Sendable, Equatable {
    public var title: String
    public var question: String

    public init(title: String, question: String) {
        self.title = title
        self.question = question
    }
}

/// One screen on the shell's stack: the launcher, or one challenge (a `FeatureHost`). A challenge
/// is one screen whose own state decides what it shows (the navigation flow's A…D, the article
/// list or a detail page). All calls come on the event loop's thread.
public protocol Screen: AnyObject {
    /// The keys that work here right now, for the key bar. The shell appends its own (`? help`,
    /// `q back`), so list only the screen's. Drawn from the screen's `KeyMap`.
    var keyBarItems: [KeyBar.Item] { get }
    /// Every key of the screen as it stands (the list's or the detail page's), for help; from
    /// the same `KeyMap` as the key bar.
    var keyGuide: KeyGuide { get }
    /// True while a text field has focus: then `q`, `?`, `j`, `k` are typed, not commands.
    var capturesText: Bool { get }
    /// True while Esc is the screen's own (a back of its own: C to B, the article to the list, a
    /// field left); else Esc, ← and Backspace leave the challenge, as `q` does (Docs/keys.md,
    /// "Back").
    var takesEscape: Bool { get }
    /// True while something moves (a spinner, a countdown): the shell redraws at the spinner's
    /// rate only then, so an idle screen costs nothing.
    var isAnimating: Bool { get }
    /// What the screen is waiting for at `now`, in a few words for help ("signing in: attempt 3
    /// failed, next try in 4 s", "syncing", "saving"); nil when nothing is under way.
    func activity(at now: Duration) -> String?

    /// The screen was pushed: start its work.
    func appear(_ context: ScreenContext)
    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult
    /// A click or a wheel step on a region this screen added to the hit map while drawing,
    /// `target` being what it added there. `.ignored` lets the event reach the region under it.
    /// (Regions that stand for keys, `KeyTarget`, never come here: the shell presses their keys.)
    func handle(_ mouse: MouseEvent, on target: any Hashable & Sendable, _ context: ScreenContext) -> KeyResult
    func handle(_ message: ShellMessage, _ context: ScreenContext)
    /// Draws into `rect` (the terminal but the key bar, less what shares it: the network
    /// inspector, the shell's notice; always from the top left corner). Returns where the text
    /// cursor goes, or nil to hide it.
    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point?

    /// The area the screen is drawn in, before each frame that follows a change (an event, a
    /// resize, a scroll): what fits there (rows, pictures on screen) goes into the screen's state
    /// here, so `render` only reads it.
    func layout(_ rect: Rect, _ context: ScreenContext)
    /// Asked when the user leaves with `q` (or the screen's back button): a question to confirm
    /// first, or nil to leave at once.
    func confirmLeave() -> LeaveConfirmation?
    /// What it says at `now` in the screen-reader mode (Docs/screen-reader.md).
    func spoken(at now: Duration) -> Spoken
    /// The screen was removed: cancel everything it started.
    func disappear(_ context: ScreenContext)
    /// The screen above it was removed: it is on top again.
    func uncovered(_ context: ScreenContext)
    /// The shell pushed it as `id`: what a session's answers to it are addressed to
    /// (`SessionScreen`). A requirement rather than a cast to `SessionScreen`: the runtime answers
    /// a cast to a protocol, for each type the first time, by scanning every conformance of the
    /// program (Docs/performance.md, "The first frame").
    func pushed(as id: ScreenID)
    /// The screen as the timeline lists and draws it (`t`), or nil when it keeps none: asked
    /// rather than cast, as `pushed(as:)`.
    var timelineScreen: (any TimelineScreen)? { get }
}

extension Screen {
    /// A screen that declares no keys of its own: help shows the shell's.
    public var keyGuide: KeyGuide { KeyGuide(title: "This screen", entries: []) }
    public var capturesText: Bool { false }
    public var takesEscape: Bool { false }
    public var isAnimating: Bool { false }
    public func activity(at now: Duration) -> String? { nil }
    public func appear(_ context: ScreenContext) {}
    public func layout(_ rect: Rect, _ context: ScreenContext) {}
    public func handle(_ mouse: MouseEvent, on target: any Hashable & Sendable, _ context: ScreenContext) -> KeyResult { .ignored }
    public func handle(_ message: ShellMessage, _ context: ScreenContext) {}
    public func confirmLeave() -> LeaveConfirmation? { nil }
    public func spoken(at now: Duration) -> Spoken { Spoken(place: keyGuide.title) }
    public func disappear(_ context: ScreenContext) {}
    public func uncovered(_ context: ScreenContext) {}
    public func pushed(as id: ScreenID) {}
    public var timelineScreen: (any TimelineScreen)? { nil }
}
