import CNcurses
import Foundation
import Testing

/// Started where it can't draw, the program says what is missing in one line and exits 2 before
/// anything is drawn or changed; once running, the end of its input (the terminal went away)
/// ends it at once with status 1 and a line on stderr (Docs/configuration.md, exit statuses).
@Suite(.timeLimit(.minutes(10))) struct NoTerminalEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-noterm-\(UUID().uuidString)")

    private var environment: [String: String] { BuiltProducts.isolatedEnvironment(dataDir: dataDir) }

    /// `shell` run by sh with `PROGRAM` standing for the program; its status and stdout+stderr.
    private func run(_ shell: String) throws -> (status: Int32, output: String) {
        let program = "'\(BuiltProducts.path("challenge-tui"))'"
        return try Spawn.run(["sh", "-c", shell.replacingOccurrences(of: "PROGRAM", with: program)], environment: environment)
    }

    @Test func noTerminalForInputIsOneLineAndStatusTwo() throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let result = try run("PROGRAM </dev/null 2>&1 >/dev/null")
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("challenge-tui: standard input is not a terminal"))
        #expect(result.output.filter { $0 == "\n" }.count == 1, "one line: \(result.output)")
    }

    /// The screen-reader mode draws nothing and may write to a pipe, but reads its keys from a
    /// terminal: without one, the same line and status.
    @Test func theScreenReaderModeWithoutATerminalForInputIsOneLineAndStatusTwo() throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let result = try run("echo | PROGRAM --screen-reader 2>&1 | cat")
        #expect(result.output.hasPrefix("challenge-tui: standard input is not a terminal"), "\(result.output)")
        #expect(result.output.filter { $0 == "\n" }.count == 1, "one line: \(result.output)")
        let status = try run("PROGRAM --screen-reader </dev/null >/dev/null 2>&1")
        #expect(status.status == 2)
    }

    /// It used to draw the launcher into the pipe's reader and exit 1, saying nothing.
    @Test func aPipeIntoItDrawsNothing() throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let result = try run("echo | PROGRAM 2>&1")
        #expect(result.status == 2)
        #expect(!result.output.contains("\u{1B}"), "nothing drawn: \(result.output.debugDescription)")
        #expect(result.output.contains("standard input is not a terminal"))
    }

    /// The configuration is read first: a scenario that does not exist is named, with the ones
    /// that do, wherever the program runs (`.ci/package` relies on it).
    @Test func aBadScenarioIsNamedEvenWithoutATerminal() throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let result = try run("PROGRAM --scenario no-such-scenario")
        #expect(result.status == 2)
        #expect(result.output.contains("no-such-scenario"))
        #expect(result.output.contains("slow"))
        #expect(!result.output.contains("not a terminal"))
    }

    @Test func helpAndVersionWorkWithoutATerminal() throws {
        #expect(try run("PROGRAM --version </dev/null").status == 0)
        #expect(try run("PROGRAM --help </dev/null >/dev/null").status == 0)
        #expect(try run("PROGRAM --completions bash </dev/null >/dev/null").status == 0)
    }

    /// In a terminal, but drawing into a file, or with a `TERM` that can't be used: the line
    /// names it, and the terminal is left as it was (nothing drawn into the file, the modes
    /// untouched). What it said is read from a file, not the pane: the pane may be gone by the
    /// time a busy machine gives the test a thread again.
    @Test(arguments: [
        ("redirected", "standard output is not a terminal"),
        ("unset", "TERM is not set"),
        ("dumb", "TERM=dumb can't place the cursor"),
        ("xterm-no-such-entry", "TERM=xterm-no-such-entry has no terminfo entry"),
    ])
    func aTerminalThatCantBeUsedIsNamed(_ how: String, _ message: String) async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let program = "'\(BuiltProducts.path("challenge-tui"))'"
        var environment = environment
        let command: String
        switch how {
        case "redirected": command = "\(program) > drawn 2> said"
        case "unset": command = "env -u TERM \(program) 2> said"
        default:
            environment["TERM"] = how
            command = "\(program) 2> said"
        }
        let terminal = try TmuxTerminal(["sh", "-c", command], environment: environment)
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 2)
        let said = try String(contentsOf: terminal.directory.appendingPathComponent("said"), encoding: .utf8)
        #expect(said.hasPrefix("challenge-tui: \(message)"), "\(said)")
        #expect(said.filter { $0 == "\n" }.count == 1, "one line, the context said once: \(said)")
        #expect(stty.contains("icanon") && !stty.contains("-icanon"), "the terminal's modes untouched")
        if how == "redirected" {
            let drawn = try Data(contentsOf: terminal.directory.appendingPathComponent("drawn"))
            #expect(drawn.isEmpty, "nothing drawn into the file")
        }
    }

    /// The terminal goes away while the program runs (its window closed: the pseudo-terminal's
    /// master end closes). It used to spin on reads of nothing; now it ends at once.
    @Test func theTerminalGoingAwayEndsItWithStatusOneAndALine() async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        var environment = environment
        environment["TERM"] = "xterm-256color"
        let errors = dataDir.appendingPathComponent("stderr")
        let log = dataDir.appendingPathComponent("log")
        let process = try PseudoTerminalProgram(
            [BuiltProducts.path("challenge-tui"), "--challenge", "navigation", "--log", log.path],
            environment: environment, stderr: errors.path)
        // The flow opens once the terminal has started; the log says so. (Not the pty's output:
        // under load a read of the master end was seen to answer EAGAIN with bytes waiting.)
        try await process.waitFor(file: log, containing: "app: opened Navigation flow")
        process.closeTerminal()
        let status = try await process.waitForExit()
        #expect(status == 1)
        let said = try String(contentsOf: errors, encoding: .utf8)
        #expect(said == "challenge-tui: the terminal's input closed (the terminal went away); ended\n")
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(logged.contains("app: started "))
        #expect(logged.contains(": mock backend (scenario default)\n"))
        #expect(logged.hasSuffix("app: ended: the terminal's input closed\n"))
    }
}

/// A program on a pseudo-terminal of its own, without tmux: the test holds the master end (the
/// user's side) and can close it, as a terminal window that goes away does.
private final class PseudoTerminalProgram {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var master: Int32
    private let pid: pid_t
    private var exited = false
    private let stderr: String

    init(_ arguments: [String], environment: [String: String], stderr: String) throws {
        self.stderr = stderr
        var master: Int32 = -1, slave: Int32 = -1
        guard ctui_open_pty(&master, &slave) == 0 else { throw Failure(description: "no pseudo-terminal") }
        defer { close(slave) }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, slave, 0)
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        // The test's thread blocks most signals; the program starts with none blocked, as from
        // a shell (glibc's POSIX_SPAWN_SETSIGMASK is 0x08).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, 0x08)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, env)
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        self.master = master
        self.pid = pid
    }

    deinit {
        if master >= 0 { close(master) }
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Waits until `file` holds `text` (or 20 s have passed, or the program ended).
    func waitFor(file: URL, containing text: String) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            // Looked at once more after the deadline: a test task that got no thread for a while
            // (a busy machine) still sees what the program wrote meanwhile.
            let pastDeadline = ContinuousClock.now >= deadline
            if let held = try? String(contentsOf: file, encoding: .utf8), held.contains(text) { return }
            var status: Int32 = 0
            if !exited, waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                throw Failure(description: "the program ended (status \(status)) before '\(text)'; on stderr: \(errors)")
            }
            if pastDeadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "no '\(text)' in \(file.lastPathComponent) within 20 s; on stderr: \(errors)")
    }

    private var errors: String { ((try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "").debugDescription }

    /// The user's side of the terminal goes away.
    func closeTerminal() {
        close(master)
        master = -1
    }

    /// The exit status (128 + the signal for a signal), once the program has ended (or 20 s).
    func waitForExit() async throws -> Int32 {
        let deadline = ContinuousClock.now + .seconds(20)
        var status: Int32 = 0
        while true {
            let pastDeadline = ContinuousClock.now >= deadline
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            if pastDeadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "the program did not end within 20 s of its terminal going away")
    }
}
