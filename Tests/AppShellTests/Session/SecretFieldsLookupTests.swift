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

    @Test func aNewScreenMadeWhereAClosedOneWasIsAskedAfresh() throws {
        var lookup = SecretFieldsLookup()
        // Two classes of one size: the allocator hands the closed screen's memory to the next.
        var address: ObjectIdentifier?
        do {
            let plain = PlainScreen()
            address = ObjectIdentifier(plain)
            #expect(lookup.fields(of: plain, id: ScreenID(number: 1)) == nil)
        }
        let secret = SecretScreen()
        try #require(ObjectIdentifier(secret) == address, "the allocator did not reuse the memory; nothing to test")
        #expect(lookup.fields(of: secret, id: ScreenID(number: 2)) != nil)
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
