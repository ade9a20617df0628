import Core
import TUI

/// The first screen, a `Feature` hosted like the challenges: the challenges, where each stands
/// (`Challenge.standing`, read from the store once the first frame is on screen and again
/// whenever a challenge is left), the backend in use, and what the keys do. A click on a
/// challenge opens it; the wheel moves the selection. Its reads of the store are effects whose
/// answers are its events (`StandingsRead`, `KeptRead`, `Forgotten` in a recording), performed
/// at once so the next frame shows them (Docs/recording.md); opening a challenge and its words
/// are requests to the shell (`FeatureRequest`). See Docs/architecture.md.
package struct LauncherState: Equatable, Sendable {
    package let challenges: [Challenge]
    package var list: ListState
    /// What each challenge's `standing` said last, by id.
    package var standings: [ChallengeID: String] = [:]
    /// The store has been read: from then on, why nothing this run does will be kept (the store
    /// could not be opened) shows for as long as the launcher does (Docs/security.md, "Two
    /// copies on one data folder").
    package var hasReadStore = false
    /// `x` asks before forgetting what the selected challenge keeps, while it keeps something.
    package var forgetQuestion: ForgetQuestion?
    /// `keyMap(challenges:)`, made once: a key press reads it several times.
    package let keys: KeyMap<LauncherState, FeatureCommand<Event>>
    /// The columns of each challenge's summary, measured once (the rows' height depends on them).
    package let summaryWidths: [Int]

    /// `selecting`: the challenge opened directly, so that leaving it comes back to it.
    package init(challenges: [Challenge], selecting: ChallengeID? = nil) {
        self.challenges = challenges
        keys = Self.keyMap(challenges: challenges)
        summaryWidths = challenges.map { DisplayWidth.of($0.summary) }
        list = ListState(count: challenges.count)
        if let selecting, let index = challenges.firstIndex(where: { $0.id == selecting }) { list.select(index) }
    }

    package var selected: Challenge { challenges[list.selection] }

    package static func == (a: LauncherState, b: LauncherState) -> Bool {
        a.challenges.map(\.id) == b.challenges.map(\.id) && a.list == b.list && a.standings == b.standings
            && a.hasReadStore == b.hasReadStore && a.forgetQuestion == b.forgetQuestion
    }

    package enum Event: Hashable, Sendable {
        case appeared
        case left
        /// The first frame is on screen: the store may be read now (Docs/performance.md).
        case firstFrameShown
        /// A challenge was left: what it changed shows.
        case uncovered
        /// A key of the list's (↑ ↓ Home End PgUp PgDn, j k).
        case move(Key)
        /// Selects the challenge at this index and opens it.
        case open(Int)
        /// `x`: forget what the selected challenge keeps (asks first).
        case askToForget
        /// A key for the forget question.
        case question(Key)
        /// How many rows of challenges the area shows.
        case layout(visibleRows: Int)
        /// Answer: where each challenge stands, by id.
        case standingsRead([ChallengeID: String])
        /// Answer of `x`'s read of the store: whether the challenge at `index` keeps anything.
        case keptRead(index: Int, isKept: Bool)
        /// Answer of forgetting: what the user is told.
        case forgotten(message: String, succeeded: Bool)
    }

    package enum Effect: RunnableEffect, Hashable {
        /// Reads every challenge's standing → `.standingsRead`.
        case readStandings
        /// Reads whether the challenge at `index` keeps anything → `.keptRead`.
        case readKept(index: Int)
        /// Forgets what the challenge at `index` keeps → `.forgotten`.
        case forget(index: Int)
        /// The shell's: open this challenge, or say something (`FeatureRequest`).
        case shell(FeatureRequest)
    }

    package mutating func reduce(_ event: Event, at now: Duration) -> [Effect] {
        switch event {
        case .appeared, .left:
            return []
        case .firstFrameShown, .uncovered:
            return [.readStandings]
        case .move(let key):
            _ = list.handle(key)
            return []
        case .open(let index):
            guard challenges.indices.contains(index) else { return [] }
            list.select(index)
            return [.shell(.open(challenges[index].id))]
        case .askToForget:
            let challenge = selected
            guard challenge.progress != nil else {
                return [.shell(.toast("\(challenge.title) keeps nothing between runs", .info))]
            }
            return [.readKept(index: list.selection)]
        case .question(let key):
            guard var question = forgetQuestion else { return [] }
            let outcome = question.handle(key)
            forgetQuestion = question
            switch outcome {
            case .handled, .ignored: return []
            case .keep:
                forgetQuestion = nil
                return []
            case .forget:
                forgetQuestion = nil
                return [.forget(index: question.index)]
            }
        case .layout(let visibleRows):
            list.visibleRows = visibleRows
            return []
        case .standingsRead(let standings):
            self.standings = standings
            hasReadStore = true
            return []
        case .keptRead(let index, let isKept):
            guard challenges.indices.contains(index), let progress = challenges[index].progress else { return [] }
            let challenge = challenges[index]
            guard isKept else { return [.shell(.toast("\(challenge.title): nothing to forget", .info))] }
            let standing = standings[challenge.id].map { " (\($0))" } ?? ""
            forgetQuestion = ForgetQuestion(
                index: index, title: "Forget progress", question: "Forget \(progress.what)\(standing)? This can't be undone.")
            return []
        case .forgotten(let message, let succeeded):
            return [.shell(.toast(message, succeeded ? .success : .error)), .readStandings]
        }
    }

    /// The launcher's keys, declared once with what each does (the shell appends `? help · q
    /// quit`); a digit opens the challenge of that number, for as many as there are; `x` is there
    /// when a challenge keeps something between runs, and forgets the selected one's.
    package static func keyMap(challenges: [Challenge]) -> KeyMap<LauncherState, FeatureCommand<Event>> {
        let challengeCount = challenges.count
        let kept = challenges.contains { $0.progress != nil }
        let move: @Sendable (Key, LauncherState) -> FeatureCommand<Event>? = { key, _ in .send(.move(key)) }
        return KeyMap("Launcher", [
            KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "move the selection", action: move),
            KeyBinding(
                [.home, .end, .pageUp, .pageDown], bar: nil, label: "first / last", help: "the first or the last challenge", action: move),
            KeyBinding(
                [.enter, .right], bar: "Enter", label: "open", help: "open the selected challenge",
                action: { _, launcher in .send(.open(launcher.list.selection)) }),
            KeyBinding(
                (1...min(9, max(1, challengeCount))).map { Key.char(Character(String($0))) }, bar: nil, label: "open that one",
                help: "open the challenge of that number",
                action: { key, launcher in
                    guard case .char(let digit) = key, let number = digit.wholeNumberValue, launcher.challenges.indices.contains(number - 1)
                    else { return nil }
                    return .send(.open(number - 1))
                }),
        ] + (!kept ? [] : [
            KeyBinding(
                [.char("x")], bar: "x", label: "forget progress",
                help: "forget the selected challenge's progress (asks first)", importance: .secondary,
                action: { _, _ in .send(.askToForget) }),
        ]) + [
            KeyBinding([], names: "click", bar: nil, label: "open", help: "on a challenge: open it"),
            KeyBinding([], names: "wheel", bar: nil, label: "move", help: "move the selection"),
        ])
    }

    /// What `key` means here (nil: the shell may use it): the forget question's keys while it is
    /// asked (`YesNoQuestion` reads their declarations), else what the launcher's map declares.
    package func command(for key: Key) -> FeatureCommand<Event>? {
        if var question = forgetQuestion {
            return question.handle(key) == .ignored ? nil : .send(.question(key))
        }
        return keys.action(for: key, in: self)
    }

}

/// The launcher as the shell hosts it: its state and what reads the store for it.
package struct LauncherFeature {
    package typealias Event = LauncherState.Event
    package typealias Effect = LauncherState.Effect
    /// Its hit-map target: the challenge at this index.
    package struct Target: Hashable, Sendable { var index: Int }

    package private(set) var state: LauncherState
    /// The store, the backend's line and what the store's opening found.
    package let environment: AppEnvironment
    /// The rows as last drawn (LauncherView.swift).
    let rowDrawings = LauncherRowDrawings()
    /// The frame and the lines around the list as last drawn (LauncherView.swift).
    let chromeDrawing = LauncherChromeDrawing()
    /// What the screen-reader mode says of it, as last made (LauncherFeature+Spoken.swift).
    let spokenParts = LauncherSpokenParts()

    package init(environment: AppEnvironment, selecting: ChallengeID? = nil) {
        self.environment = environment
        state = LauncherState(challenges: environment.challenges, selecting: selecting)
    }

    package var challenges: [Challenge] { state.challenges }
    package var selected: Challenge { state.selected }

    package mutating func reduce(_ event: Event, at now: Duration) -> [Effect] { state.reduce(event, at: now) }

    package static func keyMap(challenges: [Challenge]) -> KeyMap<LauncherState, FeatureCommand<Event>> {
        LauncherState.keyMap(challenges: challenges)
    }

    /// The list's keys, or the forget question's while it is asked (`LauncherState.command(for:)`
    /// reads the same declarations); made when first asked for (help, the question's key bar),
    /// not before the first frame, which it cost a ninth of its instructions
    /// (Docs/performance.md, "The fourth round: the file as installed").
    package var keyMap: KeyMap<LauncherFeature, FeatureCommand<Event>> {
        if let made = combinedKeys.made { return made }
        let made = Self.keyMap(for: state)
        combinedKeys.made = made
        return made
    }
    /// `keyMap` once made: it reads only the list's keys, fixed at `init`, and the question's.
    private let combinedKeys = LauncherCombinedKeys()

    private static func keyMap(for state: LauncherState) -> KeyMap<LauncherFeature, FeatureCommand<Event>> {
        let list = state.keys.pullback { (launcher: LauncherFeature) in
            launcher.state.forgetQuestion == nil ? launcher.state : nil
        }
        let question = ForgetQuestion.keyMap.pullback { (launcher: LauncherFeature) in launcher.state.forgetQuestion == nil ? nil : () }
        return list.combined(with: KeyMap(question.title, question.bindings.map { $0.declaration() }))
    }

    /// The key bar's items, read on the state itself while no question is asked: through the
    /// combined map each binding's pulled-back closure copied the whole state, a dozen times a
    /// key press (Docs/performance.md, "The fifth round"). The same items, the same order.
    package var keyBarItems: [KeyBar.Item] {
        state.forgetQuestion == nil ? state.keys.barItems(for: state) : keyMap.barItems(for: self)
    }

    /// While the question is asked, its n and q are its own, not the live tools' or the shell's
    /// (as in a text field; F1 still opens help).
    package var capturesText: Bool { state.forgetQuestion != nil }
    package var isAnimating: Bool { false }

    package func command(for key: Key) -> FeatureCommand<Event>? { state.command(for: key) }

    package func command(for mouse: MouseEvent, on target: Target) -> FeatureCommand<Event>? {
        guard case .press(.left) = mouse.action, challenges.indices.contains(target.index) else { return nil }
        return .send(.open(target.index))
    }

    package func layout(_ area: Rect, at now: Duration) -> Event? {
        let listArea = Self.listArea(in: area)
        let visibleRows = ScrollList(rowHeight: rowHeight(in: listArea)) { _, _ in }.visibleRows(height: rowsRect(listArea).height)
        // As `ListState` keeps it (at least one row).
        return max(1, visibleRows) == state.list.visibleRows ? nil : .layout(visibleRows: visibleRows)
    }

    // MARK: Effects

    package static var appeared: Event { .appeared }
    package static var left: Event { .left }
    package static var firstFrameShown: Event? { .firstFrameShown }
    package static var uncovered: Event? { .uncovered }

    package func request(_ effect: Effect) -> FeatureRequest? {
        if case .shell(let request) = effect { request } else { nil }
    }

    /// The store is read on the loop's thread, so the launcher's next frame shows it.
    package func performAtOnce(_ effect: Effect) -> Event? {
        Self.answer(to: effect, challenges: challenges, environment: environment)
    }

    /// Nothing runs in the background: every effect is performed at once (`performAtOnce`) or is
    /// the shell's (`request`).
    package var perform: EffectRunner<Effect, Event>.Perform { { _, _ in } }

    /// What the store says to `effect`. A record the store could not open has been set aside by
    /// the store; the standing says so, and the challenge starts without it; a record that can't
    /// be read is something to forget too.
    private static func answer(to effect: Effect, challenges: [Challenge], environment: AppEnvironment) -> Event? {
        switch effect {
        case .readStandings:
            let context = StandingContext(
                store: environment.store, now: environment.time.wallNow, timeZone: environment.timeZone,
                keepsNothing: environment.storeProblem != nil, isMockBackend: environment.options.backend == .mock)
            var standings: [ChallengeID: String] = [:]
            for challenge in challenges {
                guard let standing = challenge.standing else { continue }
                do {
                    standings[challenge.id] = try standing(context)
                } catch {
                    standings[challenge.id] = "stored data unreadable, set aside"
                }
            }
            return .standingsRead(standings)
        case .readKept(let index):
            guard challenges.indices.contains(index), let progress = challenges[index].progress else { return nil }
            return .keptRead(index: index, isKept: (try? progress.isKept(environment.store)) ?? true)
        case .forget(let index):
            guard challenges.indices.contains(index), let progress = challenges[index].progress else { return nil }
            do {
                return .forgotten(message: try progress.forget(environment), succeeded: true)
            } catch {
                return .forgotten(message: error.message, succeeded: false)
            }
        case .shell:
            return nil
        }
    }
}

/// `LauncherFeature.keyMap`, made at its first use.
final class LauncherCombinedKeys {
    var made: KeyMap<LauncherFeature, FeatureCommand<LauncherFeature.Event>>?
}
