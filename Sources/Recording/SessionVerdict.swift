import AppShell
import Core
import TUI

/// What playing a whole recording found: every frame the same as recorded, or the first that is
/// not (Docs/recording.md, "Replaying").
public struct SessionVerdict: Equatable, Sendable {
    /// The first frame that differs.
    public struct Difference: Equatable, Sendable {
        public var frame: Int
        public var time: Duration
        /// The frame's line in the recording.
        public var line: Int
        public var drawn: String
        public var recorded: String
        /// The screen the replay drew there, as text.
        public var screen: [String]
    }

    /// Frames drawn and compared (up to and with the one that differs).
    public var frames: Int
    public var difference: Difference?

    public var isIdentical: Bool { difference == nil }

    /// "replayed 412 frames, all identical", or where the first difference is.
    public var summary: String {
        guard let difference else { return "replayed \(frames) frame\(frames == 1 ? "" : "s"), all identical" }
        return "frame \(difference.frame) at \(SessionFormat.secondsText(difference.time)) differs: the replay drew "
            + "\(difference.drawn) where the recording (line \(difference.line)) has \(difference.recorded)"
    }

    /// The same, short enough for a status line: "frame 88 at 12.40 s differs from the recording
    /// (line 412)".
    public var shortSummary: String {
        guard let difference else { return summary }
        return "frame \(difference.frame) at \(SessionFormat.secondsText(difference.time)) differs from the recording (line \(difference.line))"
    }

    /// Plays `recording` to its end or to its first different frame.
    package static func check(_ recording: SessionRecording) throws(SessionReadError) -> SessionVerdict {
        try SessionPlayer(recording).playThrough(stoppingAtADifference: true)
    }

    /// The verdict when frame `number`, the one `player` just drew, differs from the recording.
    package static func differing(_ player: SessionPlayer, number: Int) -> SessionVerdict {
        let entry = player.recording.entries[player.position - 1]
        guard case .frame(_, let recorded, _) = entry.line, let frame = player.frame else { return SessionVerdict(frames: number) }
        return SessionVerdict(frames: number, difference: Difference(
            frame: number, time: entry.time, line: entry.lineNumber,
            drawn: CanvasDigest(frame.canvas, cursor: frame.cursor).description, recorded: recorded.description,
            screen: frame.canvas.lines))
    }
}

extension SessionPlayer {
    /// Plays every line left; `drawn` sees each frame once drawn (`frame` holds it). Returns the
    /// frames played and the first that differed from the recording, where it stops when
    /// `stoppingAtADifference`.
    package func playThrough(stoppingAtADifference: Bool, drawn: () -> Void = {}) throws(SessionReadError) -> SessionVerdict {
        var verdict = SessionVerdict(frames: 0)
        while true {
            switch try step() {
            case .end:
                return verdict
            case .line:
                continue
            case .frame(let number, let identical):
                verdict.frames = number
                drawn()
                guard !identical, verdict.difference == nil else { continue }
                verdict.difference = SessionVerdict.differing(self, number: number).difference
                if stoppingAtADifference { return verdict }
            }
        }
    }
}
