@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import TUI
import TUITesting

/// The whole app, headless and deterministic: the real shell and screens on a
/// `HeadlessTerminal`, the event loop stepped by hand (`ImmediatePoller`: it never blocks),
/// effects run by a `ManualExecutor` only when the harness turns it, and one `ManualClock` for
/// the loop's timers and the domain's waits. Nothing waits on wall time: `settle` runs until
/// nothing is left to do, and a condition that does not hold then fails at once.
final class ShellHarness {
    let terminal: HeadlessTerminal
    let clock = ManualClock()
    let executor = ManualExecutor()
    let environment: AppEnvironment
    let shell: ChallengeShell
    /// The loop, over the shell or (recording) over the `SessionRecorder` that wraps it.
    let loop: any HarnessLoop
    /// Writes the session when the harness records (Docs/recording.md).
    let recorder: SessionRecorder?
    /// What the screen-reader mode said so far, line by line (`screenReader: true`).
    var transcript: [String] { said.lines }
    private let said = TranscriptLines()

    /// A scenario where every endpoint answers at once and succeeds.
    static let instantScenario = Scenario(
        name: "instant", description: "everything answers at once", defaults: .instant, endpoints: [:])

    init(
        options: LaunchOptions = LaunchOptions(), scenario: Scenario = ShellHarness.instantScenario,
        size: Size = Size(width: 80, height: 24), store: any RecordStore = InMemoryRecordStore(),
        storeProblem: StoreError? = nil, configuration: AppConfiguration = .defaults,
        environment variables: [String: String] = [:], logger: Logger = .disabled, challenges: [Challenge] = Challenge.all,
        recordTo recording: String? = nil, wallAtOrigin: Date = testEpoch, pictureColorMode: ColorMode? = nil,
        scenarioLibrary: ScenarioLibrary? = nil, screenReader: Bool = false
    ) throws {
        let terminal = HeadlessTerminal(size: size)
        self.terminal = terminal
        environment = AppEnvironment(
            options: options, configuration: configuration, scenario: scenario, environment: variables,
            time: .driven(by: clock, wallAtOrigin: wallAtOrigin),
            store: store, storeProblem: storeProblem, logger: logger, scenarioLibrary: scenarioLibrary, executor: executor,
            // A terminal of another colour mode than headless's 256 (as ChallengeTUI hands over).
            pictureColorMode: pictureColorMode.map { mode in { mode } },
            // What the screens show in local time does not depend on the machine's zone.
            timeZone: TimeZone(identifier: "UTC"), challenges: challenges)
        let shell = ChallengeShell(environment: environment)
        self.shell = shell
        let poller = ImmediatePoller(hasPendingInput: { terminal.hasPendingKeys })
        let said = said
        let time = environment.time
        // The screen-reader mode: what the shell says after each frame (Docs/screen-reader.md).
        func loop<App: TerminalApp>(_ app: App) throws -> any HarnessLoop where App.Message == ShellMessage {
            guard screenReader else {
                return try EventLoop(app: app, terminal: terminal, configuration: .init(handlesSignals: false), poller: poller, time: time)
            }
            let transcript = TranscriptApp(app, shell: shell, say: { lines in said.lines += lines })
            return try EventLoop(app: transcript, terminal: terminal, configuration: .init(handlesSignals: false), poller: poller, time: time)
        }
        if let recording {
            let recorder = try SessionRecorder(shell: shell, path: recording)
            // Times of day in UTC, so a recording is the same on every machine (the header
            // says the inspector's offset).
            shell.inspectorModel.utcOffset = 0
            self.recorder = recorder
            self.loop = try loop(recorder)
        } else {
            recorder = nil
            self.loop = try loop(shell)
        }
        try self.loop.start()
    }

    /// Ends the recording as the program does when the loop ends.
    func finishRecording() {
        recorder?.finish("quit")
    }

    deinit { loop.stop() }

    var lines: [String] { terminal.lines }
    var screen: String { terminal.lines.joined(separator: "\n") }

    func contains(_ text: String) -> Bool { terminal.lines.contains { $0.contains(text) } }

    /// Types keys, one loop turn each (effects they start run at the next `settle`).
    @discardableResult
    func press(_ keys: Key...) -> EventLoopExit? {
        var exit: EventLoopExit?
        for key in keys {
            terminal.enqueue(key)
            exit = loop.step()
        }
        return exit
    }

    /// Types text as printable keys.
    func type(_ text: String) {
        for character in text { press(.char(character)) }
    }

    // MARK: The mouse and pastes (see Docs/mouse-and-paste.md)

    /// Clicks the cell at `point`: a left press and its release, as a terminal reports them.
    func click(at point: Point) {
        press(.mouse(.click(at: point)), .mouse(MouseEvent(.release, at: point)))
    }

    /// Clicks where `text` is first drawn (its first cell, or `offset` cells further); fails when
    /// it is not on screen.
    func click(_ text: String, offset: Int = 0) throws {
        guard let point = point(of: text) else { throw HarnessFailure(description: "no '\(text)' to click on:\n\(screen)") }
        click(at: point.offsetBy(dx: offset))
    }

    /// Turns the wheel one step at `point`.
    func wheel(_ action: MouseEvent.Action, at point: Point) {
        press(.mouse(MouseEvent(action, at: point)))
    }

    /// A bracketed paste of `text`.
    func paste(_ text: String) { press(.paste(text)) }

    /// The cell where `text` first starts on screen (columns counted as drawn: wide characters
    /// take two).
    func point(of text: String) -> Point? {
        for (y, line) in lines.enumerated() {
            if let range = line.range(of: text) { return Point(x: DisplayWidth.of(String(line[..<range.lowerBound])), y: y) }
        }
        return nil
    }

    /// Turns the loop and runs the effects it starts, and the events they send back, until
    /// nothing is left to do at this instant of the clock. Throws if that never happens (an
    /// effect that keeps queueing work).
    func runUntilQuiet() throws {
        for _ in 0..<10_000 {
            _ = loop.step()
            if executor.runUntilIdle() == 0 { return }
        }
        throw HarnessFailure(description: "the app never became quiet; the screen was:\n\(screen)")
    }

    /// Lets everything due now happen, then requires `condition`: with time stopped, what has
    /// not happened by then never will, so a failure is immediate and shows the screen.
    @discardableResult
    func settle(until what: String = "the condition", _ condition: (ShellHarness) -> Bool = { _ in true }) async throws -> [String] {
        try runUntilQuiet()
        // The harness runs on the test's own thread of the cooperative pool: give the other
        // tests a turn, so tests that wait on real processes are not starved.
        await Task.yield()
        guard condition(self) else { throw HarnessFailure(description: "never saw \(what); the screen was:\n\(screen)") }
        return lines
    }

    /// Lets everything due now happen, then requires `text` on screen.
    @discardableResult
    func waitFor(_ text: String) async throws -> [String] {
        try await settle(until: "'\(text)'") { $0.contains(text) }
    }

    /// Moves the clock (the loop's timers, mock delays, backoff) and lets what woke up run.
    func advance(by duration: Duration) async throws {
        try runUntilQuiet()
        clock.advance(by: duration)
        try runUntilQuiet()
        await Task.yield()
    }

    /// Requires at least `count` tasks asleep on the clock once everything due now has run (a
    /// request waiting out its delay, a retry's backoff), so that advancing the clock is what
    /// the test means it to be.
    func sleepers(atLeast count: Int) throws {
        try runUntilQuiet()
        guard clock.sleeperCount >= count else {
            throw HarnessFailure(description: "expected \(count) sleepers on the clock, found \(clock.sleeperCount); the screen was:\n\(screen)")
        }
    }

    func resize(to size: Size) {
        terminal.resize(to: size)
        _ = loop.step()
    }
}

/// The event loop as the harness drives it, whichever app it runs.
protocol HarnessLoop: AnyObject {
    var context: RunContext<ShellMessage> { get }
    var pollTimeout: Duration? { get }
    func start() throws
    func step() -> EventLoopExit?
    func stop()
}

extension EventLoop: HarnessLoop where App.Message == ShellMessage {}

struct HarnessFailure: Error, CustomStringConvertible {
    var description: String
}

/// The lines the screen-reader mode wrote.
final class TranscriptLines {
    var lines: [String] = []
}
