@testable import AppShell
import Testing
import TUI

/// The recording's look-up of the top screen's password fields: by the screen's address and the
/// id it was pushed as, holding no reference to it (Docs/performance.md, "The eighth round").
@Suite(.timeLimit(.minutes(10))) struct SecretFieldsLookupTests {
    @Test func aScreenWithPasswordFieldsIsFoundAndOneWithoutIsNot() {
        var lookup = SecretFieldsLookup()
        let plain = PlainScreen(), secret = SecretScreen()
        #expect(lookup.fields(of: plain, id: ScreenID(number: 1)) == nil)
        #expect(lookup.fields(of: secret, id: ScreenID(number: 2)) != nil)
        #expect(lookup.fields(of: secret, id: ScreenID(number: 2)) != nil)
        #expect(lookup.fields(of: nil, id: nil) == nil)
    }

    @Test func theLookupKeepsNoScreenAlive() {
        var lookup = SecretFieldsLookup()
        weak var closed: PlainScreen?
        do {
            let screen = PlainScreen()
            closed = screen
            _ = lookup.fields(of: screen, id: ScreenID(number: 1))
        }
        #expect(closed == nil)
    }

    @Test func aNewScreenMadeWhereAClosedOneWasIsAskedAfresh() {
        var lookup = SecretFieldsLookup()
        // One address for both, as when the allocator hands a closed screen's memory to the next
        // (left to the allocator, other tests running at once made it a coin toss).
        let address = ObjectIdentifier(PlainScreen.self)
        #expect(lookup.fields(of: PlainScreen(), id: ScreenID(number: 1), at: address) == nil)
        #expect(lookup.fields(of: SecretScreen(), id: ScreenID(number: 2), at: address) != nil)
        #expect(lookup.fields(of: PlainScreen(), id: ScreenID(number: 3), at: address) == nil)
    }
}

private final class PlainScreen: Screen {
    var keyBarItems: [KeyBar.Item] { [] }
    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult { .ignored }
    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? { nil }
}

private final class SecretScreen: SecretFieldsScreen {
    var keyBarItems: [KeyBar.Item] { [] }
    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult { .ignored }
    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? { nil }
    func maskedForRecording(_ key: Key) -> Key? { nil }
    var secretShapes: [SecretLetters.Shape] { [] }
    func restoreSecrets(_ placeholders: SecretPlaceholders) {}
}
