import Foundation
import Testing

/// The real `challenge-tui` binary on a pseudo-terminal: what a person sees and types.
@Suite(.serialized, .timeLimit(.minutes(10))) struct LauncherEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    private func launch(_ arguments: [String] = [], width: Int = 80, height: Int = 24) throws -> TmuxTerminal {
        try TmuxTerminal(
            [BuiltProducts.path("challenge-tui")] + arguments, width: width, height: height,
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        )
    }

    /// Canonical mode and echo are what a shell needs back after a full-screen program.
    private func expectRestored(_ stty: String) {
        #expect(stty.contains(" icanon"), "canonical mode restored")
        #expect(stty.contains(" echo "), "echo restored")
    }

    @Test func launcherAppearsMovesAndQuitsWithExitZeroAndTheTerminalRestored() async throws {
        let terminal = try launch()
        let screen = try await terminal.waitFor("Navigation flow")
        #expect(screen.contains { $0.contains("Articles") })
        #expect(screen.contains { $0.contains("Profile") })
        #expect(screen.contains { $0.contains("Mock backend") })
        // Where each challenge stands, read from the store after the first frame.
        try await terminal.waitFor("not started")
        try terminal.send("Down")
        try await terminal.waitFor("▸ 2  Articles")
        try terminal.send("q")
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    /// Keys terminfo doesn't name (Ctrl-Shift-F5), and a sequence cut short, do nothing: read
    /// as keys their `1` would open the navigation flow (Docs/mouse-and-paste.md).
    @Test func unknownEscapeSequencesDoNothing() async throws {
        let terminal = try launch()
        try await terminal.waitFor("not started")
        try terminal.sendBytes(Array("\u{1B}[99;6~".utf8))
        try terminal.sendBytes(Array("\u{1B}[1;".utf8))
        // A key ncurses knows breaks the sequence cut short off and counts.
        try terminal.send("Down")
        let screen = try await terminal.waitFor("▸ 2  Articles")
        #expect(!screen.contains { $0.contains("Screen A") })
        try terminal.send("Escape")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func helpOverlayOpensAndCloses() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        try terminal.send("?")
        try await terminal.waitFor("╭─ Help")
        try terminal.send("Escape")
        try await terminal.waitUntil("help closed") { !$0.contains { $0.contains("╭─ Help") } }
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func sigtermEndsCleanlyAndRestoresTheTerminal() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        kill(try terminal.programPID(), SIGTERM)
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    /// A signal the app doesn't handle still ends it by that signal, but only after the terminal
    /// is back as it was: cooked mode, echo, main screen, cursor shown (Docs/security.md).
    /// SIGSEGV and SIGQUIT go on to Swift's crash reporter, told not to wait for a key here.
    @Test(arguments: [SIGUSR1, SIGQUIT, SIGSEGV, SIGALRM])
    func aSignalThatEndsTheProgramLeavesTheTerminalRestored(_ signal: Int32) async throws {
        var environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        let terminal = try TmuxTerminal([BuiltProducts.path("challenge-tui")], environment: environment)
        try await terminal.waitFor("Navigation flow")
        #expect(try terminal.paneFlag("alternate_on") == "1")
        #expect(try terminal.paneFlag("mouse_any_flag") == "1")
        kill(try terminal.programPID(), signal)
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 128 + signal, "the shell saw it die by signal \(signal)")
        expectRestored(stty)
        #expect(try terminal.paneFlag("alternate_on") == "0")
        #expect(try terminal.paneFlag("cursor_flag") == "1")
        #expect(try terminal.paneFlag("keypad_cursor_flag") == "0")
        #expect(try terminal.paneFlag("mouse_any_flag") == "0", "mouse reports off")
    }

    /// Every signal whose default action ends the program is caught (the app puts the terminal
    /// back first), and SIGPIPE is ignored (a closed connection is an error to handle): read
    /// from the running program's own signal masks in /proc, the effect of installing them.
    @Test func everySignalThatEndsTheProgramIsCaughtAndBrokenPipesAreIgnored() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        let status = try String(contentsOfFile: "/proc/\(try terminal.programPID())/status", encoding: .utf8)
        func mask(_ name: String) throws -> UInt64 {
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(name + ":") })
            return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
        }
        let caught = try mask("SigCgt"), ignored = try mask("SigIgn")
        func has(_ set: UInt64, _ signal: Int32) -> Bool { set & (1 << UInt64(signal - 1)) != 0 }
        let ending: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
                               SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS]
            + Array(34...64)
        for signal in ending {
            #expect(has(caught, signal), "signal \(signal) is caught")
        }
        #expect(has(ignored, SIGPIPE), "SIGPIPE is ignored")
        #expect(!has(caught, SIGPIPE))
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    /// SIGTSTP from outside, or Ctrl-Z: the terminal is given back as for an exit (main screen,
    /// mouse reports and paste mode off, cooked mode) and the program stops; `fg` continues it,
    /// and it takes the terminal back and draws the screen again (Docs/security.md, "Signals").
    /// A shell with job control (`set -m`) runs it, as an interactive one would: it says when
    /// the program stopped, then waits for Enter before `fg`.
    @Test(arguments: ["kill", "C-z"])
    func aStopGivesTheTerminalBackAndFgTakesItAgain(_ how: String) async throws {
        let script = #"set -m; "$0"; echo "stopped with $?"; stty -a | tr '\n' ' ' > stty-stopped; read -r line; fg"#
        let terminal = try TmuxTerminal(
            ["bash", "-c", script, BuiltProducts.path("challenge-tui")],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        try await terminal.waitFor("Navigation flow")
        #expect(try terminal.paneFlag("mouse_any_flag") == "1")
        if how == "kill" {
            // The pane's program is the job-control shell; the app is its child.
            let shell = try terminal.programPID()
            let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
            let app = try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
            kill(app, SIGTSTP)
        } else {
            try terminal.send("C-z")
        }
        try await terminal.waitFor("stopped with 148")
        #expect(try terminal.paneFlag("alternate_on") == "0")
        #expect(try terminal.paneFlag("mouse_any_flag") == "0", "mouse reports off while stopped")
        #expect(try terminal.paneFlag("mouse_sgr_flag") == "0")
        #expect(try terminal.paneFlag("cursor_flag") == "1")
        let stopped = try String(contentsOf: terminal.directory.appendingPathComponent("stty-stopped"), encoding: .utf8)
        expectRestored(stopped)

        try terminal.send("Enter")
        try await terminal.waitFor("Navigation flow")
        #expect(try terminal.paneFlag("alternate_on") == "1")
        #expect(try terminal.paneFlag("mouse_any_flag") == "1")
        try terminal.send("Down")
        try await terminal.waitFor("▸ 2  Articles")
        try terminal.send("q")
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
        #expect(try terminal.paneFlag("mouse_any_flag") == "0")
    }

    @Test func theKeyLeavesTheEnvironmentOnceRead() async throws {
        let environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        let key = try #require(environment["CHALLENGE_TUI_KEY"])
        let terminal = try TmuxTerminal([BuiltProducts.path("challenge-tui")], environment: environment)
        try await terminal.waitFor("Navigation flow")
        // /proc/PID/environ shows the memory the environment started in: the value is gone from it.
        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(try terminal.programPID())/environ"))
        #expect(environ.range(of: Data(key.utf8)) == nil)
        #expect(environ.range(of: Data("CHALLENGE_TUI_DATA_DIR=".utf8)) != nil)
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    /// Run as an unprivileged user, the app's memory and environment are closed to another
    /// process of that same user (it is not dumpable); a dumpable process of theirs is open.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func anotherProcessOfTheSameUserCannotReadTheAppsMemory() async throws {
        let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-nobody-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = BuiltProducts.isolatedEnvironment(dataDir: home.appendingPathComponent("data"))
        environment["HOME"] = home.path
        let terminal = try TmuxTerminal(nobody + [BuiltProducts.path("challenge-tui")], environment: environment)
        try await terminal.waitFor("Navigation flow")
        // env and setpriv exec the app: the pane's program is the app itself.
        let app = try terminal.programPID()
        #expect(try String(contentsOfFile: "/proc/\(app)/comm", encoding: .utf8).hasPrefix("challenge-tui"))
        let (denied, output) = try Spawn.run(nobody + ["cat", "/proc/\(app)/environ"])
        #expect(denied != 0, "read: \(output.prefix(80))")
        let (allowed, _) = try Spawn.run(nobody + ["sh", "-c", "sleep 5 & cat /proc/$!/environ > /dev/null"])
        #expect(allowed == 0)
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func tooSmallTerminalSaysSoAndRecoversWhenItGrows() async throws {
        let terminal = try launch(width: 50, height: 15)
        try await terminal.waitFor("Terminal too small: need 60x20, have 50x15")
        try terminal.resize(width: 80, height: 24)
        try await terminal.waitFor("Navigation flow")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func badArgumentsExitTwoWithUsageBeforeTouchingTheTerminal() async throws {
        let (status, text) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--challenge", "chess"])
        #expect(status == 2)
        #expect(text.contains(#"unknown challenge "chess""#))
        #expect(text.contains("usage: challenge-tui"))
    }
}
