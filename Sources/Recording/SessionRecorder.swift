import AppShell
import CommandLineKit
import Core
import FoundationEssentials
import Glibc
import TUI

/// `--record FILE`: the shell as the event loop runs it, with every key, message and answer
/// written as the shell takes it in (`SessionTap.record`, called at the shell's entry, where they
/// all pass, answers performed at once included) and after each frame its digest
/// (Docs/recording.md). It changes nothing the shell does.
public final class SessionRecorder: TerminalApp, SessionTap {
    public typealias Message = ShellMessage

    package let shell: ChallengeShell
    private let file: SessionFile
    private var context: RunContext<ShellMessage>?
    private var frames = 0
    private var letters = SecretLetters()
    private var secrets: SecretPlaceholders?
    private var size: Size?
    /// Lines made since the last frame went out, written (encoded) once it has.
    private var pending: [SessionEntry] = []
    package let runsEffects = true
    package let blobs = SessionBlobs()

    /// Records `shell` into `path` (created or emptied, mode 0600). Throws when it can't be.
    public convenience init(shell: ChallengeShell, path: String) throws(LaunchError) {
        self.init(shell: shell, file: try SessionFile(path: path))
    }

    package init(shell: ChallengeShell, file: SessionFile) {
        self.shell = shell
        self.file = file
        shell.session = self
    }

    /// Bytes written so far, and the first write that failed.
    package var bytesWritten: Int { file.size }
    public var problem: String? { file.problem }

    public func start(_ context: RunContext<ShellMessage>) {
        self.context = context
        file.append(header(size: context.terminalSize).json(challenges: shell.environment.challenges).description)
        size = context.terminalSize
        // First: what starting does (a challenge opened with --challenge reads its stored data)
        // is recorded after it.
        record(.start, storeProblem: nil)
        shell.start(context)
        handled(secretShapes: shell.secretShapes)
        writePending()
    }

    public func handle(_ key: Key, _ context: RunContext<ShellMessage>) {
        shell.handle(key, context)
        if key == .resize { size = context.terminalSize }
    }

    public func handle(_ message: ShellMessage, _ context: RunContext<ShellMessage>) {
        shell.handle(message, context)
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
            pending.append(SessionEntry(time: context.timestamp.elapsed, line: .frame(frames, CanvasDigest(canvas, cursor: cursor), changed)))
        }
        writePending()
    }

    /// The digest and the write above come after each frame.
    public var worksAfterEachFrame: Bool { true }

    /// Writes the end line and closes the file; `why` in a word (`quit`, `signal`…).
    public func finish(_ why: String) {
        if let context {
            pending.append(SessionEntry(time: context.timestamp.elapsed, line: .end(why)))
            writePending()
        }
        file.close()
    }

    // MARK: SessionTap

    package func record(_ line: SessionLine, storeProblem: StoreError?) {
        guard let context else { return }
        var entry = SessionEntry(time: context.timestamp.elapsed, line: line)
        entry.storeProblem = storeProblem
        pending.append(entry)
    }

    package func handled(secretShapes: [SecretLetters.Shape]?) {
        // The placeholders after what was just handled go on the last line it made.
        if let shapes = secretShapes {
            let now = letters.placeholders(for: shapes)
            if now != secrets, !pending.isEmpty {
                pending[pending.count - 1].secrets = now
                secrets = now
            }
        } else if secrets != nil {
            letters = SecretLetters()
            secrets = nil
        }
        // No frame goes out while the terminal is too small: lines are not held for ever.
        if pending.count >= 256 { writePending() }
    }

    package func network(after current: LiveNetwork) -> LiveNetwork? { nil }

    package func failed(_ error: ConfigurationError) {}

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
        for (index, name) in environment.challenges.flatMap(\.endpoints).enumerated() { seeds[name.rawValue] = index + 1 }
        var header = SessionHeader(
            program: ProgramVersion.current, size: size, colors: environment.pictureColorMode(), backend: environment.options.backend,
            challenge: environment.options.challenge, scenario: environment.scenario, scenarios: scenarios,
            configuration: environment.configuration, wallAtOrigin: environment.time.wallAtOrigin,
            utcOffset: shell.inspectorModel.utcOffset ?? LocalTime.utcOffset(at: environment.time.wallAtOrigin), seeds: seeds)
        header.background = environment.background.atStart()
        return header
    }
}
