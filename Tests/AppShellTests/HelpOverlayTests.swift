import Testing
import TUI
@testable import AppShell

/// `?` shows the keys of the screen on top, from the same declarations as its key bar, then the
/// keys that work everywhere (Docs/keys.md).
@Suite(.timeLimit(.minutes(1))) struct HelpOverlayTests {
    @Test func helpOnTheArticleListListsTheListsKeysAndOnThePageThePages() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.char("?"))
        #expect(app.contains("Article list"))
        #expect(app.contains("open the article"))
        #expect(!app.contains("Article page"), "the page's keys are not this screen's")
        #expect(app.contains("Everywhere"))
        app.press(.escape, .enter)
        #expect(!app.contains("╭─ Keys"))
        app.press(.function(1))
        #expect(app.contains("Article page"))
        #expect(app.contains("back to the list (the selection is kept)"))
        #expect(!app.contains("Article list"))
    }

    @Test func helpOnTheFlowSaysWhereEachKeyWorks() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.char("?"))
        #expect(app.contains("Navigation flow"))
        #expect(app.contains("Esc ← Backspace <  back to the B screen (C1, C2 with a back button)"))
        #expect(app.contains("Space              check or uncheck the option under the cursor (B2)"))
    }

    @Test func inAFieldF1OpensHelpAndHelpSaysThatArrowsEditThere() async throws {
        let app = try await ShellHarness.loadedProfile()
        #expect(app.profileScreen?.capturesText == true)
        app.press(.char("?"))
        #expect(!app.contains("╭─ Keys"), "? is typed in a field")
        app.press(.function(1))
        #expect(app.contains("╭─ Keys"))
        #expect(app.contains("back too, when no field has focus (in one they edit)"))
        #expect(app.contains("edit the focused field, with ← → Home End Backspace Delete"))
    }

    @Test func longDescriptionsWrapUnderThemselvesOrAreCut() {
        #expect(HelpOverlay.wrap("open the challenge of that number", width: 15) == ["open the", "challenge of", "that number"])
        #expect(HelpOverlay.wrap("short", width: 15) == ["short"])
        #expect(HelpOverlay.wrap("unbreakablewordhere", width: 8) == ["unbreak…"])
        #expect(HelpOverlay.cut("forget the navigation flow's progress", width: 12) == "forget the …")
        #expect(HelpOverlay.cut("fits", width: 12) == "fits")
    }

    @Test func atTheSmallestSizeEveryKeyStillHasItsRow() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        app.press(.char("?"))
        for keys in ["↑ ↓ k j", "Enter →", "1–3", "x ", "? F1", "q ", "n ", "f ", "Ctrl-C"] {
            #expect(app.lines.contains { $0.contains("│  " + keys) }, "\(keys) has its row at 60×20")
        }
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }
}
