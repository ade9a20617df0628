import Testing
@testable import TUI

/// A paste into a field takes what the field holds and stops looking (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct TextFieldPasteTests {
    @Test func aPasteFillsTheFieldAtTheCursorAndTheRestIsDropped() {
        var field = TextFieldState(text: "ab", maxLength: 5)
        field.moveCursor(to: 1)
        let changed1 = field.paste("1234567")
        #expect(changed1)
        #expect(field.text == "a123b")
        #expect(field.cursor == 4)
        let changed2 = field.paste("x")
        #expect(!changed2)
        #expect(field.text == "a123b")
    }

    @Test func controlCharactersAreDroppedAndDoNotUseRoom() {
        var field = TextFieldState(maxLength: 3)
        let changed3 = field.paste("\r\n\u{1B}a\tb\u{7}cd")
        #expect(changed3)
        #expect(field.text == "abc")
    }

    @Test func aCombiningMarkWhereThePasteMeetsTheTextMergesAsTyped() {
        var field = TextFieldState(text: "e", maxLength: 2)
        let changed4 = field.paste("\u{301}xy")
        #expect(changed4)
        #expect(field.text == "\u{E9}x")
        #expect(field.count == 2)
    }

    @Test func aFieldWithoutALimitTakesTheWholePasteInOneEdit() {
        var field = TextFieldState()
        let long = String(repeating: "z", count: InputDecoder.maxPasteLength)
        let changed5 = field.paste(long)
        #expect(changed5)
        #expect(field.count == InputDecoder.maxPasteLength)
        #expect(field.cursor == InputDecoder.maxPasteLength)
    }
}
