import AppShell
import Core
import TUI
/// How far `--export-cast` has come, on stderr when stderr is a terminal (Docs/recording.md,
/// "Casts"): one line, rewritten in place each time another whole per cent of the frames is
/// drawn, and cleared at the end. Nothing when stderr is a file or a pipe, whose reader wants
/// the outcome only.
package final class ExportProgress {
    private let frames: Int
    private let showing: Bool
    private let write: (String) -> Void
    private var shownPercent = -1

    /// - Parameter write: where the line goes (stderr; tests collect it).
    package init(frames: Int, showing: Bool, write: @escaping (String) -> Void = StandardError.write) {
        self.frames = max(frames, 1)
        self.showing = showing
        self.write = write
    }

    /// Frame `number` is drawn.
    package func drew(_ number: Int) {
        guard showing else { return }
        let percent = min(100, number * 100 / frames)
        guard percent != shownPercent else { return }
        shownPercent = percent
        write("\r\u{1B}[Kexporting: frame \(number) of \(frames) (\(percent) %)")
    }

    /// Clears the line, so what follows starts on a clean one.
    package func finish() {
        guard showing, shownPercent >= 0 else { return }
        write("\r\u{1B}[K")
    }
}
