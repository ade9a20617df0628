import AppShell
import Core
import FoundationEssentials
import TUI

/// A recording as an asciinema v2 cast (Docs/recording.md, "Casts"): a header line, then one
/// `[time, "o", bytes]` event per frame, the bytes being what an ANSI terminal needs to go from
/// the frame before to this one (`ANSIFrame`), drawn by the app itself on a replay.
package enum SessionCast {
    /// The cast of `recording`, with what the replay found and the last frame it drew. It stops
    /// at the first frame that differs from the recording, as a replay does: what comes after
    /// it is not what was recorded. `progress` sees each frame's number as it is drawn.
    package static func make(
        _ recording: SessionRecording, progress: (Int) -> Void = { _ in }
    ) throws(SessionReadError) -> (cast: String, verdict: SessionVerdict, last: Canvas?) {
        let player = try SessionPlayer(recording)
        let header = recording.header
        let colors = header.colors != .none
        var lines: [String] = [JSONValue.object([
            "version": .int(2), "width": .int(header.size.width), "height": .int(header.size.height),
            "timestamp": .int(Int(header.wallAtOrigin.timeIntervalSince1970)),
            "title": .string("challenge-tui: \(recording.file)"),
            "env": .object(["TERM": .string("xterm-256color"), "SHELL": .string("")]),
        ]).description]
        var previous: Canvas?
        var drawn = 0
        let verdict = try player.playThrough(stoppingAtADifference: true) {
            drawn += 1
            progress(drawn)
            guard let frame = player.frame else { return }
            let time = JSONValue.number((SessionFormat.seconds(player.time) * 1_000_000).rounded() / 1_000_000)
            if let previous, previous.size != frame.canvas.size {
                lines.append(JSONValue.array([time, .string("r"), .string("\(frame.canvas.size.width)x\(frame.canvas.size.height)")])
                    .description)
            }
            let bytes = ANSIFrame.bytes(frame.canvas, cursor: frame.cursor, after: previous, colors: colors)
            lines.append(JSONValue.array([time, .string("o"), .string(bytes)]).description)
            previous = frame.canvas
        }
        return (lines.joined(separator: "\n") + "\n", verdict, previous)
    }
}
