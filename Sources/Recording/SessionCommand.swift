import AppShell
import Core
import Glibc
import TUI

/// `--replay FILE`, in the terminal or (with `--export-cast`) to a cast file. The recording is
/// read and played through once before anything else, so a file that can't be played is one
/// message and exit status 2 before the terminal is touched (Docs/recording.md, "Bad input").
package enum SessionCommand {
    /// Returns the exit status: 0 when every frame was the same as recorded, 1 when one differed,
    /// 2 for a recording that can't be played (or a terminal too small for it).
    /// `term`: the `TERM` the replay's terminal is checked with (not for a cast, which needs none).
    /// `challenges`: the registration the program was started with.
    package static func replay(
        _ options: LaunchOptions, challenges: [Challenge], term: String?, print: (String) -> Void, printError: (String) -> Void
    ) -> Int32 {
        guard let path = options.replayFile else { return 2 }
        let recording: SessionRecording
        do {
            recording = try SessionRecording.read(path, challenges: challenges)
        } catch {
            printError("challenge-tui: \(error.description)")
            return 2
        }
        if let castPath = options.castFile { return exportCast(recording, to: castPath, print: print, printError: printError) }
        if options.screenReader { return transcript(of: recording, path: path, print: print, printError: printError) }
        do {
            _ = try SessionVerdict.check(recording)
        } catch {
            printError("challenge-tui: \(error.description)")
            return 2
        }
        // As for a session: no usable terminal, one line and nothing drawn (Docs/configuration.md).
        if let problem = TerminalCheck.problem(term: term) {
            printError("challenge-tui: \(problem)")
            return 2
        }
        let needed = recording.header.size
        if let size = terminalSize(), size.width < needed.width || size.height < needed.height {
            printError("challenge-tui: \(path) line 1: the recording's terminal is \(needed.width)x\(needed.height); this one is "
                + "\(size.width)x\(size.height) (make it at least as large)")
            return 2
        }
        do {
            let app = try ReplayApp(recording: recording, speed: options.replaySpeed)
            let terminal = NcursesTerminal(noColorFlag: options.noColor, modes: .none, highContrast: options.highContrast)
            let loop = try EventLoop(
                app: app, terminal: terminal, configuration: .init(minimumSize: needed, quitKeysWhenTooSmall: [.char("q")]),
                time: .system)
            _ = try loop.run()
            if let problem = app.problem {
                printError("challenge-tui: \(path): \(problem)")
                return 2
            }
            guard let verdict = app.verdict else {
                print("left the replay of \(path)")
                return 0
            }
            print("\(verdict.summary) (\(path))" + (recording.cutShort.map { "; \($0.description)" } ?? ""))
            return verdict.isIdentical ? 0 : 1
        } catch let error as SessionReadError {
            printError("challenge-tui: \(error.description)")
            return 2
        } catch {
            printError("challenge-tui: cannot start the terminal: \(error)")
            return 1
        }
    }

    /// `--replay FILE --screen-reader`: the recording played through as fast as it goes, saying
    /// after each frame what the screen-reader mode says (Docs/screen-reader.md), then the
    /// verdict. Needs no terminal.
    private static func transcript(
        of recording: SessionRecording, path: String, print: (String) -> Void, printError: (String) -> Void
    ) -> Int32 {
        do {
            let player = try SessionPlayer(recording)
            var writer = TranscriptWriter()
            let verdict = try player.playThrough(stoppingAtADifference: true) {
                let time = player.recording.entries[player.position - 1].time
                writer.lines(for: player.shell, at: time).forEach(print)
            }
            print("\(verdict.summary) (\(path))" + (recording.cutShort.map { "; \($0.description)" } ?? ""))
            return verdict.isIdentical ? 0 : 1
        } catch {
            printError("challenge-tui: \(error.description)")
            return 2
        }
    }

    private static func exportCast(
        _ recording: SessionRecording, to path: String, print: (String) -> Void, printError: (String) -> Void
    ) -> Int32 {
        let made: (cast: String, verdict: SessionVerdict, last: Canvas?)
        let progress = ExportProgress(frames: recording.frameCount, showing: isatty(STDERR_FILENO) == 1)
        do {
            defer { progress.finish() }
            made = try SessionCast.make(recording, progress: progress.drew)
        } catch {
            printError("challenge-tui: \(error.description)")
            return 2
        }
        do {
            let file = try SessionFile(path: path, flag: "--export-cast")
            file.append(String(made.cast.dropLast()))
            file.close()
            if let problem = file.problem {
                printError("challenge-tui: --export-cast: cannot write \(path): \(problem)")
                return 1
            }
        } catch {
            printError("challenge-tui: \(error.description)")
            return error.exitStatus
        }
        guard made.verdict.isIdentical else {
            print("exported \(Self.frames(made.verdict.frames)) of \(recording.file) to \(path), up to the first that differs")
            printError("challenge-tui: \(made.verdict.summary)")
            return 1
        }
        print("exported \(Self.frames(made.verdict.frames)) of \(recording.file) to \(path)"
            + (recording.cutShort.map { "; \($0.description)" } ?? ""))
        return 0
    }

    private static func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }

    /// The terminal's size as the kernel knows it, before curses starts; nil without a terminal
    /// (the terminal's own start then says why).
    private static func terminalSize() -> Size? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
