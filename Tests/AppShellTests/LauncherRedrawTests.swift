@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The bench's byte budget for a ↓ in the launcher (no more than dialog writes; Docs/performance.md): the move may
/// change only the two title lines, so the terminal is sent two short lines, not four.
@Suite(.timeLimit(.minutes(10))) struct LauncherRedrawTests {
    @Test func downChangesOnlyTheTitleLinesOfTheOldAndNewSelection() throws {
        let app = try ShellHarness()
        // Once the first frame's follow-up (the standings) is drawn.
        try app.runUntilQuiet()
        let before = app.terminal.canvas
        app.press(.down)
        let after = app.terminal.canvas
        var changedRows = Set<Int>()
        for y in 0..<after.size.height {
            for x in 0..<after.size.width where before[x, y] != after[x, y] { changedRows.insert(y) }
        }
        #expect(changedRows == [4, 7])
    }
}
