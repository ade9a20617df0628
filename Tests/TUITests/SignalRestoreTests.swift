import CoreTesting
import CNcurses
import Glibc
import Testing
@testable import TUI

/// Signals that end the program put the terminal back first (Docs/security.md, "Signals"). Each
/// case runs in a child process on a pseudo-terminal whose modes the child saves (cooked, with
/// echo), then switches to raw as curses would, before it dies; the parent checks how it died
/// and what the terminal was left in. The end-to-end tests do the same with the real program.
@Suite(.timeLimit(.minutes(10))) struct SignalRestoreTests {
    /// Forks; the child runs `body` (which must end the child), the parent gets how it ended,
    /// the terminal's modes afterwards and what the child wrote to it.
    private func inChild(_ body: (Int32) -> Void) throws -> (status: Int32, modes: termios, output: [UInt8]) {
        var master: Int32 = -1, slave: Int32 = -1
        guard ctui_open_pty(&master, &slave) == 0 else { throw TerminalError.cannotStart("no pty") }
        defer { close(master); close(slave) }
        var cooked = termios()
        tcgetattr(slave, &cooked)
        cooked.c_lflag |= tcflag_t(ICANON | ECHO)
        tcsetattr(slave, TCSANOW, &cooked)
        let child = fork()
        if child == 0 {
            ForkedChild.closeInheritedDescriptors(keeping: [slave])
            // The test runs on a worker thread, which blocks most signals; the app's terminal
            // thread blocks none.
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            body(slave)
            _exit(99) // the body was to end the process by a signal
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        var modes = termios()
        tcgetattr(slave, &modes)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        return (status, modes, output)
    }

    /// What a child does before it dies: save the modes, go raw as curses does, arm `signal`.
    private static func prepare(_ slave: Int32, for signal: Int32) {
        Glibc.signal(signal, SIG_DFL)
        SignalHub.saveTerminalModes(descriptor: slave)
        var raw = termios()
        tcgetattr(slave, &raw)
        cfmakeraw(&raw)
        tcsetattr(slave, TCSANOW, &raw)
        SignalHub.prepareTerminalReset()
        SignalHub.setCursesActive(true)
        SignalHub.installAlternateStack()
        SignalHub.installDyingHandler(for: signal)
    }

    private func expectRestored(_ result: (status: Int32, modes: termios, output: [UInt8]), diedBy signal: Int32) {
        let signalled = result.status & 0x7f
        #expect(signalled == signal, "died by signal \(signalled), status \(result.status)")
        #expect(result.modes.c_lflag & tcflag_t(ICANON) != 0, "canonical mode restored")
        #expect(result.modes.c_lflag & tcflag_t(ECHO) != 0, "echo restored")
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.contains("\u{1B}[?1049l"), "left the alternate screen")
        #expect(text.contains("\u{1B}[?2004l") && text.contains("\u{1B}[?1000l"), "paste and mouse modes off")
        #expect(text.contains("\u{1B}[?7h"), "auto-wrap on, even if a cluster was being written")
    }

    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT, SIGVTALRM, SIGPROF, SIGXCPU, SIGTERM, SIGABRT])
    func aSignalThatEndsTheProgramRestoresTheTerminalAndStillEndsIt(_ signal: Int32) throws {
        let result = try inChild { slave in
            Self.prepare(slave, for: signal)
            raise(signal)
        }
        expectRestored(result, diedBy: signal)
    }

    @Test func aStackOverflowRestoresTheTerminalFromTheAlternateStack() throws {
        let result = try inChild { slave in
            Self.prepare(slave, for: SIGSEGV)
            _ = overflow(0)
        }
        expectRestored(result, diedBy: SIGSEGV)
    }

    /// A signal ignored when the program started (`nohup`) stays ignored; the others that end a
    /// process get the handler that restores the terminal.
    @Test func aSignalIgnoredAtTheStartStaysIgnored() throws {
        let result = try inChild { _ in
            // As an earlier test of this process may have: installed once already.
            SignalHub.installFatalHandlers()
            Glibc.signal(SIGHUP, SIG_IGN)
            Glibc.signal(SIGUSR1, SIG_DFL)
            SignalHub.forgetFatalHandlersInstalled() // installed once a process: this child's own
            SignalHub.installFatalHandlers()
            var hangUp = sigaction(), user = sigaction()
            sigaction(SIGHUP, nil, &hangUp)
            sigaction(SIGUSR1, nil, &user)
            let ignored = hangUp.sa_flags & SA_SIGINFO == 0 && unsafeBitCast(hangUp.__sigaction_handler, to: Int.self) == 1
            let handled = user.sa_flags & SA_SIGINFO != 0
            _exit(ignored && handled ? 42 : 43)
        }
        #expect(result.status >> 8 == 42, "status \(result.status)")
    }

    @Test func theSignalsThatEndAProcessAreTheOnesHandled() {
        let ending: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
                               SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS, 34, 64]
        for signal in ending {
            #expect(SignalHub.endsProcess(signal), "\(signal)")
        }
        let others: [Int32] = [SIGCHLD, SIGCONT, SIGSTOP, SIGKILL, SIGTSTP, SIGTTIN, SIGTTOU, SIGURG, SIGWINCH, SIGPIPE]
        for signal in others {
            #expect(!SignalHub.endsProcess(signal), "\(signal)")
        }
    }
}

/// Recurses until the stack runs out; the frame is kept alive so no optimisation loops it.
@inline(never)
private func overflow(_ depth: Int) -> Int {
    var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
    withUnsafeMutablePointer(to: &frame) { pointer in _ = pointer }
    return overflow(depth + 1) &+ frame.0
}
