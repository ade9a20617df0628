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

/// Docs/recording.md, "Bad input": a recording of another version, cut short, hand-edited badly
/// or naming things no session could is refused with the file and the line, before anything is
/// played; and the command line takes a replay's settings from the recording only.
@Suite(.timeLimit(.minutes(10))) struct SessionInputTests {
    /// A small, valid recording to spoil.
    static func sample() async throws -> RecordedSession {
        try await RecordedSession.record(options: ShellHarness.opening(.navigation), scenario: RecordReplayTests.failingSignIn) { app in
            try await app.run(until: .seconds(3))
            app.press(.char("n"))
        }
    }

    private func problem(_ lines: [String]) -> String? {
        do {
            _ = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "bad.jsonl", challenges: Challenge.all)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aValidRecordingReadsWhole() async throws {
        let session = try await Self.sample()
        #expect(problem(session.lines) == nil)
        #expect(session.recording.header.challenge == .navigation)
        #expect(session.recording.header.size == Size(width: 80, height: 24))
        #expect(session.recording.header.wallAtOrigin == testEpoch)
        #expect(session.recording.header.scenario == RecordReplayTests.failingSignIn)
    }

    @Test func anotherFormatVersionIsNamed() async throws {
        var lines = try await Self.sample().lines
        lines[0] = lines[0].replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
        #expect(problem(lines) == "bad.jsonl line 1: a recording of format version 2; this program reads version 1 only")
        #expect(problem([#"{"hello":"world"}"#])?.hasPrefix("bad.jsonl line 1: not a challenge-tui recording") == true)
        #expect(problem([]) == "bad.jsonl: it is empty (a recording starts with its header)")
    }

    /// A session that crashed is the one people want to share: read up to where it stops
    /// (Docs/recording.md, "Cut short").
    @Test func aRecordingCutShortIsReadUpToWhereItStops() async throws {
        let session = try await Self.sample()
        let lines = session.lines
        let frames = session.recording.frameCount
        #expect(session.recording.cutShort == nil)
        let noEnd = try SessionRecording.parse(Data((lines.dropLast().joined(separator: "\n") + "\n").utf8), file: "cut.jsonl", challenges: Challenge.all)
        #expect(noEnd.cutShort == SessionCutShort(frame: frames, halfLine: nil))
        #expect(noEnd.entries.count == session.recording.entries.count - 1)
        #expect(noEnd.cutShort?.description == "the recording was cut short at frame \(frames) (no end line)")
        // Cut in the middle of writing the last frame's line: that line is left out.
        var cut = Array(lines.dropLast())
        let lastFrame = try #require(cut.lastIndex { $0.contains(#""frame":\#(frames),"#) })
        cut = Array(cut[...lastFrame])
        cut[lastFrame] = String(cut[lastFrame].prefix(cut[lastFrame].count / 2))
        let halfWritten = try SessionRecording.parse(Data(cut.joined(separator: "\n").utf8), file: "cut.jsonl", challenges: Challenge.all)
        #expect(halfWritten.cutShort == SessionCutShort(frame: frames - 1, halfLine: cut.count))
        #expect(halfWritten.frameCount == frames - 1)
        // A bad line that is whole (its line break written) is still refused, as is one above the last.
        #expect(problem(cut + [""])?.hasPrefix("bad.jsonl line \(cut.count): not JSON: ") == true)
        #expect(problem(cut + [lines[lines.count - 1]])?.hasPrefix("bad.jsonl line \(cut.count): not JSON: ") == true)
    }

    @Test func aHandEditedLineIsNamedWithItsKey() async throws {
        let lines = try await Self.sample().lines
        let at = try #require(lines.firstIndex { $0.contains(#""frame":2,"#) })
        func edited(_ replacement: String) -> String? {
            var copy = lines
            copy.insert(replacement, at: at)
            return problem(copy)
        }
        let time = #""t":0.5"#
        let line = at + 1
        #expect(edited("{\(time),\"key\":\"Hyper-X\"}") == "bad.jsonl line \(line): key: no key called \"Hyper-X\"")
        #expect(edited("{\(time),\"char\":\"ab\"}") == "bad.jsonl line \(line): char: expected one printable character, got \"ab\"")
        #expect(edited("{\(time),\"wrong\":1}")?.hasPrefix("bad.jsonl line \(line): wrong: unknown key") == true)
        #expect(edited(#"{"t":-1,"key":"Enter"}"#)?.hasPrefix("bad.jsonl line \(line): t: expected a time in seconds") == true)
        #expect(edited("{\(time)}")?.hasPrefix("bad.jsonl line \(line): a line that says nothing") == true)
        #expect(edited("{\(time),\"resize\":[0,24]}") == "bad.jsonl line \(line): resize[0]: expected a whole number from 1 to 1000, got 0")
        #expect(edited("{\(time),\"frame\":9,\"hash\":\"000000000000\"}") == "bad.jsonl line \(line): frame 9 where frame 2 comes next")
        #expect(edited("{\(time),\"mouse\":{\"action\":\"left\",\"x\":99999,\"y\":1}}")?
            .hasPrefix("bad.jsonl line \(line): mouse.x: expected a whole number from 0 to 10000") == true)
        #expect(edited(#"{"t":99,"note":"late"}"#)?.contains("its time, ") == true)
        #expect(edited("{\(time),\"message\":\"quit\"}")?.hasPrefix("bad.jsonl line \(line): message: expected animationFrame") == true)
        #expect(edited("") == "bad.jsonl line \(line): an empty line")
    }

    @Test func aLineAfterTheEndOrBeforeTheStartIsRefused() async throws {
        let lines = try await Self.sample().lines
        #expect(problem(lines + [#"{"t":99,"note":"after"}"#]) == "bad.jsonl line \(lines.count + 1): a line after the end")
        var early = lines
        early.insert(#"{"t":0,"key":"Enter"}"#, at: 1)
        #expect(problem(early) == "bad.jsonl line 2: something happens before the session starts")
    }

    @Test func anAnswerNoEffectCouldSendStopsTheReplayAtItsLine() async throws {
        let lines = try await Self.sample().lines
        let at = try #require(lines.firstIndex { $0.contains(#""answer""#) && $0.contains(#""screen":1"#) })
        var copy = lines
        copy[at] = copy[at].replacingOccurrences(of: #""answer":{"#, with: #""answer":{"unrecordable":"x","#)
        let recording = try SessionRecording.parse(Data(copy.joined(separator: "\n").utf8), file: "bad.jsonl", challenges: Challenge.all)
        #expect(throws: SessionReadError.self) { try SessionVerdict.check(recording) }
        do {
            _ = try SessionVerdict.check(recording)
        } catch {
            #expect(error.description.hasPrefix("bad.jsonl line \(at + 1): answer.unrecordable: unknown key"))
        }
        // An answer for a screen that is not open.
        var elsewhere = lines
        elsewhere[at] = elsewhere[at].replacingOccurrences(of: #""screen":1"#, with: #""screen":7"#)
        let wrongScreen = try SessionRecording.parse(Data(elsewhere.joined(separator: "\n").utf8), file: "bad.jsonl", challenges: Challenge.all)
        do {
            _ = try SessionVerdict.check(wrongScreen)
            Issue.record("an answer for screen 7 was played")
        } catch {
            #expect(error.description == "bad.jsonl line \(at + 1): answer: an answer for screen 7, which is not open at this point")
        }
    }

    @Test func aRecordingCanOnlyDoWhatKeysAndAnswersCanDo() async throws {
        // The header names no file, URL or setting beyond those of the app's configuration: a
        // store folder, a log, a server to reach are unknown keys.
        let lines = try await Self.sample().lines
        for key in ["dataDir", "log", "record", "url"] {
            var copy = lines
            copy[0] = copy[0].replacingOccurrences(of: #"{"backend""#, with: #"{"\#(key)":"/tmp/x","backend""#)
            #expect(problem(copy)?.contains("\(key): unknown key") == true, "\(key)")
        }
        // The replay's app stores nothing on disk and reaches no server, whatever the header says.
        let player = try SessionPlayer(try await Self.sample().recording)
        #expect(player.environment.store is InMemoryRecordStore)
        #expect(player.environment.options.dataDirectory == nil && player.environment.options.logFile == nil)
    }

    @Test func aFileThatIsNotARecordingFileIsRefused() throws {
        let folder = TemporaryDirectory()
        #expect(throws: SessionReadError(file: folder.path, line: nil, problem: "cannot read it: it is a folder, not a regular file")) {
            try SessionRecording.read(folder.path, challenges: Challenge.all)
        }
        #expect(throws: SessionReadError(file: folder.file("none"), line: nil, problem: "cannot read it: no such file")) {
            try SessionRecording.read(folder.file("none"), challenges: Challenge.all)
        }
    }

    // MARK: The command line

    private func parse(_ arguments: [String]) -> Result<LaunchOptions, UsageError> {
        do {
            guard case .run(let options) = try LaunchArguments.parse(arguments) else { return .success(LaunchOptions()) }
            return .success(options)
        } catch {
            return .failure(error)
        }
    }

    @Test func theSessionOptionsAreParsed() throws {
        let record = try parse(["--record", "s.jsonl", "--challenge", "articles"]).get()
        #expect(record.recordFile == "s.jsonl" && record.challenge == .articles)
        let replay = try parse(["--replay", "s.jsonl", "--speed", "4"]).get()
        #expect(replay.replayFile == "s.jsonl" && replay.replaySpeed == .times(4))
        #expect(try parse(["--replay", "s.jsonl", "--speed", "max"]).get().replaySpeed == .max)
        #expect(try parse(["--replay", "s.jsonl", "--speed", "0.5"]).get().replaySpeed == .times(0.5))
        #expect(try parse(["--replay", "s.jsonl", "--export-cast", "s.cast"]).get().castFile == "s.cast")
    }

    @Test func aReplayTakesItsSettingsFromTheRecordingOnly() {
        func refusal(_ arguments: [String]) -> String? {
            if case .failure(let error) = parse(arguments) { return error.description }
            return nil
        }
        #expect(refusal(["--replay", "s", "--challenge", "profile"]) == "--challenge can't be used with --replay: a replay runs as its recording says")
        for flag in [["--backend", "http"], ["--data-dir", "/tmp"], ["--scenario", "slow"], ["--record", "x"], ["--config", "c"], ["--reset"], ["--log", "l"], ["--no-mouse"]] {
            #expect(refusal(["--replay", "s"] + flag)?.hasPrefix("\(flag[0]) can't be used with --replay") == true, "\(flag)")
        }
        #expect(refusal(["--speed", "4"]) == "--speed is only used with --replay")
        #expect(refusal(["--export-cast", "x.cast"]) == "--export-cast is only used with --replay")
        #expect(refusal(["--replay", "s", "--speed", "0"]) == #"--speed takes a number from 0.1 to 100 or max (got "0")"#)
        #expect(refusal(["--replay", "s", "--speed", "fast"]) == #"--speed takes a number from 0.1 to 100 or max (got "fast")"#)
        #expect(refusal(["--replay", "s", "--export-cast", "x", "--speed", "2"]) == "--speed is not used with --export-cast")
        #expect(refusal(["--replay", "s", "--export-cast", "x", "--screen-reader"])
                == "--screen-reader is not used with --export-cast: a cast is the full screen")
        #expect(refusal(["--replay", "s", "--screen-reader", "--speed", "2"])
                == "--speed is not used with --screen-reader: the transcript is said at once")
        #expect(refusal(["--replay", "s", "--screen-reader"]) == nil, "a replay said as the mode says it")
    }

    @Test func aRecordFileThatCannotBeWrittenIsRefusedBeforeTheTerminal() throws {
        let folder = TemporaryDirectory()
        #expect(throws: LaunchError("--record: \(folder.path) is a folder, not a regular file")) {
            _ = try SessionFile(path: folder.path)
        }
        let link = folder.file("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("target"))
        #expect(throws: LaunchError.self) { _ = try SessionFile(path: link) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("target")), "a symbolic link is not followed")
        let file = try SessionFile(path: folder.file("new.jsonl"))
        file.close()
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("new.jsonl"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A recording (or a cast) written over a file that others could read is made 0600 as a
    /// new one is: emptying it keeps its mode, and the session would be theirs to read.
    @Test(arguments: ["--record", "--export-cast"])
    func aFileThatWasThereIsMadePrivateToo(_ flag: String) throws {
        let folder = TemporaryDirectory()
        let path = folder.file("old.jsonl")
        try Data("an earlier session".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o644) == 0)
        let file = try SessionFile(path: path, flag: flag)
        file.append("{}")
        file.close()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n")
    }
}
