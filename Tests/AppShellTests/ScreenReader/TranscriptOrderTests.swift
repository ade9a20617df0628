@testable import AppShell
import Testing
import TUI

/// The order of a frame in the screen-reader mode: what changed is said first, the frame (drawn
/// off screen) after it, so the line is not kept waiting for a drawing nobody sees.
@Suite(.timeLimit(.minutes(10))) struct TranscriptOrderTests {
    private final class Log: @unchecked Sendable { var entries: [String] = [] }

    /// The shell, noting when it draws.
    private final class DrawingNoter: TerminalApp {
        typealias Message = ShellMessage
        let shell: ChallengeShell
        let log: Log
        init(_ shell: ChallengeShell, _ log: Log) { (self.shell, self.log) = (shell, log) }
        func start(_ context: RunContext<ShellMessage>) {}
        func handle(_ key: Key, _ context: RunContext<ShellMessage>) {}
        func handle(_ message: ShellMessage, _ context: RunContext<ShellMessage>) {}
        func render(into canvas: inout Canvas) -> Point? {
            log.entries.append("drawn")
            return shell.render(into: &canvas)
        }
    }

    @Test func theLinesAreSaidBeforeTheFrameIsDrawn() throws {
        let harness = try ShellHarness()
        let log = Log()
        let app = TranscriptApp(DrawingNoter(harness.shell, log), shell: harness.shell) { lines in
            log.entries += lines.map { "said: " + $0 }
        }
        var canvas = Canvas(size: Size(width: 80, height: 24))
        _ = app.render(into: &canvas)
        #expect(log.entries.count >= 2)
        #expect(log.entries.first?.hasPrefix("said: challenge-tui") == true)
        #expect(log.entries.last == "drawn")
        // The frame is drawn all the same, and a frame that changes nothing says nothing.
        #expect(canvas.lines.contains { $0.contains("Navigation flow") })
        log.entries = []
        _ = app.render(into: &canvas)
        #expect(log.entries == ["drawn"])
    }
}
