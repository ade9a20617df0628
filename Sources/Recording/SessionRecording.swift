import AppShell
import Core
import FoundationEssentials
import TUI

/// A recording read whole and checked before anything is played: its header, its lines in
/// order, how many frames it holds. Bad input (another version, a line that does not parse,
/// times that go backwards) is a `SessionReadError` naming the file and the line (Docs/recording.md,
/// "Bad input"). A recording cut short (no end line, its last line half written: the session
/// crashed or is still running) plays up to where it stops, and says so ("Cut short").
package struct SessionRecording {
    package let file: String
    /// The registration it was read with: the challenges its header, lines and answers may name,
    /// and the app a replay builds (Docs/architecture.md, "Adding a challenge").
    package let challenges: [Challenge]
    package let header: SessionHeader
    package let entries: [SessionEntry]
    /// Frames in the recording.
    package let frameCount: Int
    /// Why the store could not be opened, as the session found it (the app said so in a toast).
    package let storeProblem: StoreError?
    /// Where the recording stops when it has no end line.
    package var cutShort: SessionCutShort?

    /// The time of the last line.
    package var duration: Duration { entries.last?.time ?? .zero }

    /// Reads `path` (at most `SessionFormat.largestFile`, a regular file).
    package static func read(_ path: String, challenges: [Challenge]) throws(SessionReadError) -> SessionRecording {
        let data: Data
        do {
            data = try BoundedFileReader.read(path, limit: SessionFormat.largestFile)
        } catch {
            throw SessionReadError(file: path, line: nil, problem: "cannot read it: \(error.description)")
        }
        return try parse(data, file: path, challenges: challenges)
    }

    /// Parses a recording's bytes; `file` names it in errors.
    package static func parse(_ data: Data, file: String, challenges: [Challenge]) throws(SessionReadError) -> SessionRecording {
        var lines = Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The recorder writes whole lines: a last line without its line break was cut mid-write.
        let lastLineWhole = data.last == UInt8(ascii: "\n")
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { throw SessionReadError(file: file, line: nil, problem: "it is empty (a recording starts with its header)") }
        guard lines.count <= SessionFormat.mostLines else {
            throw SessionReadError(file: file, line: nil, problem: "more than \(SessionFormat.mostLines) lines")
        }
        let header: SessionHeader
        do {
            header = try SessionHeader(try parseLine(lines[0], number: 1, file: file), challenges: challenges)
        } catch let error as SessionReadError {
            throw error
        } catch let error as ConfigurationError {
            throw SessionReadError(error, line: 1, file: file)
        } catch {
            throw SessionReadError(file: file, line: 1, problem: "\(error)")
        }
        var entries: [SessionEntry] = []
        entries.reserveCapacity(lines.count - 1)
        var frames = 0
        var storeProblem: StoreError?
        var previous = Duration.zero
        var started = false
        var halfLine: Int?
        for (offset, bytes) in lines.enumerated().dropFirst() {
            let number = offset + 1
            let entry: SessionEntry
            do throws(SessionReadError) {
                let reader = try parseLine(bytes, number: number, file: file)
                do {
                    entry = try SessionEntry(reader, lineNumber: number, challenges: challenges)
                } catch {
                    throw SessionReadError(error, line: number, file: file)
                }
            } catch {
                guard number == lines.count && !lastLineWhole else { throw error }
                halfLine = number
                break
            }
            func fail(_ problem: String) -> SessionReadError { SessionReadError(file: file, line: number, problem: problem) }
            guard entry.time >= previous else {
                throw fail("its time, \(SessionFormat.secondsText(entry.time)), comes before the line above's (\(SessionFormat.secondsText(previous)))")
            }
            if case .end = entries.last?.line { throw fail("a line after the end") }
            switch entry.line {
            case .start:
                guard !started else { throw fail("the session starts twice") }
                started = true
            case .frame(let frame, _, _):
                guard frame == frames + 1 else { throw fail("frame \(frame) where frame \(frames + 1) comes next") }
                frames = frame
            case .note, .end:
                break
            default:
                guard started else { throw fail("something happens before the session starts") }
            }
            if case .message(.firstFrameShown) = entry.line, storeProblem == nil { storeProblem = entry.storeProblem }
            previous = entry.time
            entries.append(entry)
        }
        var recording = SessionRecording(
            file: file, challenges: challenges, header: header, entries: entries, frameCount: frames, storeProblem: storeProblem)
        if halfLine != nil || entries.last.map({ if case .end = $0.line { false } else { true } }) ?? true {
            recording.cutShort = SessionCutShort(frame: frames, halfLine: halfLine)
        }
        return recording
    }

    private static func parseLine(_ bytes: ArraySlice<UInt8>, number: Int, file: String) throws(SessionReadError) -> JSONReader {
        guard !bytes.isEmpty else { throw SessionReadError(file: file, line: number, problem: "an empty line") }
        do {
            return JSONReader(file: "\(file) line \(number)", value: try JSONParser.parse(Array(bytes)))
        } catch {
            throw SessionReadError(file: file, line: number, problem: "not JSON: \(error.problem) at column \(error.column)")
        }
    }
}

/// A recording that can't be played: which file, which line, what is wrong.
public struct SessionReadError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var problem: String

    package init(file: String, line: Int?, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// A key's error, from a reader whose file names the line already.
    package init(_ error: ConfigurationError, line: Int, file: String) {
        self.file = file
        self.line = line
        problem = error.keyPath.isEmpty ? error.problem : "\(error.keyPath): \(error.problem)"
    }

    public var description: String {
        line.map { "\(file) line \($0): \(problem)" } ?? "\(file): \(problem)"
    }
}

extension SessionRecording {
    /// Refuses a recording whose frames, each as large as the terminal it was drawn on, add up
    /// to more than `SessionFormat.mostCellsDrawn` cells, naming the frame's line where the
    /// sum passes it: a small file can ask for a day of drawing (a resize to 1000×1000, then
    /// thousands of frames).
    package func checkDrawingWork() throws(SessionReadError) {
        var size = header.size
        var cells = 0
        for entry in entries {
            switch entry.line {
            case .resize(let new): size = new
            case .frame(_, _, let drawnAt):
                if let drawnAt { size = drawnAt }
                cells += size.width * size.height
                guard cells <= SessionFormat.mostCellsDrawn else {
                    throw SessionReadError(
                        file: file, line: entry.lineNumber,
                        problem: "playing the recording to here draws more than \(SessionFormat.mostCellsDrawn / 1_000_000) million cells "
                            + "(frames × their size), the most a replay or a cast draws")
                }
            default: continue
            }
        }
    }

    /// Whether playing it is quick enough for one fuzzing run: terminals of at most 10,000
    /// cells (a fuzzed header may name 1000×1000, each frame then a million cells to draw).
    package var fitsAFuzzRun: Bool {
        let sizes = [header.size] + entries.compactMap { entry -> Size? in
            switch entry.line {
            case .resize(let size), .frame(_, _, let size?): size
            default: nil
            }
        }
        return sizes.allSatisfy { $0.width * $0.height <= 10_000 }
    }
}
