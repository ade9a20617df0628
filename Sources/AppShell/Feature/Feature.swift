import Core
import TUI

/// One challenge as the shell hosts it, in the manner of the Elm architecture: a value holding
/// the state (the domain's and the view's: selection, focus, scroll), the events that change it,
/// a pure `reduce` that returns effects as values, and how those effects run. `FeatureHost`
/// does the rest for every feature alike: the screen token, the effect runner, routing the
/// effects' events back. See Docs/architecture.md, "Adding a challenge".
package protocol Feature {
    /// Everything that changes the state: keys turned into meaning, and effects' answers.
    associatedtype Event: Sendable
    associatedtype Effect: RunnableEffect
    /// What its views add to the hit map for clicks no single key stands for (a row, a field);
    /// see Docs/mouse-and-paste.md.
    associatedtype Target: Hashable & Sendable

    /// Sent when the screen appears (start loading, signing in…).
    static var appeared: Event { get }
    /// Sent when the screen is left; then every running effect is cancelled but those
    /// `keepsRunning` spares.
    static var left: Event { get }
    /// Sent once the first frame is on screen, when there is something that may wait until then
    /// (the launcher's read of the store: Docs/performance.md); nil: nothing.
    static var firstFrameShown: Event? { get }
    /// Sent when the screen above it was left and it is on top again; nil: nothing.
    static var uncovered: Event? { get }

    /// Pure: applies `event` (at `now`, the loop's time) and returns the effects to start.
    mutating func reduce(_ event: Event, at now: Duration) -> [Effect]

    /// What the shell does for `effect` (open a challenge, show a toast), run at once on the
    /// loop's thread, in a replay too; nil: the feature performs it.
    func request(_ effect: Effect) -> FeatureRequest?

    /// Runs one effect with the feature's dependencies (captured when the feature was made) and
    /// sends the events it produces. Called off the loop's thread.
    var perform: EffectRunner<Effect, Event>.Perform { get }

    /// What `key` means here: an event, leaving, or nothing (nil: the shell may use it). By
    /// default what `keyMap` declares for it.
    func command(for key: Key) -> FeatureCommand<Event>?

    /// What a click or a wheel step on one of its own regions means: the events the keys that
    /// do the same would send, or nothing (nil: the region under it may take the event).
    func command(for mouse: MouseEvent, on target: Target) -> FeatureCommand<Event>?

    /// Its keys, declared once with what each does: the key bar shows those that work in the
    /// feature's state now (the shell appends its own), help those that are part of the screen
    /// (Docs/keys.md), and `command(for:)` reads a key's meaning from them.
    var keyMap: KeyMap<Self, FeatureCommand<Event>> { get }
    /// The key bar's items in this state: by default those of `keyMap`.
    var keyBarItems: [KeyBar.Item] { get }
    /// Whether Esc means something here (the shell's Esc then leaves it to the feature): by
    /// default whether `command(for: .escape)` finds a command.
    var takesEscape: Bool { get }
    /// True while a text field has focus: `q`, `?`, `n`, `f` are typed, not commands.
    var capturesText: Bool { get }
    /// True while something moves (a spinner, a countdown): the shell redraws only then.
    var isAnimating: Bool { get }
    /// What it is waiting for at `now`, for help ("syncing", "saving"); nil when nothing is
    /// under way.
    func activity(at now: Duration) -> String?

    /// Draws into `area`; returns where the text cursor goes (nil hides it). Pure: the same state
    /// and area draw the same cells, and drawing changes nothing.
    func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point?

    /// What `area` means for the state, as an event (how many rows fit, which pictures are on
    /// screen), or nil when the state already agrees with it. The host asks before each frame
    /// that follows a change and sends the event through `reduce`; once reduced, the same area
    /// must give nil.
    func layout(_ area: Rect, at now: Duration) -> Event?

    /// Asked before leaving: a question to confirm first (unsaved edits), or nil.
    func confirmLeave() -> LeaveConfirmation?

    /// What it says at `now` in the screen-reader mode: where you are and what you can do, and
    /// what changes, in sentences (Docs/screen-reader.md). Pure, as `render` is.
    func spoken(at now: Duration) -> Spoken

    /// Whether the running effect `id` should finish although the screen was left.
    func keepsRunning(_ id: Effect.ID) -> Bool

    /// The log's subsystem for the feature's lines ("navigation").
    static var logName: String { get }
    /// What `--log` keeps of the state, by topic: the screen shown, a request's failure and its
    /// retry, an outcome (`("sign-in", "attempt 1 failed: Server error 500; retry in 1 s")`).
    /// The host writes a topic's line whenever its text changes; an empty text writes nothing.
    /// Never a secret, never a value typed (Docs/configuration.md, "Logging").
    var logTopics: [(topic: String, text: String)] { get }

    /// Performs `effect` on the loop's thread at once when the next frame must show its answer
    /// (the stored article list read as the screen opens): the answer, reduced before that
    /// frame and recorded like any other (Docs/recording.md); nil runs it as every other effect.
    /// A replay performs nothing: the recorded answer comes instead.
    func performAtOnce(_ effect: Effect) -> Event?

    /// How the timeline (`t`) names `event`, on the value it left (so it may say what the event
    /// led to), at the event's time. By default its case (`Feature.caseName(of:)`).
    func timelineName(of event: Event, at now: Duration) -> String
}

extension Feature {
    // Inlinable, as KeyMap's reading is: each feature's conformance gets a copy made for its own
    // types, where the host's generic code would look their metadata up at every key press
    // (Docs/performance.md, "The fourth round").
    @inlinable package func command(for key: Key) -> FeatureCommand<Event>? { keyMap.action(for: key, in: self) }
    @inlinable package var keyBarItems: [KeyBar.Item] { keyMap.barItems(for: self) }
    @inlinable package var takesEscape: Bool { command(for: .escape) != nil }
    package var capturesText: Bool { false }
    package func confirmLeave() -> LeaveConfirmation? { nil }
    package func layout(_ area: Rect, at now: Duration) -> Event? { nil }
    package func keepsRunning(_ id: Effect.ID) -> Bool { false }
    package static var logName: String { "app" }
    package var logTopics: [(topic: String, text: String)] { [] }
    package func activity(at now: Duration) -> String? { nil }
    package func performAtOnce(_ effect: Effect) -> Event? { nil }
    package static var firstFrameShown: Event? { nil }
    package static var uncovered: Event? { nil }
    package func request(_ effect: Effect) -> FeatureRequest? { nil }
}

/// What a feature's effect asks of the shell rather than of the world.
package enum FeatureRequest: Hashable, Sendable {
    /// Open this challenge's screen over the feature's.
    case open(ChallengeID)
    /// A toast on the feature's screen.
    case toast(String, Toast.Kind)
}

/// What a key asks of a feature's host.
package enum FeatureCommand<Event: Sendable>: Sendable {
    /// Run this event through `reduce`.
    case send(Event)
    /// Run these events through `reduce`, in order (a click that does what several keys do).
    case sendAll([Event])
    /// Leave the screen (asking first when `confirmLeave` says so).
    case leave
}

extension FeatureCommand: Equatable where Event: Equatable {}
