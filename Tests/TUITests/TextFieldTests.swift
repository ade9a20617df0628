import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct TextFieldTests {
    private func typed(_ text: String, into state: inout TextFieldState) {
        for c in text { state.handle(.char(c)) }
    }

    @Test func typingInsertsAtTheCursor() {
        var field = TextFieldState()
        typed("helo", into: &field)
        field.handle(.left)
        field.handle(.char("l"))
        #expect(field.text == "hello" && field.cursor == 4)
    }

    @Test func cursorMovesAreClamped() {
        var field = TextFieldState(text: "abc")
        #expect(field.cursor == 3)
        field.handle(.right)
        #expect(field.cursor == 3)
        field.handle(.home)
        field.handle(.left)
        #expect(field.cursor == 0)
        field.handle(.end)
        #expect(field.cursor == 3)
        field.handle(.ctrl("a"))
        #expect(field.cursor == 0)
        field.handle(.ctrl("e"))
        #expect(field.cursor == 3)
        field.moveCursor(to: 99)
        #expect(field.cursor == 3)
    }

    @Test func backspaceAndDelete() {
        var field = TextFieldState(text: "abcd")
        field.handle(.backspace)
        #expect(field.text == "abc" && field.cursor == 3)
        field.handle(.home)
        field.handle(.backspace) // nothing before the cursor
        field.handle(.delete)
        #expect(field.text == "bc" && field.cursor == 0)
        field.handle(.end)
        let used = field.deleteForward()
        #expect(!used)
        field.handle(.ctrl("d"))
        #expect(field.text == "bc")
    }

    @Test func ctrlUClearsToTheStart() {
        var field = TextFieldState(text: "hello world")
        field.moveCursor(to: 6)
        field.handle(.ctrl("u"))
        #expect(field.text == "world" && field.cursor == 0)
    }

    @Test func ctrlKAndCtrlWDeleteToTheEndAndTheWordBefore() {
        var field = TextFieldState(text: "one two  three")
        field.handle(.ctrl("w"))
        #expect(field.text == "one two  " && field.cursor == 9)
        field.handle(.ctrl("w"))
        #expect(field.text == "one " && field.cursor == 4)
        field.moveCursor(to: 1)
        field.handle(.ctrl("k"))
        #expect(field.text == "o" && field.cursor == 1)
    }

    @Test func multiByteAndWideCharactersAreOneCharacterEach() {
        var field = TextFieldState()
        typed("é漢🎉", into: &field)
        #expect(field.count == 3 && field.cursor == 3)
        field.handle(.backspace)
        #expect(field.text == "é漢")
        field.handle(.home)
        field.handle(.char("ü"))
        #expect(field.text == "üé漢" && field.cursor == 1)
    }

    @Test func aCombiningMarkTypedAloneJoinsTheCharacterBeforeIt() {
        var field = TextFieldState(text: "e")
        field.handle(.char("\u{301}"))
        #expect(field.text == "é" && field.count == 1 && field.cursor == 1)
    }

    @Test func maxLengthIsRespected() {
        var field = TextFieldState(maxLength: 3)
        typed("abcdef", into: &field)
        #expect(field.text == "abc")
        field.handle(.home)
        field.handle(.char("x"))
        #expect(field.text == "abc" && field.cursor == 0)
        field.setText("123456")
        #expect(field.text == "123" && field.cursor == 3)
        field.maxLength = 2
        #expect(field.text == "12")
        let used = field.insert("z")
        #expect(!used)
    }

    @Test func nonEditingKeysAreLeftToTheScreen() {
        var field = TextFieldState(text: "x")
        for key in [Key.up, .down, .tab, .backTab, .enter, .escape, .ctrl("c"), .pageUp, .resize] {
            let used = field.handle(key)
            #expect(!used)
        }
        #expect(field.text == "x")
    }

    @Test func controlCharactersAreNeverInserted() {
        var field = TextFieldState(text: "a\u{1B}b\n")
        #expect(field.text == "ab")
        let used = field.insert("\u{7}")
        #expect(!used)
        let inserted = field.insert("cd")
        #expect(inserted && field.text == "abcd")
    }

    @Test func focusPutsTheCursorAtTheEnd() {
        var field = TextFieldState(text: "hello")
        field.handle(.home)
        field.focus()
        #expect(field.cursor == 5)
    }

    @Test func clearEmptiesTheField() {
        var field = TextFieldState(text: "secret", isMasked: true)
        field.clear()
        #expect(field.isEmpty && field.cursor == 0)
    }

    @Test func maskedFieldsShowOneBulletPerCharacter() {
        let field = TextFieldState(text: "pä漢🎉", isMasked: true)
        #expect(field.displayText == "••••")
        var canvas = Canvas(size: Size(width: 10, height: 1))
        let cursor = TextField(field, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["••••"])
        #expect(cursor == Point(x: 4, y: 0))
        #expect(!canvas.snapshot.contains("p"))
    }

    @Test func drawPlacesTheCursorAfterTheTextWhenFocused() {
        var canvas = Canvas(size: Size(width: 20, height: 2))
        var field = TextFieldState(text: "漢字ab")
        let rect = Rect(x: 2, y: 1, width: 10, height: 1)
        #expect(TextField(field, isFocused: true).draw(in: rect, on: &canvas) == Point(x: 8, y: 1))
        #expect(canvas.lines == ["", "  漢字ab"])
        #expect(canvas.style(at: Point(x: 11, y: 1)).underline) // the field's extent is visible
        field.moveCursor(to: 1)
        #expect(TextField(field, isFocused: true).draw(in: rect, on: &canvas) == Point(x: 4, y: 1))
        #expect(TextField(field, isFocused: false).draw(in: rect, on: &canvas) == nil)
        #expect(TextField(field, isFocused: true).draw(in: .zero, on: &canvas) == nil)
    }

    @Test func longTextScrollsHorizontallyToKeepTheCursorInView() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        var field = TextFieldState(text: "abcdefghij")
        let cursor = TextField(field, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["‹hij"], "the hidden start is marked")
        #expect(cursor == Point(x: 4, y: 0))
        field.moveCursor(to: 2)
        let early = TextField(field, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["abcd›"] && early == Point(x: 2, y: 0))
    }

    @Test func placeholderShowsWhenEmpty() {
        var canvas = Canvas(size: Size(width: 12, height: 1))
        let cursor = TextField(TextFieldState(), isFocused: true, placeholder: "First name").draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["First name"])
        #expect(canvas.style(at: .zero).dim)
        #expect(cursor == .zero)
        #expect(TextField(TextFieldState(), isFocused: false, placeholder: "x").draw(in: canvas.bounds, on: &canvas) == nil)
    }

    @Test func textScrolledOutOfSightIsMarkedOnItsSide() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        var field = TextFieldState(text: "abcdefghij")
        // The cursor at the end: the start is hidden, `‹` says so.
        TextField(field, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["‹ghij"])
        #expect(canvas.style(at: .zero).dim)
        // The cursor at the start: the end is hidden, `›` says so.
        field.moveCursor(to: 1)
        canvas = Canvas(size: Size(width: 6, height: 1))
        TextField(field, isFocused: false).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["abcde›"])
        // Text that fits is not marked.
        canvas = Canvas(size: Size(width: 12, height: 1))
        TextField(field, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["abcdefghij"])
    }
}
