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
}
