import Core
import FoundationEssentials
import Glibc
import TUI

/// `--record FILE`: the shell as the event loop runs it, with every key, message and frame
/// written as it passes (Docs/recording.md). It wraps the shell and changes nothing it does: a
/// line is written after the shell handled what it records (an answer is encoded before, while
/// its screen is surely there), and after each frame its digest.
public final class SessionRecorder: TerminalApp {
    public typealias Message = ShellMessage

    let shell: ChallengeShell
    private let file: SessionFile
    private let tap = RecordingTap()
    private var context: RunContext<ShellMessage>?
    private var frames = 0
    private var letters = SecretLetters()
    private var secrets: SecretPlaceholders?
    private var written = LiveNetwork()
    private var size: Size?
    /// Lines made since the last frame went out, written (encoded) once it has.
    private var pending: [SessionEntry] = []
    /// The offset from UTC the header gives, when not the machine's (a recording made to be
    /// the same on every machine: Docs/demos).
    var utcOffset: Int?

    /// Records `shell` into `path` (created or emptied, mode 0600). Throws when it can't be.
    public convenience init(shell: ChallengeShell, path: String) throws(LaunchError) {
        self.init(shell: shell, file: try SessionFile(path: path))
    }

    init(shell: ChallengeShell, file: SessionFile) {
        self.shell = shell
        self.file = file
        tap.recorder = self
        shell.session = tap
    }

    /// Bytes written so far, and the first write that failed.
    var bytesWritten: Int { file.size }
    public var problem: String? { file.problem }

    public func start(_ context: RunContext<ShellMessage>) {
        self.context = context
        file.append(header(size: context.terminalSize).json.description)
        written = shell.network
        size = context.terminalSize
        shell.start(context)
        write(.start, at: context)
        writePending()
    }

    public func handle(_ key: Key, _ context: RunContext<ShellMessage>) {
        if key == .resize {
            shell.handle(key, context)
            size = context.terminalSize
            write(.resize(context.terminalSize), at: context)
            return
        }
        let recorded = shell.recordedKey(key)
        shell.handle(key, context)
        write(.key(recorded), at: context)
    }

    public func handle(_ message: ShellMessage, _ context: RunContext<ShellMessage>) {
        switch message {
        case .event(let event, let token):
            let line = shell.sessionLine(for: event, to: token, blobs: tap.blobs)
            shell.handle(message, context)
            write(line, at: context)
        case .networkActivity:
            shell.handle(message, context)
            let change = shell.network.change(since: written)
            written = shell.network
            write(.network(change), at: context)
        case .firstFrameShown:
            shell.handle(message, context)
            write(.message(message), at: context, storeProblem: shell.environment.storeProblem)
        case .animationFrame, .toastExpired:
            shell.handle(message, context)
            write(.message(message), at: context)
        }
    }

    public func render(into canvas: inout Canvas) -> Point? {
        shell.render(into: &canvas)
    }

    /// The frame's line, once the frame is on the terminal: its digest and the write cost the
    /// next key nothing (Docs/recording.md).
    public func presented(_ canvas: Canvas, cursor: Point?) {
        frames += 1
        if let context {
            // The terminal's size changed without a resize reaching the app (suspended meanwhile).
            let changed = canvas.size != size ? canvas.size : nil
            size = canvas.size
            write(.frame(frames, CanvasDigest(canvas, cursor: cursor), changed), at: context)
        }
        writePending()
    }

    /// A caption for replays, at the loop's time now (the demos' scripts write them).
    public func note(_ text: String) {
        guard let context else { return }
        pending.append(SessionEntry(time: context.timestamp.elapsed, line: .note(text)))
    }

    /// Writes the end line and closes the file; `why` in a word (`quit`, `signal`…).
    public func finish(_ why: String) {
        if let context {
            pending.append(SessionEntry(time: context.timestamp.elapsed, line: .end(why)))
            writePending()
        }
        file.close()
    }

    private func write(_ line: SessionLine, at context: RunContext<ShellMessage>, storeProblem: StoreError? = nil) {
        var entry = SessionEntry(time: context.timestamp.elapsed, line: line)
        entry.storeProblem = storeProblem
        if let shapes = shell.secretShapes {
            let now = letters.placeholders(for: shapes)
            if now != secrets {
                entry.secrets = now
                secrets = now
            }
        } else if secrets != nil {
            letters = SecretLetters()
            secrets = nil
        }
        pending.append(entry)
        // No frame goes out while the terminal is too small: lines are not held for ever.
        if pending.count >= 256 { writePending() }
    }

    /// A line a screen made (what it read when opened), in its place among the others.
    func append(_ line: SessionLine) {
        guard let context else { return }
        pending.append(SessionEntry(time: context.timestamp.elapsed, line: line))
    }

    private func writePending() {
        for entry in pending { file.append(entry.encoded()) }
        pending.removeAll(keepingCapacity: true)
        file.flush()
    }

    private func header(size: Size) -> SessionHeader {
        let environment = shell.environment
        var scenarios: [String: JSONValue] = [:]
        for name in environment.scenarioLibrary.names() {
            if let scenario = try? environment.scenarioLibrary.load(name) { scenarios[name] = scenario.json }
        }
        var seeds: [String: Int] = [:]
        for (index, name) in EndpointName.all.enumerated() { seeds[name.rawValue] = index + 1 }
        var header = SessionHeader(
            program: ChallengeTUI.version, size: size, colors: environment.pictureColorMode(), backend: environment.options.backend,
            challenge: environment.options.challenge, scenario: environment.scenario, scenarios: scenarios,
            configuration: environment.configuration, wallAtOrigin: environment.time.wallAtOrigin,
            utcOffset: utcOffset ?? LocalTime.utcOffset(at: environment.time.wallAtOrigin), seeds: seeds)
        header.background = environment.background.atStart()
        return header
    }
}

/// The session as a recording sees it: effects run, what a screen read when it was made is
/// written as an `opened` line.
final class RecordingTap: SessionTap {
    let runsEffects = true
    let blobs = SessionBlobs()
    weak var recorder: SessionRecorder?

    func opened(screen: Int, answers: [JSONValue]) -> [JSONReader]? {
        if !answers.isEmpty { recorder?.append(.opened(screen: screen, answers.map { JSONReader(file: "", value: $0) })) }
        return nil
    }

    func network(after current: LiveNetwork) -> LiveNetwork? { nil }

    func standings(_ read: () -> [ChallengeID: String]) -> [ChallengeID: String] {
        let standings = read()
        recorder?.append(.standings(standings))
        return standings
    }

    func failed(_ error: ConfigurationError) {}
}
