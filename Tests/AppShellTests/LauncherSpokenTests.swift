import Testing
@testable import AppShell

/// The launcher's spoken standings (Docs/screen-reader.md): what the screen separates with a dot
/// is said with a comma.
@Suite(.timeLimit(.minutes(10))) struct LauncherSpokenTests {
    @Test(arguments: [
        ("3 of 4 screens · synced", "3 of 4 screens, synced"),
        ("a · b · c", "a, b, c"),
        ("not started", "not started"),
        ("·", "·"),
        (" · ", ", "),
        ("a ·b", "a ·b"),
        ("é · 漢", "é, 漢"),
    ])
    func eachDotBetweenWordsIsSaidAsAComma(_ shown: String, _ said: String) {
        #expect(LauncherFeature.spokenSeparators(shown) == said)
    }

    /// What the launcher says besides the selection is kept between key presses, and made again
    /// as soon as what it says changes: the standings read, a question asked and answered.
    @Test func aMoveChangesOnlyTheFocusAndNewStandingsAreSaidAtOnce() throws {
        let harness = try ShellHarness(challenges: LauncherReducerTests.challenges)
        var launcher = LauncherFeature(environment: harness.environment)
        let first = launcher.spoken(at: .zero)
        _ = launcher.reduce(.move(.down), at: .zero)
        let moved = launcher.spoken(at: .zero)
        #expect(moved.place == first.place && moved.topics == first.topics)
        #expect(moved.focus != first.focus && moved.focus?.hasSuffix("2 of \(LauncherReducerTests.challenges.count)") == true)
        _ = launcher.reduce(.standingsRead([.navigation: "at B2 · retrying"]), at: .zero)
        let read = launcher.spoken(at: .zero)
        #expect(read.place == first.place)
        #expect(read.topics.first { $0.name == "standings" }?.sentence.contains("at B2, retrying") == true)
        #expect(first.topics.first { $0.name == "standings" }?.sentence.contains("at B2") == false)
        _ = launcher.reduce(.standingsRead([:]), at: .zero)
        #expect(launcher.spoken(at: .zero).topics == first.topics)
    }

    /// Each place of the selection has its own line, the challenge's title and its number, kept
    /// with the rest and right after the standings change.
    @Test func theFocusNamesTheSelectedChallengeAndItsPlaceAtEveryMove() throws {
        let harness = try ShellHarness(challenges: LauncherReducerTests.challenges)
        var launcher = LauncherFeature(environment: harness.environment)
        let challenges = LauncherReducerTests.challenges
        func walk() -> [String?] {
            var said: [String?] = [launcher.spoken(at: .zero).focus]
            for _ in 1..<challenges.count {
                _ = launcher.reduce(.move(.down), at: .zero)
                said.append(launcher.spoken(at: .zero).focus)
            }
            for _ in 1..<challenges.count { _ = launcher.reduce(.move(.up), at: .zero) }
            return said
        }
        let expected = challenges.indices.map { "\(challenges[$0].title), \($0 + 1) of \(challenges.count)" }
        #expect(walk() == expected)
        _ = launcher.reduce(.standingsRead([.navigation: "at B2"]), at: .zero)
        #expect(walk() == expected)
    }
}
