@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// A long session made up from a seed — keys, clicks, pastes, resizes, every overlay (help, the
/// timeline, the fault panel, the inspector, the leave question), all three challenges, many
/// minutes on the manual clock — is recorded and replays frame for frame
/// (Docs/recording.md, "Why it replays exactly"). Headless, so it takes seconds.
@Suite(.timeLimit(.minutes(10))) struct RandomSessionReplayTests {
    @Test(arguments: [1, 2, 4] as [UInt64]) func aGeneratedSessionReplaysIdentically(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        var seen = Set<String>()
        let scenario = try ScenarioLibrary(directory: nil, challenges: Challenge.all).load("flaky")
        let session = try await RecordedSession.record(scenario: scenario) { app in
            for episode in 0..<12 {
                let challenge = [1, 2, 3][(episode + Int(random.next() % 3)) % 3]
                try await Self.backToTheLauncher(app)
                app.press(.char(Character(String(challenge))))
                seen.insert("challenge \(challenge)")
                for _ in 0..<45 { try await Self.randomStep(app, &random, &seen) }
                // Edits left unsaved on the profile: leaving asks first.
                if challenge == 3, app.shell.stack.count == 2 {
                    try await Self.closeOverlays(app)
                    // A load the faults refused is tried again (the scenario fails some).
                    for _ in 0..<6 where app.profileScreen?.state.showsForm == false {
                        if app.shell.keyContext.capturesText { app.press(.escape) }
                        app.press(.char("r"))
                        try await app.advance(by: .seconds(3))
                    }
                    if app.profileScreen?.state.showsForm == true {
                        app.focus(.field(.firstName))
                        app.type("x")
                        app.press(.escape, .char("q"))
                        if app.shell.pendingLeave != nil { seen.insert("leave question") }
                    }
                }
            }
            try await Self.backToTheLauncher(app)
            app.press(.char("q"))
        }
        for wanted in ["challenge 1", "challenge 2", "challenge 3", "help", "timeline", "faults", "inspector", "leave question",
                       "resize", "paste", "click"] {
            #expect(seen.contains(wanted), "the session went through \(wanted)")
        }
        #expect(session.recording.duration > .seconds(300), "many minutes: \(session.recording.duration)")
        #expect(session.recording.frameCount > 300)
        #expect(!session.text.contains("unrecordable"))
        try session.expectIdentical()
    }

    /// Keys that do something somewhere, weighted towards moving about.
    static let keys: [Key] = [
        .up, .down, .up, .down, .left, .right, .enter, .enter, .escape, .tab, .backspace, .pageUp, .pageDown, .home, .end,
        .char(" "), .char("j"), .char("k"), .char("r"), .char("/"), .char("x"), .char("y"), .char("s"), .char("d"), .char("a"),
        .char("1"), .char("2"), .char("3"), .char("?"), .char("t"), .char("f"), .char("n"), .char("q"), .ctrl("u"),
    ]

    static let sizes = [Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 120, height: 40), Size(width: 50, height: 15)]

    static func randomStep(_ app: ShellHarness, _ random: inout SeededRandom, _ seen: inout Set<String>) async throws {
        let roll = random.nextUnit()
        switch roll {
        case ..<0.62:
            let key = keys[Int(random.next() % UInt64(keys.count))]
            // Never quit: `q` on the launcher with nothing over it ends the session.
            if key == .char("q"), app.shell.stack.count == 1, app.shell.overlays.isEmpty, !app.shell.keyContext.capturesText { return }
            app.press(key)
            if app.shell.isShowingHelp { seen.insert("help") }
            if app.shell.timeline != nil { seen.insert("timeline") }
            if app.shell.faultPanel != nil { seen.insert("faults") }
            if app.shell.isShowingInspector { seen.insert("inspector") }
            if app.shell.pendingLeave != nil { seen.insert("leave question") }
        case ..<0.67:
            app.resize(to: sizes[Int(random.next() % UInt64(sizes.count))])
            seen.insert("resize")
        case ..<0.70:
            app.paste(["hello", "pass word 123", "wörld ✓", "a\nb"][Int(random.next() % 4)])
            seen.insert("paste")
        case ..<0.75:
            let size = app.terminal.size
            app.click(at: Point(x: Int(random.next() % UInt64(size.width)), y: Int(random.next() % UInt64(size.height))))
            seen.insert("click")
        default:
            // A wait: short most of the time, now and then long enough for backoffs and retries.
            let seconds = random.nextUnit() < 0.8 ? random.nextUnit() * 2 : random.nextUnit() * 40
            try await app.advance(by: .milliseconds(Int(seconds * 1000)))
        }
    }

    /// Closes the overlays and gives the keys back from the inspector (the leave question stays).
    static func closeOverlays(_ app: ShellHarness) async throws {
        for _ in 0..<10 where (!app.shell.overlays.isEmpty && app.shell.pendingLeave == nil) || app.shell.inspectorHasFocus {
            app.press(.escape)
        }
        try app.runUntilQuiet()
    }

    /// Leaves whatever is open: overlays closed, challenges left (saying yes to the question).
    static func backToTheLauncher(_ app: ShellHarness) async throws {
        for _ in 0..<20 {
            try await closeOverlays(app)
            if app.shell.stack.count == 1 { return }
            if app.shell.pendingLeave != nil {
                app.press(.char("y"))
            } else if app.shell.keyContext.capturesText {
                // A field has the keys: Esc leaves it (never the screen).
                app.press(.escape)
            } else {
                app.press(.char("q"))
            }
        }
        try app.runUntilQuiet()
    }
}
