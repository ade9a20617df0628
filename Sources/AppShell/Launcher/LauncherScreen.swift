import Core
import TUI

/// The first screen: the challenges, where each stands (`Challenge.standing`, read from the
/// store once the first frame is on screen and again whenever a challenge is left), the
/// backend in use, and what the keys do. A click on a challenge opens it; the wheel moves the
/// selection.
final class LauncherScreen: Screen {
    /// Its hit-map target: the challenge at this index.
    struct Target: Hashable, Sendable { var index: Int }

    private let challenges: [Challenge]
    private var list: ListState
    private let open: (Challenge) -> Void
    /// The backend's line, read at each frame: the fault panel may change the scenario.
    private var backendLine: () -> String = { "" }
    /// What each challenge's `standing` said last, by id.
    private(set) var standings: [ChallengeID: String] = [:]
    /// Why nothing this run does will be kept (the store could not be opened), for as long as the
    /// launcher shows: the shell's notice goes after a few seconds. Read with the standings, once
    /// the store is open (Docs/security.md, "Two copies on one data folder").
    private(set) var keptNothing: String?
    /// `x` asks before forgetting what the selected challenge keeps, while it keeps something.
    private(set) var forgetQuestion: ForgetQuestion?
    /// Addresses the answer of its read of the store (`readStandings`).
    var id = ScreenID()

    /// The answer of its read of the store: where each challenge stands, by id.
    struct StandingsRead: Sendable { var standings: [ChallengeID: String] }
    /// The answer of `x`'s read of the store: whether the challenge at `index` keeps anything.
    struct KeptRead: Sendable {
        var index: Int
        var isKept: Bool
    }
    /// The answer of forgetting what the challenge at `index` kept: what the user is told.
    struct Forgotten: Sendable {
        var message: String
        var succeeded: Bool
    }

    init(challenges: [Challenge], open: @escaping (Challenge) -> Void) {
        self.challenges = challenges
        self.list = ListState(count: challenges.count)
        self.open = open
    }

    var selected: Challenge { challenges[list.selection] }

    /// Puts the cursor on `id` (the challenge opened directly, so that leaving it comes back to it).
    func select(_ id: ChallengeID) {
        if let index = challenges.firstIndex(where: { $0.id == id }) { list.select(index) }
    }

    /// The launcher's keys, declared once (the shell appends `? help · q quit`); a digit opens
    /// the challenge of that number, for as many as there are; `x` is there when a challenge
    /// keeps something between runs, and forgets the selected one's.
    static func keyMap(challenges: [Challenge]) -> KeyMap<Void> {
        let challengeCount = challenges.count
        let kept = challenges.contains { $0.progress != nil }
        return KeyMap("Launcher", [
            KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "move the selection"),
            KeyBinding([.home, .end, .pageUp, .pageDown], bar: nil, label: "first / last", help: "the first or the last challenge"),
            KeyBinding([.enter, .right], bar: "Enter", label: "open", help: "open the selected challenge"),
            KeyBinding(
                (1...min(9, max(1, challengeCount))).map { Key.char(Character(String($0))) }, bar: nil, label: "open that one",
                help: "open the challenge of that number"),
        ] + (!kept ? [] : [
            KeyBinding(
                [.char("x")], bar: "x", label: "forget progress",
                help: "forget the selected challenge's progress (asks first)", importance: .secondary),
        ]) + [
            KeyBinding([], names: "click", bar: nil, label: "open", help: "on a challenge: open it"),
            KeyBinding([], names: "wheel", bar: nil, label: "move", help: "move the selection"),
        ])
    }

    /// While the question is asked, its n and q are its own, not the live tools' or the shell's
    /// (as in a text field; F1 still opens help).
    var capturesText: Bool { forgetQuestion != nil }

    var keyBarItems: [KeyBar.Item] { forgetQuestion == nil ? keyMap.barItems : ForgetQuestion.keyMap.barItems }
    var keyGuide: KeyGuide { forgetQuestion == nil ? keyMap.guide : ForgetQuestion.keyMap.guide }
    private var keyMap: KeyMap<Void> { Self.keyMap(challenges: challenges) }

    func appear(_ context: ScreenContext) {
        let environment = context.environment
        backendLine = { environment.backendDescription }
    }

    /// Not before the first frame: reading the store waits for its key (Docs/performance.md).
    func handle(_ message: ShellMessage, _ context: ScreenContext) {
        switch message {
        case .firstFrameShown: readStandings(context)
        case .event(let read as StandingsRead, let receiver) where receiver == id:
            standings = read.standings
            // Reading the standings opened the store; a replay's environment has the recorded problem.
            keptNothing = context.environment.storeProblem.map { "Nothing will be kept: \($0.summary)" }
        case .event(let read as KeptRead, let receiver) where receiver == id:
            ask(toForget: read, context)
        case .event(let forgotten as Forgotten, let receiver) where receiver == id:
            context.toast(forgotten.message, kind: forgotten.succeeded ? .success : .error)
            readStandings(context)
        default: break
        }
    }

    /// A challenge was left: what it changed shows.
    func uncovered(_ context: ScreenContext) {
        readStandings(context)
    }

    /// Asks each challenge where it stands, on the loop's thread (the launcher's next frame shows
    /// it). A record the store could not open has been set aside by the store; the line says so,
    /// and the challenge starts without it. The answer goes through the shell like any effect's,
    /// so it is recorded, and a replay reads nothing: the recorded answer comes instead
    /// (Docs/recording.md).
    private func readStandings(_ context: ScreenContext) {
        guard context.session?.runsEffects != false else { return }
        let environment = context.environment
        let standingContext = StandingContext(
            store: environment.store, now: environment.time.wallNow, timeZone: environment.timeZone,
            keepsNothing: environment.storeProblem != nil, isMockBackend: environment.options.backend == .mock)
        var standings: [ChallengeID: String] = [:]
        for challenge in challenges {
            guard let standing = challenge.standing else { continue }
            do {
                standings[challenge.id] = try standing(standingContext)
            } catch {
                standings[challenge.id] = "stored data unreadable, set aside"
            }
        }
        context.answer(.event(StandingsRead(standings: standings), to: id))
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        if var question = forgetQuestion {
            let outcome = question.handle(key)
            forgetQuestion = question
            switch outcome {
            case .handled: break
            case .ignored: return .ignored
            case .keep: forgetQuestion = nil
            case .forget:
                forgetQuestion = nil
                forget(challenges[question.index], context)
            }
            return .handled
        }
        if list.handle(key) { return .handled }
        switch key {
        case .enter, .right:
            open(selected)
        case .char(let c) where c.wholeNumberValue.map({ (1...challenges.count).contains($0) }) == true:
            list.select((c.wholeNumberValue ?? 1) - 1)
            open(selected)
        case .char("x") where challenges.contains(where: { $0.progress != nil }):
            askToForget(context)
        default:
            return .ignored
        }
        return .handled
    }

    func handle(_ mouse: MouseEvent, on target: any Hashable & Sendable, _ context: ScreenContext) -> KeyResult {
        guard case .press(.left) = mouse.action, let target = target as? Target, challenges.indices.contains(target.index) else {
            return .ignored
        }
        list.select(target.index)
        open(selected)
        return .handled
    }

    /// `x`: asks before forgetting what the selected challenge keeps (`Challenge.progress`),
    /// saying what its line says; with nothing kept, says so instead.
    private func askToForget(_ context: ScreenContext) {
        let challenge = selected
        guard let progress = challenge.progress else {
            context.toast("\(challenge.title) keeps nothing between runs", kind: .info)
            return
        }
        // Read at once (the question or the word follows the key), answered through the shell so
        // a recording holds it; a record that can't be read is something to forget too.
        guard context.session?.runsEffects != false else { return }
        let isKept = (try? progress.isKept(context.environment.store)) ?? true
        context.answer(.event(KeptRead(index: list.selection, isKept: isKept), to: id))
    }

    /// What `x` found: asks before forgetting, or says there is nothing to.
    private func ask(toForget read: KeptRead, _ context: ScreenContext) {
        guard challenges.indices.contains(read.index), let progress = challenges[read.index].progress else { return }
        let challenge = challenges[read.index]
        guard read.isKept else {
            context.toast("\(challenge.title): nothing to forget", kind: .info)
            return
        }
        let standing = standings[challenge.id].map { " (\($0))" } ?? ""
        forgetQuestion = ForgetQuestion(
            index: read.index, title: "Forget progress",
            question: "Forget \(progress.what)\(standing)? This can't be undone.")
    }

    /// Forgets what `challenge` keeps, at once; the answer says so and has the lines read again.
    private func forget(_ challenge: Challenge, _ context: ScreenContext) {
        guard let progress = challenge.progress, context.session?.runsEffects != false else { return }
        let forgotten: Forgotten
        do {
            forgotten = Forgotten(message: try progress.forget(context.environment), succeeded: true)
        } catch {
            forgotten = Forgotten(message: error.message, succeeded: false)
        }
        context.answer(.event(forgotten, to: id))
    }

    /// Where the challenges are listed in the screen's `rect`: inside the frame, under the
    /// subtitle, above the backend's line.
    private static func listArea(in rect: Rect) -> Rect {
        let area = Frame.contentRect(of: rect).inset(horizontal: 2, vertical: 1)
        let y = area.y + 2
        return Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y - 2))
    }

    /// Three rows a challenge (title, summary, a blank), or two when that would leave some out
    /// (a short terminal, or the inspector below): every challenge stays in sight as long as
    /// two rows each fit. A summary too long for its row wraps onto a second when every
    /// challenge then still fits with its blank row (four rows each); otherwise it is cut.
    private func rowHeight(in listArea: Rect) -> Int {
        let summaryWidth = max(1, listArea.width - Self.summaryIndent)
        let wraps = challenges.contains { DisplayWidth.of($0.summary) > summaryWidth }
        // The last challenge's blank row may fall on the row below the list (drawn over after).
        if wraps, listArea.height + 1 >= challenges.count * 4 { return 4 }
        return listArea.height >= challenges.count * 3 ? 3 : 2
    }

    /// The rows the list is drawn in: with four rows a challenge, one more for the last one's
    /// blank row.
    private func rowsRect(_ listArea: Rect) -> Rect {
        guard rowHeight(in: listArea) == 4 else { return listArea }
        return Rect(x: listArea.x, y: listArea.y, width: listArea.width, height: listArea.height + 1)
    }

    /// Where a summary starts in its row: under the title, past the marker and the number.
    private static let summaryIndent = 5

    func layout(_ rect: Rect, _ context: ScreenContext) {
        let listArea = Self.listArea(in: rect)
        list.visibleRows = ScrollList(rowHeight: rowHeight(in: listArea)) { _, _ in }.visibleRows(height: rowsRect(listArea).height)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let inner = Frame(title: "challenge-tui", titleStyle: .bold).draw(in: rect, on: &canvas)
        let area = inner.inset(horizontal: 2, vertical: 1)
        TextBlock("Mobile coding challenges, as terminal apps.", style: .dim)
            .draw(in: Rect(x: area.x, y: area.y, width: area.width, height: 1), on: &canvas)
        let listArea = Self.listArea(in: rect)
        let challenges = challenges
        let standings = standings
        canvas.addHitRegion(listArea, KeyTarget.scroll())
        ScrollList(rowHeight: rowHeight(in: listArea), showsScrollbar: false) { row, canvas in
            let challenge = challenges[row.index]
            // The title and the summary, not the blank row under them.
            let clickable = min(row.rect.height, max(2, row.rect.height - 1))
            canvas.addHitRegion(Rect(x: row.rect.x, y: row.rect.y, width: row.rect.width, height: clickable), Target(index: row.index))
            let titleStyle = row.isSelected ? Style(bold: true, reverse: true) : .bold
            let marker = row.isSelected ? "▸ " : "  "
            let title = "\(marker)\(row.index + 1)  \(challenge.title) "
            let titleEnd = canvas.put(title, at: row.rect.origin, style: titleStyle, clipTo: row.rect)
            // Where it stands, at the right of its title, dim whether selected or not.
            if let standing = standings[challenge.id] {
                let room = row.rect.maxX - titleEnd - 2
                let text = TextLayout.truncate(standing, width: room)
                if room > 0 {
                    canvas.put(text, at: Point(x: row.rect.maxX - DisplayWidth.of(text), y: row.rect.y), style: .dim, clipTo: row.rect)
                }
            }
            // Always dim: the reversed title shows the selection, and a summary that changed style
            // with it would make every ↓ rewrite two whole lines (fewer bytes than dialog: see
            // Docs/performance.md).
            let summaryLines = max(1, row.rect.height - 2)
            TextBlock(challenge.summary, style: .dim, maxLines: summaryLines, wraps: summaryLines > 1)
                .draw(
                    in: Rect(
                        x: row.rect.x + Self.summaryIndent, y: row.rect.y + 1, width: max(0, row.rect.width - Self.summaryIndent),
                        height: summaryLines),
                    on: &canvas)
        }.draw(in: rowsRect(listArea), on: &canvas, state: list)
        if let keptNothing {
            TextBlock(keptNothing, style: Style(foreground: .red, bold: true), maxLines: 1, wraps: false)
                .draw(in: Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1), on: &canvas)
        }
        let backend = backendLine()
        TextBlock(backend.prefix(1).uppercased() + backend.dropFirst(), style: .dim, maxLines: 1, wraps: false)
            .draw(in: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), on: &canvas)
        forgetQuestion?.draw(over: rect, on: &canvas)
        return nil
    }
}

/// The launcher's answers in a recording: where the challenges stand, as it read them.
extension LauncherScreen: SessionScreen {
    func recordAnswer(_ event: any Sendable, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case let read as StandingsRead:
            .object(["standings": .object(Dictionary(uniqueKeysWithValues: read.standings.map { ($0.key.rawValue, .string($0.value)) }))])
        case let read as KeptRead: .object(["kept": .int(read.index), "isKept": .bool(read.isKept)])
        case let forgotten as Forgotten: .object(["forgotten": .string(forgotten.message), "succeeded": .bool(forgotten.succeeded)])
        default: nil
        }
    }

    func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> ShellMessage {
        let object = try SessionObject(reader, known: ["standings", "kept", "isKept", "forgotten", "succeeded"])
        if let index = object.optional("kept") {
            return .event(KeptRead(index: try index.int(in: 0...(challenges.count - 1)), isKept: try object("isKept").bool()), to: id)
        }
        if let message = object.optional("forgotten") {
            return .event(
                Forgotten(message: try message.string(atMost: SessionFormat.longestText), succeeded: try object("succeeded").bool()), to: id)
        }
        var standings: [ChallengeID: String] = [:]
        for (id, text) in try object("standings").dictionary() {
            guard Challenge.named(ChallengeID(rawValue: id), in: challenges) != nil else { throw text.error("no challenge called \(id.quoted())") }
            standings[ChallengeID(rawValue: id)] = try text.string(atMost: SessionFormat.longestText)
        }
        return .event(StandingsRead(standings: standings), to: id)
    }
}
