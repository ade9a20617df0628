import Core
import CoreTesting
import Foundation
import Testing
import TUI
import TUITesting
@testable import AppShell

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
        let recording = try SessionRecording.read(Self.demo)
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
        let replay = try Replay(try SessionRecording.read(Self.demo), speed: .max)
        replay.run { $0.status.contains("Esc: back to B2, the selection kept") }
        #expect(replay.status.contains(" · max · Esc: back to B2, the selection kept"))
    }

    @Test func spacePausesAndTheArrowsStepOneEventBackAndForth() throws {
        let replay = try Replay(try SessionRecording.read(Self.demo), speed: .times(1))
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

    /// The demos have turns where the loop handled a key and an answer (or several answers)
    /// before it drew: a step over one of them alone would leave the same frame on screen.
    @Test(arguments: ["navigation-sign-in", "articles-retries", "profile-errors"])
    func everyStepForwardShowsANewFrameEvenOverEventsDrawnTogether(demo: String) throws {
        let path = packageRoot.appendingPathComponent("Docs/demos/\(demo).jsonl").path
        let recording = try SessionRecording.read(path)
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
        let changed = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "changed.jsonl")
        let replay = try Replay(changed, speed: .max)
        replay.run { $0.app.verdict != nil }
        #expect(replay.app.verdict?.difference?.frame == 5)
        #expect(replay.status.hasPrefix(" frame 5 at ") && replay.status.contains("differs from the recording (line \(index + 1))"))
    }

    @Test func aRecordingWhoseTerminalGrowsPastThisOneStopsWithAMessage() throws {
        var lines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"frame\":3,") })
        lines.insert(#"{"t":0.0,"resize":[100,30]}"#, at: index)
        let grown = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "grown.jsonl")
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
        #expect(text.split(separator: "\n").count == 1 + (try SessionRecording.read(Self.demo)).frameCount)
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
