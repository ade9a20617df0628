@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI
import TUITesting

/// `--replay` in a terminal, headless: the recorded frames on the recording's clock, the status
/// line, pausing and stepping, the verdict, and the command's other ways out (a cast, a bad file).
/// See Docs/recording.md, "Replaying".
@Suite(.timeLimit(.minutes(10))) struct ReplayAppTests {
    static let demo = packageRoot.appendingPathComponent("Docs/demos/navigation-sign-in.jsonl").path

    final class Replay {
        let clock = ManualClock()
        let terminal: HeadlessTerminal
        let app: ReplayApp
        let loop: EventLoop<ReplayApp>

        init(_ recording: SessionRecording, speed: ReplaySpeed, size: Size = Size(width: 80, height: 24)) throws {
            let terminal = HeadlessTerminal(size: size)
            self.terminal = terminal
            app = try ReplayApp(recording: recording, speed: speed)
            loop = try EventLoop(
                app: app, terminal: terminal, configuration: .init(minimumSize: recording.header.size, handlesSignals: false),
                poller: ImmediatePoller(advancing: clock, hasPendingInput: { terminal.hasPendingKeys }), time: .driven(by: clock))
            try loop.start()
        }

        var status: String { terminal.lines.last ?? "" }

        /// Steps the loop (time passes as the loop would sleep) until `done` or the loop ends.
        @discardableResult
        func run(until done: (Replay) -> Bool = { _ in false }, steps: Int = 5_000) -> EventLoopExit? {
            for _ in 0..<steps {
                if let exit = loop.step() { return exit }
                if done(self) { return nil }
            }
            return nil
        }

        func press(_ key: Key) -> EventLoopExit? {
            terminal.enqueue(key)
            return loop.step()
        }

        /// The frame number in the status line.
        var frame: Int? {
            guard let range = status.range(of: #"frame \d+/"#, options: .regularExpression) else { return nil }
            return Int(status[range].dropFirst(6).dropLast())
        }
    }

    @Test func aReplayPlaysOnTheRecordingsClockAndSaysAllIdentical() throws {
        let recording = try SessionRecording.read(Self.demo, challenges: Challenge.all)
        let replay = try Replay(recording, speed: .times(4))
        #expect(replay.status.contains("playing") && replay.status.contains("×4"))
        replay.run { $0.app.verdict != nil }
        #expect(replay.app.verdict == SessionVerdict(frames: recording.frameCount))
        #expect(replay.status.contains("replayed \(recording.frameCount) frames, all identical"))
        #expect(replay.terminal.lines.contains { $0.contains("Screen D") }, "the last frame is on screen")
        // A quarter of the recorded time passed.
        let quarter = recording.duration / 4
        #expect(replay.clock.now.offset >= quarter && replay.clock.now.offset < quarter + .seconds(1))
        #expect(replay.press(.char("q")) == .quit)
    }

    @Test func theCaptionsShowInTheStatusLineAsTheyArePassed() throws {
        let replay = try Replay(try SessionRecording.read(Self.demo, challenges: Challenge.all), speed: .max, size: Size(width: 120, height: 24))
        replay.run { $0.status.contains("Esc: back to B2, the selection kept") }
        #expect(replay.status.contains(" · max · Esc: back to B2, the selection kept · Space pause"))
        // Narrower, the caption is cut, with "…", and the keys stay.
        let narrow = try Replay(try SessionRecording.read(Self.demo, challenges: Challenge.all), speed: .max, size: Size(width: 90, height: 24))
        narrow.run { $0.status.contains("Esc: back to B2") }
        #expect(narrow.status.contains("Esc: back to B2") && narrow.status.contains("… · Space pause"), "\(narrow.status)")
    }

    @Test func spacePausesAndTheArrowsStepOneEventBackAndForth() throws {
        let replay = try Replay(try SessionRecording.read(Self.demo, challenges: Challenge.all), speed: .times(1))
        replay.run { ($0.frame ?? 0) >= 10 }
        _ = replay.press(.char(" "))
        #expect(replay.status.contains("paused"))
        let paused = try #require(replay.frame)
        replay.run(steps: 20)
        #expect(replay.frame == paused, "nothing plays while paused")
        _ = replay.press(.right)
        let forward = try #require(replay.frame)
        #expect(forward > paused)
        _ = replay.press(.left)
        _ = replay.press(.left)
        #expect(try #require(replay.frame) < forward)
        // Playing on from there reaches the end, identical.
        _ = replay.press(.char(" "))
        replay.run { $0.app.verdict != nil }
        #expect(replay.app.verdict?.isIdentical == true)
    }

    /// Paused, Space plays: the status line says what the key does now; `?` shows the keys and
    /// any key closes them; a narrow status line ends in "…", never in a cut word.
    @Test func theStatusLineSaysWhatSpaceDoesAndHelpShowsTheKeys() throws {
        let replay = try Replay(try SessionRecording.read(Self.demo, challenges: Challenge.all), speed: .times(1))
        replay.run { ($0.frame ?? 0) >= 3 }
        #expect(replay.status.contains("Space pause"))
        _ = replay.press(.char(" "))
        #expect(replay.status.contains("paused") && replay.status.contains("Space play") && !replay.status.contains("Space pause"))
        _ = replay.press(.char("?"))
        let screen = replay.terminal.lines.joined(separator: "\n")
        #expect(screen.contains("pause or play on") && screen.contains("leave the replay"), "\(screen)")
        #expect(replay.press(.char("q")) == nil, "a key closes the help, not the replay")
        #expect(!replay.terminal.lines.joined(separator: "\n").contains("pause or play on"))
        #expect(replay.status.contains("paused"))
    }

    /// The demos have turns where the loop handled a key and an answer (or several answers)
    /// before it drew: a step over one of them alone would leave the same frame on screen.
    @Test(arguments: ["navigation-sign-in", "articles-retries", "profile-errors"])
    func everyStepForwardShowsANewFrameEvenOverEventsDrawnTogether(demo: String) throws {
        let path = packageRoot.appendingPathComponent("Docs/demos/\(demo).jsonl").path
        let recording = try SessionRecording.read(path, challenges: Challenge.all)
        let replay = try Replay(recording, speed: .times(1))
        _ = replay.press(.char(" "))
        #expect(replay.status.contains("paused"))
        var last = replay.frame ?? 0
        var presses = 0
        while replay.app.verdict == nil, presses < recording.frameCount + 1 {
            _ = replay.press(.right)
            presses += 1
            if replay.app.verdict != nil { break }
            let now = try #require(replay.frame)
            #expect(now > last, "press \(presses) of → stayed on frame \(last)")
            last = now
        }
        #expect(replay.app.verdict == SessionVerdict(frames: recording.frameCount))
    }

    @Test func aFrameThatDiffersStopsTheReplayThere() throws {
        var lines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"frame\":5,") })
        lines[index] = lines[index].replacingOccurrences(of: #""hash":"[0-9a-f]{12}""#, with: #""hash":"000000000000""#, options: .regularExpression)
        let changed = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "changed.jsonl", challenges: Challenge.all)
        let replay = try Replay(changed, speed: .max)
        replay.run { $0.app.verdict != nil }
        #expect(replay.app.verdict?.difference?.frame == 5)
        #expect(replay.status.hasPrefix(" frame 5 at ") && replay.status.contains("differs from the recording (line \(index + 1))"))
    }

    @Test func aRecordingWhoseTerminalGrowsPastThisOneStopsWithAMessage() throws {
        var lines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"frame\":3,") })
        lines.insert(#"{"t":0.0,"resize":[100,30]}"#, at: index)
        let grown = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "grown.jsonl", challenges: Challenge.all)
        let replay = try Replay(grown, speed: .max)
        #expect(replay.run() == .quit)
        #expect(replay.app.problem?.hasPrefix("the recording's terminal is 100x30 at ") == true)
        #expect(replay.app.problem?.hasSuffix("; this one is 80x24") == true)
    }

    // MARK: The command

    @Test func exportingACastWritesItAndSaysHowManyFrames() throws {
        let folder = TemporaryDirectory()
        let cast = folder.file("demo.cast")
        let status = ChallengeTUI.main(arguments: ["--replay", Self.demo, "--export-cast", cast], environment: [:])
        #expect(status == 0)
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.hasPrefix(#"{"env":"#) && text.contains(#""version":2"#))
        #expect(text.split(separator: "\n").count == 1 + (try SessionRecording.read(Self.demo, challenges: Challenge.all)).frameCount)
    }

    /// The demo without its end line (`halfWritten`: and its last frame's line cut in two, as a
    /// crash mid-write leaves it), and the frames it keeps.
    static func demoCutShort(halfWritten: Bool) throws -> (text: String, frames: Int) {
        var lines = try String(contentsOfFile: demo, encoding: .utf8).split(separator: "\n").map(String.init)
        let frames = try SessionRecording.read(demo, challenges: Challenge.all).frameCount
        lines.removeLast()
        guard halfWritten else { return (lines.joined(separator: "\n") + "\n", frames) }
        let last = try #require(lines.lastIndex { $0.contains("\"frame\":\(frames),") })
        lines = Array(lines[...last])
        lines[last] = String(lines[last].prefix(lines[last].count - 9))
        return (lines.joined(separator: "\n"), frames - 1)
    }

    @Test(arguments: [false, true])
    func aRecordingCutShortPlaysToWhereItStopsAndSaysSo(halfWritten: Bool) throws {
        let (text, frames) = try Self.demoCutShort(halfWritten: halfWritten)
        let recording = try SessionRecording.parse(Data(text.utf8), file: "crashed.jsonl", challenges: Challenge.all)
        let replay = try Replay(recording, speed: .max)
        replay.run { $0.app.verdict != nil }
        #expect(replay.app.verdict == SessionVerdict(frames: frames))
        #expect(replay.status.contains("replayed \(frames) frames, all identical · cut short at frame \(frames)"), "\(replay.status)")

        // The command says so at the end, and exports what is there as a cast.
        let folder = TemporaryDirectory()
        let path = folder.file("crashed.jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var options = LaunchOptions()
        options.replayFile = path
        options.castFile = folder.file("crashed.cast")
        var printed: [String] = [], errors: [String] = []
        let status = SessionCommand.replay(options, challenges: Challenge.all, term: nil, print: { printed.append($0) }, printError: { errors.append($0) })
        #expect(status == 0 && errors.isEmpty, "\(errors)")
        #expect(printed.last?.contains("; the recording was cut short at frame \(frames) (no end line\(halfWritten ? "; line" : ")")") == true,
                "\(printed)")
        let cast = try String(contentsOfFile: folder.file("crashed.cast"), encoding: .utf8)
        #expect(cast.split(separator: "\n").count == 1 + frames)
    }

    /// The demo with the digest of frame `number` changed.
    static func demoForgedAt(frame number: Int) throws -> String {
        var lines = try String(contentsOfFile: demo, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"frame\":\(number),") })
        lines[index] = lines[index].replacing(#/"hash":"[0-9a-f]{12}"/#, with: #""hash":"000000000000""#)
        return lines.joined(separator: "\n")
    }

    /// Past a frame that differs the cast would show what was never recorded: the export stops
    /// there, as a replay does, and says so with status 1.
    @Test func aCastStopsAtTheFirstFrameThatDiffers() throws {
        let folder = TemporaryDirectory()
        let forged = folder.file("forged.jsonl")
        try Data(try Self.demoForgedAt(frame: 7).utf8).write(to: URL(fileURLWithPath: forged))
        let cast = folder.file("forged.cast")
        #expect(ChallengeTUI.main(arguments: ["--replay", forged, "--export-cast", cast], environment: [:]) == 1)
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1 + 7, "the header and frames 1 to 7")
        let made = try SessionCast.make(try SessionRecording.parse(Data(try Self.demoForgedAt(frame: 7).utf8), file: "forged.jsonl", challenges: Challenge.all))
        #expect(made.verdict.frames == 7 && made.verdict.difference?.frame == 7)
    }

    /// A small file can ask for a day of drawing: a resize to 1000×1000 and thousands of frames.
    /// It is refused before anything is drawn, naming the line where the sum passes the cap,
    /// whatever its digests say (forged, or the real ones).
    @Test func aRecordingThatAsksForTooMuchDrawingIsRefusedBeforeAnyIsDrawn() throws {
        var lines = try String(contentsOfFile: Self.demo, encoding: .utf8).components(separatedBy: "\n").prefix(1) + [
            #"{"t":0,"start":true}"#, #"{"t":0.001,"resize":[1000,1000]}"#,
        ]
        for frame in 1...300 { lines.append(#"{"t":\#(Double(frame) / 100),"frame":\#(frame),"hash":"000000000000"}"#) }
        lines.append(#"{"t":30,"end":"quit"}"#)
        let text = lines.joined(separator: "\n") + "\n"
        #expect(text.utf8.count < 20_000)
        let recording = try SessionRecording.parse(Data(text.utf8), file: "huge.jsonl", challenges: Challenge.all)
        let cap = SessionFormat.mostCellsDrawn / 1_000_000
        let refusal = SessionReadError(
            file: "huge.jsonl", line: 3 + cap + 1,
            problem: "playing the recording to here draws more than \(cap) million cells (frames × their size), the most a replay or a cast draws")
        #expect(throws: refusal) { try SessionCast.make(recording) }
        #expect(throws: refusal) { try SessionVerdict.check(recording) }
        let folder = TemporaryDirectory()
        let huge = folder.file("huge.jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: huge))
        #expect(ChallengeTUI.main(arguments: ["--replay", huge, "--export-cast", folder.file("x.cast")], environment: [:]) == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.cast")))
        // Just under the cap plays (and here differs at once).
        let under = try SessionRecording.parse(Data((lines.prefix(3 + cap) + [#"{"t":30,"end":"quit"}"#]).joined(separator: "\n").utf8), file: "under.jsonl", challenges: Challenge.all)
        #expect(try SessionVerdict.check(under).frames == 1)
    }

    /// A long export says how far it has come when stderr is a terminal: one line rewritten at
    /// each whole per cent, cleared at the end; nothing otherwise.
    @Test func aLongExportShowsItsProgressOnATerminalOnly() {
        var written: [String] = []
        let progress = ExportProgress(frames: 400, showing: true) { written.append($0) }
        for frame in 1...400 { progress.drew(frame) }
        progress.finish()
        #expect(written.count == 102, "0 to 100 %, then the clearing")
        #expect(written.contains("\r\u{1B}[Kexporting: frame 200 of 400 (50 %)"))
        #expect(written.last == "\r\u{1B}[K")
        var silent: [String] = []
        let off = ExportProgress(frames: 400, showing: false) { silent.append($0) }
        for frame in 1...400 { off.drew(frame) }
        off.finish()
        #expect(silent.isEmpty)
    }

    @Test func aCastThatCannotBeWrittenOrARecordingThatCannotBeReadIsStatus2() throws {
        let folder = TemporaryDirectory()
        #expect(ChallengeTUI.main(arguments: ["--replay", Self.demo, "--export-cast", folder.path], environment: [:]) == 2)
        let bad = folder.file("bad.jsonl")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: bad))
        #expect(ChallengeTUI.main(arguments: ["--replay", bad], environment: [:]) == 2)
        #expect(ChallengeTUI.main(arguments: ["--replay", bad, "--export-cast", folder.file("x.cast")], environment: [:]) == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.cast")), "nothing is written for a recording that can't be read")
    }
}
