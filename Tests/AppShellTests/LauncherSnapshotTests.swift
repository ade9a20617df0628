@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The launcher, the help overlay and the too-small message, headless, exactly as drawn.
@Suite(.timeLimit(.minutes(10))) struct LauncherSnapshotTests {
    @Test func launcherAt80x24() throws {
        let app = try ShellHarness()
        expectSnapshot(app.screen, named: "launcherAt80x24")
        #expect(app.lines[20].hasPrefix("│  Mock backend (scenario instant)"))
        #expect(app.lines[22].hasPrefix("╰"))
        // The live tools' `n` fits at 80 columns; `f` doesn't (the help lists both).
        #expect(app.lines[23] == "↑↓ move · Enter open · x forget progress · ? help · q quit · n network")
        // The selected challenge is drawn reversed; the others are not.
        #expect(app.terminal.canvas.style(at: Point(x: 5, y: 4)).reverse)
        #expect(!app.terminal.canvas.style(at: Point(x: 5, y: 7)).reverse)
    }

    @Test func launcherAt60x20KeepsEverythingReadable() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        #expect(app.contains("▸ 1  Navigation flow"))
        #expect(app.contains("3  Profile"))
        #expect(app.contains("Mock backend (scenario instant)"))
        // Too narrow for every item: the live tools go first; q and ? stay.
        #expect(app.lines[19] == "↑↓ move · Enter open · x forget progress · ? help · q quit")
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        // The descriptions wrap onto a second line, none cut.
        #expect(!app.lines.contains { $0.contains("…") })
        #expect(app.contains("live retries"))
        #expect(app.contains("error handled"))
        expectSnapshot(app.screen, named: "launcherAt60x20")
    }

    @Test func launcherAt200x50() throws {
        let app = try ShellHarness(size: Size(width: 200, height: 50))
        expectSnapshot(app.screen, named: "launcherAt200x50")
        for challenge in Challenge.all { #expect(app.contains(challenge.summary)) }
    }

    @Test func arrowsAndJKMoveTheSelection() throws {
        let app = try ShellHarness()
        app.press(.down)
        #expect(app.contains("▸ 2  Articles"))
        app.press(.char("j"))
        #expect(app.contains("▸ 3  Profile"))
        app.press(.down)
        #expect(app.contains("▸ 3  Profile"))
        app.press(.char("k"), .up)
        #expect(app.contains("▸ 1  Navigation flow"))
    }

    @Test func helpOverlayListsTheKeysAndClosesWithEscape() throws {
        let app = try ShellHarness()
        app.press(.char("?"))
        #expect(app.contains("╭─ Help"))
        // The launcher's keys (those no bar shows too), then the ones that work everywhere.
        #expect(app.contains("Launcher"))
        #expect(app.contains("Home End PgUp PgDn  the first or the last challenge"))
        #expect(app.contains("Enter →             open the selected challenge"))
        #expect(app.contains("1–3                 open the challenge of that number"))
        #expect(app.contains("x                   forget the selected challenge's progress (asks first)"))
        #expect(app.contains("Everywhere"))
        #expect(app.contains("? F1                this help (F1 also in a text field)"))
        #expect(app.contains("Ctrl-C              quit at once, from anywhere"))
        #expect(app.lines[23] == "Esc close help")
        app.press(.char("q"))
        #expect(!app.contains("╭─ Help"))
        #expect(app.loop.step() == nil, "q closed the help, it did not quit")
    }

    @Test func tooSmallSaysHowBigItMustBeAndRecovers() throws {
        let app = try ShellHarness(size: Size(width: 50, height: 15))
        #expect(app.contains("Terminal too small: need 60x20, have 50x15"))
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.contains("▸ 1  Navigation flow"))
    }

    @Test func qQuitsFromTheLauncher() throws {
        let app = try ShellHarness()
        #expect(app.press(.char("q")) == .quit)
    }

    /// Said once the launcher is on screen: the first frame does not wait for the store.
    @Test func aStoreThatCannotOpenIsSaidOnce() async throws {
        let app = try ShellHarness(storeProblem: .key("key file is readable by others"))
        #expect(app.contains("Mobile coding challenges"), "the launcher's first frame")
        try await app.waitFor("Nothing will be kept: Encryption key problem: key file is readable by others")
    }

    /// Another copy has the data folder: the notice says which and where, and the launcher keeps
    /// saying that nothing will be kept after the notice has gone (Docs/security.md, "Two copies
    /// on one data folder").
    @Test func anotherCopyUsingTheDataIsSaidOnTheLauncherForAsLongAsItShows() async throws {
        let app = try ShellHarness(storeProblem: .inUse(directory: "/srv/ada", holder: 1234))
        // The notice says first what matters; its row is cut at 80 columns: the launcher's own
        // line stays whole.
        try await app.waitFor("Nothing will be kept: Another challenge-tui (process 1234) is using the data")
        let line = "│  Nothing will be kept: another copy (process 1234) is using the data folder  │"
        // Above the backend's line; the notice's row below the screen moves both up one.
        #expect(app.lines[18] == line)
        try await app.advance(by: .seconds(6))
        #expect(!app.contains("Another challenge-tui"), "the notice went")
        #expect(app.lines[19] == line)
        #expect(app.lines[20].contains("Mock backend"))
        // A store that opened says nothing of the kind.
        let fine = try ShellHarness()
        try fine.runUntilQuiet()
        #expect(!fine.contains("Nothing will be kept"))
    }

    @Test func forgettingTheFlowsProgressRemovesTheRecord() throws {
        let store = InMemoryRecordStore()
        try NavigationProgressStore(store: store).save(NavigationProgress(screen: .b2, experiment: .screenB2))
        let app = try ShellHarness(store: store)
        app.press(.char("x"))
        #expect(app.contains("Forget the navigation flow's progress"), "asked first")
        #expect(!store.names.isEmpty)
        app.press(.char("y"))
        #expect(store.names.isEmpty)
        #expect(app.contains("The navigation flow will start afresh on screen A"))
    }
}
