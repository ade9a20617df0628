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
        let changed3 = field.paste("\r\n\u{1B}a\u{7}b\u{7}cd")
        #expect(changed3)
        #expect(field.text == "abc")
    }

    /// A one-line field makes a paste one line: each run of line breaks and tabs between text is
    /// one space, those at its ends go (Docs/mouse-and-paste.md).
    @Test(arguments: [
        ("Mary\nAnn", "Mary Ann"), ("Mary\r\nAnn", "Mary Ann"), ("Mary\rAnn", "Mary Ann"), ("Mary\tAnn", "Mary Ann"),
        ("Mary\n\n\r\n\tAnn", "Mary Ann"), ("\nMary Ann\n", "Mary Ann"), ("Mary \nAnn", "Mary Ann"),
        ("Mary\n Ann", "Mary Ann"), ("Mary\u{2028}Ann\u{85}Lee", "Mary Ann Lee"), ("\n\n", ""),
        ("Mary\n\u{1B}Ann", "Mary Ann"),
    ])
    func lineBreaksInAPasteBecomeOneSpace(_ pasted: String, _ expected: String) {
        var field = TextFieldState(maxLength: 50)
        field.paste(pasted)
        #expect(field.text == expected)
        #expect(field.cursor == expected.count)
    }

    @Test func theSpaceOfABreakTakesRoomLikeAnyCharacter() {
        var field = TextFieldState(maxLength: 5)
        field.paste("Mary\nAnn")
        #expect(field.text == "Mary ")
        var exact = TextFieldState(maxLength: 4)
        exact.paste("Mary\nAnn")
        #expect(exact.text == "Mary")
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
