import Testing
@testable import challenge_bench

@Suite(.timeLimit(.minutes(10))) struct ScreenModelTests {
    private func screen(_ text: String, width: Int = 20, height: Int = 4) -> ScreenModel {
        var model = ScreenModel(width: width, height: height)
        model.feed(Array(text.utf8))
        return model
    }

    @Test func cursorAddressingAndAttributesBuildTheScreen() {
        let model = screen("\u{1B}[?1049h\u{1B}[1;1H\u{1B}[1mTitle\u{1B}[m\u{1B}[4;3Hq quit\u{1B}[2;5Hmiddle")
        #expect(model.lines == ["Title", "    middle", "", "  q quit"])
    }

    @Test func relativeMovesRepeatAndErasesAreFollowed() {
        // CUF skips cells; REP repeats the last character; EL clears the rest of a line.
        let model = screen("ab\u{1B}[3Ccd\r\n─\u{1B}[4b\u{1B}[3;1Hxxxxx\u{1B}[3;3H\u{1B}[K")
        #expect(model.lines == ["ab   cd", "─────", "xx", ""])
    }

    @Test func lineDrawingCharsetBecomesBoxCharacters() {
        let model = screen("\u{1B}(0lqqk\u{1B}(B ok")
        #expect(model.lines[0] == "┌──┐ ok")
    }

    @Test func utf8SplitAcrossChunksIsDecodedWhole() {
        var model = ScreenModel(width: 10, height: 1)
        let bytes = Array("↑↓ move".utf8)
        model.feed(bytes[0..<2])
        model.feed(bytes[2...])
        #expect(model.lines == ["↑↓ move"])
    }

    @Test func wideCharactersTakeTwoCellsAndTextWrapsAtTheEdge() {
        let model = screen("界x", width: 3, height: 2)
        #expect(model.lines == ["界x", ""])
        let wrapped = screen("abcdef", width: 4, height: 2)
        #expect(wrapped.lines == ["abcd", "ef"])
    }

    @Test func theLastRowScrollsOnLineFeed() {
        let model = screen("1\r\n2\r\n3", width: 4, height: 2)
        #expect(model.lines == ["2", "3"])
    }

    @Test func applicationCursorModeDecidesHowArrowsAreSent() {
        #expect(!screen("plain").applicationCursorKeys)
        #expect(screen("\u{1B}[?1h\u{1B}=").applicationCursorKeys)
        #expect(!screen("\u{1B}[?1h\u{1B}[?1l").applicationCursorKeys)
    }

    @Test func aFrameIsCompleteOnlyWhenEveryMarkerIsOnScreen() {
        var model = ScreenModel(width: 20, height: 3)
        let markers = ["challenge-tui", "q quit"]
        model.feed(Array("\u{1B}[1;1Hchallenge-tui".utf8))
        #expect(!model.containsAll(markers))
        // The key bar arrives with the key in bold: escape sequences inside the marker text.
        model.feed(Array("\u{1B}[3;1H\u{1B}[1mq\u{1B}[m quit".utf8))
        #expect(model.containsAll(markers))
    }

    @Test func eraseDisplayAndInsertDeleteCharactersEditTheGrid() {
        #expect(screen("abc\r\ndef\u{1B}[2J").lines == ["", "", "", ""])
        #expect(screen("abcd\u{1B}[1;2H\u{1B}[2P").lines[0] == "ad")
        #expect(screen("abcd\u{1B}[1;2H\u{1B}[1@").lines[0] == "a bcd")
        #expect(screen("abcd\u{1B}[1;2H\u{1B}[2X").lines[0] == "a  d")
    }

    @Test func oscTitlesAndUnknownSequencesLeaveTheTextAlone() {
        #expect(screen("\u{1B}]0;title\u{07}hi\u{1B}[>c\u{1B}[38;5;196mred").lines[0] == "hired")
    }
}
