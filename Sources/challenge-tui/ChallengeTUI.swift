import AppShell
import ArticlesApp
import CommandLineKit
import Core
import FoundationEssentials
import Glibc
import NavigationApp
import ProfileApp
import Recording
import TUI

/// The program: arguments → environment → event loop on ncurses → exit status.
public enum ChallengeTUI {
    public static let version = ProgramVersion.current

    /// Runs the app and returns the process's exit status. Everything that can be wrong with the
    /// input is found before the terminal is touched.
    public static func main(
        arguments: [String], environment: [String: String]
    ) -> Int32 {
        let options: LaunchOptions
        do {
            switch try LaunchArguments.parse(arguments) {
            case .help:
                print(LaunchArguments.usage)
                return 0
            case .version:
                print("challenge-tui \(version)")
                return 0
            case .completions(let shell):
                print(CompletionScript.render(LaunchInterface.interface, for: shell), terminator: "")
                return 0
            case .run(let parsed):
                options = parsed
            }
            // Before any file is opened: no output may be an input or another output
            // (Docs/security.md, "Outputs never overwrite inputs").
            try DistinctFiles.check(options)
            // A replay runs on its recording alone (Docs/recording.md).
            if options.replayFile != nil {
                return SessionCommand.replay(
                    options, challenges: Challenge.all, term: environment["TERM"], print: { print(OutsideText.escaped($0, keepingLineBreaks: true)) },
                    printError: printError)
            }
        } catch {
            printError("challenge-tui: \(error.description)\n\n\(HelpText.shortUsage(LaunchInterface.interface))")
            return 2
        }

        // Before any key is read: no core file, no debugger or /proc reader of the same user
        // (Docs/security.md, "Keys in memory").
        ProcessHardening.disableDumps()
        let app: AppEnvironment
        let terminal: any Terminal
        // The screen-reader mode: a transcript instead of a full screen (Docs/screen-reader.md).
        var transcript: TranscriptTerminal?
        do {
            // Once the store is open (or could not be), the key's variables leave the process.
            defer { ProcessHardening.removeFromEnvironment() }
            let inputs = try AppEnvironment.Inputs.read(options: options, environment: environment)
            // Made, not started: nothing is drawn or changed until the event loop starts it.
            if options.screenReader || inputs.configuration.screenReader {
                // Nothing is drawn, so neither TERM nor the terminal's colours matter: the frames
                // drawn off screen (for a recording's digests) use 256 colours.
                let lines = TranscriptTerminal()
                transcript = lines
                terminal = lines
                app = AppEnvironment(inputs, pictureColorMode: { .xterm256 })
            } else {
                let screen = NcursesTerminal(
                    noColorFlag: options.noColor, environment: environment, modes: inputs.terminalModes, background: inputs.terminalBackground,
                    highContrast: options.highContrast || inputs.configuration.highContrast)
                terminal = screen
                // Pictures are drawn in the colours the terminal turns out to have once started,
                // for the background it has then (its later answer comes as a key).
                app = AppEnvironment(
                    inputs, pictureColorMode: { [unowned screen] in screen.colorMode },
                    backgroundAtStart: { [unowned screen] in screen.startBackground })
            }
            // Checked once the configuration is read (a bad scenario is named wherever the
            // program runs) and before anything changes or is drawn (Docs/configuration.md).
            // The screen-reader mode draws nothing: it needs only keys from a terminal (its
            // lines may go to a file or a pipe, and any TERM will do).
            let problem = transcript == nil
                ? TerminalCheck.problem(term: environment["TERM"])
                : TerminalCheck.problem(inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: true, term: "transcript") { _ in .usable }
            if let problem {
                printError("challenge-tui: \(problem)")
                return 2
            }
            if options.reset { try resetProgress(app) }
        } catch {
            printError("challenge-tui: \(error.description)")
            return error.exitStatus
        }

        // `--record`: the file is opened before the terminal is touched (Docs/recording.md).
        let recording: SessionFile?
        do {
            recording = try options.recordFile.map { path throws(LaunchError) in try SessionFile(path: path) }
        } catch {
            printError("challenge-tui: \(error.description)")
            return error.exitStatus
        }

        let shell = ChallengeShell(environment: app)
        do {
            let exit: EventLoopExit
            app.logger.info("app", "started \(version): \(app.backendDescription)")
            if let recording {
                let recorder = SessionRecorder(shell: shell, file: recording)
                exit = try run(recorder, shell: shell, on: terminal, transcript: transcript, time: app.time)
                recorder.finish("\(exit)")
                if let problem = recorder.problem {
                    printError("challenge-tui: --record: could not write \(recording.path) (\(problem)); the recording is incomplete")
                }
            } else {
                exit = try run(shell, shell: shell, on: terminal, transcript: transcript, time: app.time)
            }
            app.logger.info("app", "ended: \(exit)")
            // A terminating signal that was handled cleanly is a clean end, not a failure.
            switch exit {
            case .quit, .signal: return 0
            case .inputClosed:
                // The terminal went away: it has been given back as far as it still exists.
                printError("challenge-tui: the terminal's input closed (the terminal went away); ended")
                return exit.exitStatus
            }
        } catch {
            // The error names its own context ("cannot start the terminal: …").
            printError("challenge-tui: \(error)")
            return 1
        }
    }

    /// Runs `app` (the shell, or the recorder around it) on `terminal`: in the screen-reader mode,
    /// its frames are said on `transcript` instead of drawn.
    private static func run<App: TerminalApp>(
        _ app: App, shell: ChallengeShell, on terminal: any Terminal, transcript: TranscriptTerminal?, time: TimeSource
    ) throws -> EventLoopExit where App.Message == ShellMessage {
        guard let transcript else { return try EventLoop(app: app, terminal: terminal, time: time).run() }
        let said = TranscriptApp(app, shell: shell, say: { [unowned transcript] lines in transcript.say(lines) })
        return try EventLoop(app: said, terminal: terminal, time: time).run()
    }

    /// `--reset`: every challenge forgets what it kept between runs. A store that could not be
    /// opened — another copy of the program using the data folder, a wrong key — ends the start
    /// with status 1 and says why: forgetting in memory would report a reset that never happened,
    /// and writing beside another copy is what its lock forbids (Docs/security.md, "Two copies on
    /// one data folder").
    private static func resetProgress(_ app: AppEnvironment) throws(LaunchError) {
        if let problem = app.storeProblem {
            throw LaunchError("--reset: \(problem.message); nothing was forgotten", exitStatus: 1)
        }
        for challenge in app.challenges {
            do {
                _ = try challenge.progress?.forget(app)
            } catch {
                throw LaunchError("--reset: \(error.message)", exitStatus: 1)
            }
        }
    }

    /// Writes one message to stderr, every control and bidi character of the outside text in it
    /// escaped (`OutsideText`; Docs/security.md, "Outside text"): a value quoted from a file or an
    /// argument never acts on the terminal, even where a message forgot to quote it.
    package static func printError(_ text: String) {
        StandardError.write(OutsideText.escaped(text, keepingLineBreaks: true) + "\n")
    }
}
