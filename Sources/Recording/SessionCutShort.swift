import AppShell
import Core
import TUI
/// Where a recording without its end line stops: the session crashed, was killed, or is still
/// being written. It is played up to there (Docs/recording.md, "Cut short").
package struct SessionCutShort: Equatable {
    /// The last whole frame.
    package var frame: Int
    /// The line that was cut in the middle of being written (left out), if any.
    package var halfLine: Int?

    /// "the recording was cut short at frame 12 (no end line; line 40 half written)".
    package var description: String {
        "the recording was cut short at frame \(frame) (no end line\(halfLine.map { "; line \($0) half written" } ?? ""))"
    }

    /// For the replay's status line.
    package var shortDescription: String { "cut short at frame \(frame)" }
}
