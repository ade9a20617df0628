import AppShell
import Core
import FoundationEssentials
import TUI

/// Plays a recording into a fresh app, line by line, on a clock that shows the recorded times:
/// keys and answers go where the loop sent them, no effect runs (so no request and no stored
/// data: the store is in memory), and every frame is drawn and its digest compared with the
/// recorded one. A replay in the terminal, an export to a cast and the tests all play through
/// here (Docs/recording.md).
package final class SessionPlayer {
    package let recording: SessionRecording
    package let environment: AppEnvironment
    package let shell: ChallengeShell
    private let loop: SteppedLoop<ChallengeShell>
    private let tap: ReplayTap
    /// The next line to play.
    package private(set) var position = 0
    /// The last frame drawn, and its number.
    package private(set) var frame: (canvas: Canvas, cursor: Point?, number: Int)?
    /// The number of the last frame line passed (drawn or not).
    package private(set) var framesPassed = 0
    /// The caption of the last `note` passed.
    package private(set) var caption: String?
    /// Whether frames are drawn (off while catching up to a point already checked).
    package var drawsFrames = true

    /// What playing one line did.
    package enum Step: Equatable {
        /// A frame was drawn: the same as recorded, or not.
        case frame(number: Int, identical: Bool)
        /// Something else (a key, an answer, a caption).
        case line
        /// The end line.
        case end
    }

    package init(_ recording: SessionRecording) throws(SessionReadError) {
        try recording.checkDrawingWork()
        self.recording = recording
        let header = recording.header
        let clock = SteppedClock()
        let time = TimeSource.stepped(by: clock, wallAtOrigin: header.wallAtOrigin)
        var options = LaunchOptions()
        options.challenge = header.challenge
        options.backend = header.backend
        options.scenario = header.scenario.name
        options.noColor = header.colors == .none
        let scenarios = header.scenarios.mapValues(\.description)
        let colors = header.colors, background = header.background
        environment = AppEnvironment(
            options: options, configuration: header.configuration, scenario: header.scenario, time: time,
            store: InMemoryRecordStore(), storeProblem: recording.storeProblem,
            scenarioLibrary: ScenarioLibrary(directory: nil, builtIn: scenarios, challenges: recording.challenges),
            pictureColorMode: { colors }, backgroundAtStart: { background }, challenges: recording.challenges)
        shell = ChallengeShell(environment: environment)
        shell.inspectorModel.utcOffset = header.utcOffset
        tap = ReplayTap(monitorCapacity: environment.monitor.capacity)
        shell.session = tap
        do {
            loop = try SteppedLoop(app: shell, size: header.size, clock: clock, time: time)
        } catch {
            throw SessionReadError(file: recording.file, line: nil, problem: "cannot replay: \(error)")
        }
    }

    package var isAtEnd: Bool { position >= recording.entries.count }

    /// The recorded time of the line played last (0 before the first).
    package var time: Duration { position > 0 ? recording.entries[position - 1].time : .zero }

    /// The terminal size the app is drawn at now.
    package var size: Size { loop.terminalSize }

    /// Plays the next line.
    package func step() throws(SessionReadError) -> Step {
        guard !isAtEnd else { return .end }
        let entry = recording.entries[position]
        position += 1
        let time = entry.time
        func fail(_ error: ConfigurationError) -> SessionReadError {
            SessionReadError(error, line: entry.lineNumber, file: recording.file)
        }
        var result = Step.line
        switch entry.line {
        case .start:
            loop.start(at: time)
        case .key(let key):
            loop.handle(key, at: time)
        case .resize(let size):
            loop.resize(to: size, at: time)
        case .answer(let screen, let reader):
            let message: ShellMessage
            do {
                message = try shell.replayedMessage(screen: screen, reader)
            } catch {
                throw fail(error)
            }
            loop.handle(message, at: time)
        case .stale:
            loop.handle(.event(StaleAnswer(), to: ScreenID()), at: time)
        case .message(let message):
            loop.handle(message, at: time)
        case .network(let change):
            tap.pendingNetwork = change
            loop.handle(.networkActivity, at: time)
            tap.pendingNetwork = nil
        case .note(let text):
            caption = text.isEmpty ? nil : text
        case .frame(let number, let digest, let size):
            if let size { loop.setSize(size) }
            framesPassed = number
            if drawsFrames {
                let (canvas, cursor) = loop.render(at: time)
                frame = (canvas, cursor, number)
                result = .frame(number: number, identical: CanvasDigest(canvas, cursor: cursor) == digest)
            } else {
                frame = nil
                result = .frame(number: number, identical: true)
            }
        case .end:
            result = .end
        }
        if let secrets = entry.secrets { shell.restoreSecrets(secrets) }
        _ = loop.discardPosted()
        if let error = tap.failure { throw fail(error) }
        return result
    }

    /// Draws the frame as it stands now (after catching up without drawing), numbered as the
    /// last frame passed.
    package func redraw() {
        let (canvas, cursor) = loop.render(at: time)
        frame = (canvas, cursor, framesPassed)
    }

}

/// An answer whose screen was left before it came: the loop dropped it.
package struct StaleAnswer: Sendable {}

/// The session as a replay sees it: no effect runs (their answers are recorded lines), the
/// inspector gets the recorded requests.
package final class ReplayTap: SessionTap {
    package let runsEffects = false
    package let blobs = SessionBlobs()
    package var pendingNetwork: NetworkChange?
    package private(set) var failure: ConfigurationError?
    private let monitorCapacity: Int

    package init(monitorCapacity: Int) { self.monitorCapacity = monitorCapacity }

    package func record(_ line: SessionLine, storeProblem: StoreError?) {}

    package func handled(secretShapes: [SecretLetters.Shape]?) {}

    package func network(after current: LiveNetwork) -> LiveNetwork? {
        current.applying(pendingNetwork ?? NetworkChange(), capacity: monitorCapacity)
    }


    package func failed(_ error: ConfigurationError) {
        if failure == nil { failure = error }
    }
}
