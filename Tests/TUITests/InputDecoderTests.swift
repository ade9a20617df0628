import CNcurses
import Testing
@testable import TUI

/// The input ncurses hands over for mouse reports and pastes, fed value by value as `get_wch`
/// returns it once `TerminalModes.keyDefinitions` are installed.
@Suite(.timeLimit(.minutes(10))) struct InputDecoderTests {
    private enum Input {
        case code(Int32)
        case text(String)
    }

    /// Feeds codes and the characters of strings; returns every key that came out.
    private func decode(_ inputs: Input..., into decoder: inout InputDecoder) -> [Key] {
        var keys: [Key] = []
        for input in inputs {
            switch input {
            case .code(let code):
                keys += decoder.feed(status: KEY_CODE_YES, value: UInt32(code))
            case .text(let text):
                for scalar in text.unicodeScalars { keys += decoder.feed(status: OK, value: scalar.value) }
            }
        }
        return keys
    }

    private func decode(_ inputs: Input...) -> [Key] {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for input in inputs { keys += decode(input, into: &decoder) }
        return keys
    }

    private static let mouse = Input.code(InputDecoder.mouseCode)
    private static let start = Input.code(InputDecoder.pasteStartCode)
    private static let end = Input.code(InputDecoder.pasteEndCode)

    @Test func anSGRPressAndReleaseAreOneEventEach() {
        #expect(decode(Self.mouse, .text("0;10;5M"), Self.mouse, .text("0;10;5m")) == [
            .mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4))),
            .mouse(MouseEvent(.release, at: Point(x: 9, y: 4))),
        ])
    }

    @Test func columnsBeyond223WorkAsSGRHasNoLimit() {
        #expect(decode(Self.mouse, .text("2;300;60M")) == [.mouse(MouseEvent(.press(.right), at: Point(x: 299, y: 59)))])
    }

    @Test func theWheelAndModifiers() {
        #expect(decode(Self.mouse, .text("64;3;4M")) == [.mouse(MouseEvent(.wheelUp, at: Point(x: 2, y: 3)))])
        #expect(decode(Self.mouse, .text("65;3;4M")) == [.mouse(MouseEvent(.wheelDown, at: Point(x: 2, y: 3)))])
        #expect(decode(Self.mouse, .text("1;1;1M")) == [.mouse(MouseEvent(.press(.middle), at: .zero))])
        #expect(decode(Self.mouse, .text("28;1;1M")) == [.mouse(MouseEvent(.press(.left), at: .zero, modifiers: [.shift, .alt, .control]))])
    }

    @Test func reportsNotAskedForOrOutOfRangeAreDropped() {
        #expect(decode(Self.mouse, .text("32;5;5M")).isEmpty) // motion
        #expect(decode(Self.mouse, .text("66;5;5M")).isEmpty) // horizontal wheel
        #expect(decode(Self.mouse, .text("128;5;5M")).isEmpty) // extra buttons
        #expect(decode(Self.mouse, .text("0;0;5M")).isEmpty) // columns count from 1
        #expect(decode(Self.mouse, .text("0;5;99999M")).isEmpty)
        #expect(decode(Self.mouse, .text("0;5M")).isEmpty)
        #expect(decode(Self.mouse, .text("0;;5M")).isEmpty)
        #expect(decode(Self.mouse, .text("999;5;5M")).isEmpty)
    }

    @Test func anOverlongReportIsDroppedAndWhatFollowsIsReadAsKeys() {
        let keys = decode(Self.mouse, .text(String(repeating: "1", count: 30) + "x"))
        // The report is abandoned at its 25th character; that character and the rest are keys.
        #expect(!keys.contains { if case .mouse = $0 { true } else { false } })
        #expect(keys.last == .char("x"))
    }

    @Test func aReportBrokenOffByAKeyLeavesTheKey() {
        #expect(decode(Self.mouse, .text("0;1"), .code(KEY_UP)) == [.up])
        #expect(decode(Self.mouse, .text("0;1q")) == [.char("q")])
        #expect(decode(Self.mouse, .text("0;1"), Self.mouse, .text("0;2;2M")) == [.mouse(MouseEvent(.press(.left), at: Point(x: 1, y: 1)))])
    }

    @Test func aReportSplitAcrossReadsIsKept() {
        var decoder = InputDecoder()
        #expect(decode(Self.mouse, .text("0;4"), into: &decoder).isEmpty)
        #expect(decoder.isInsideSequence)
        #expect(decode(.text(";2M"), into: &decoder) == [.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 1)))])
        #expect(!decoder.isInsideSequence)
    }

    @Test func oldX10ReportsAreDecodedToo() {
        // ESC [ M, then 32 + button, 32 + column, 32 + row.
        let legacy = Input.code(InputDecoder.legacyMouseCode)
        #expect(decode(legacy, .text(" *%")) == [.mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4)))])
        #expect(decode(legacy, .text("#*%")) == [.mouse(MouseEvent(.release, at: Point(x: 9, y: 4)))])
        #expect(decode(legacy, .text("`*%")) == [.mouse(MouseEvent(.wheelUp, at: Point(x: 9, y: 4)))])
        #expect(decode(legacy, .text(" 漢%")).isEmpty) // not a byte
        #expect(decode(legacy, .text(" "), .code(KEY_DOWN)) == [.down])
    }

    @Test func aBracketedPasteIsOneKeyWithItsTextWhole() {
        #expect(decode(Self.start, .text("q?n\r漢é"), Self.end) == [.paste("q?n\r漢é")])
        // Keys around it stay keys.
        #expect(decode(.text("a"), Self.start, .text("b"), Self.end, .text("c")) == [.char("a"), .paste("b"), .char("c")])
    }

    @Test func nothingInsideAPasteIsReadAsAKey() {
        // An arrow's bytes in the text, recognised by ncurses, are dropped; so are mouse prefixes.
        #expect(decode(Self.start, .text("x"), .code(KEY_UP), Self.mouse, .text("y\u{1B}"), Self.end) == [.paste("xy\u{1B}")])
        #expect(decode(Self.start, Self.start, .text("z"), Self.end) == [.paste("z")])
    }

    @Test func anEmptyPasteAndAStrayEndAreNothing() {
        #expect(decode(Self.start, Self.end).isEmpty)
        #expect(decode(Self.end, .text("k")) == [.char("k")])
    }

    @Test func aPasteKeepsItsFirstCharactersUpToTheLimitAndStillWaitsForItsEnd() {
        var decoder = InputDecoder()
        let long = String(repeating: "a", count: InputDecoder.maxPasteLength + 10)
        #expect(decode(Self.start, .text(long), into: &decoder).isEmpty)
        #expect(decode(.text("q"), into: &decoder).isEmpty) // still the paste's, never a key
        let keys = decode(Self.end, into: &decoder)
        #expect(keys == [.paste(String(repeating: "a", count: InputDecoder.maxPasteLength))])
    }

    @Test func ordinaryInputIsDecodedAsBefore() {
        var decoder = InputDecoder()
        #expect(decoder.feed(status: OK, value: 27).isEmpty, "held until the read ends")
        #expect(decoder.endOfRead() == [.escape])
        #expect(decoder.feed(status: KEY_CODE_YES, value: UInt32(KEY_RESIZE)) == [.resize])
        #expect(decoder.feed(status: ERR, value: 0).isEmpty)
        #expect(decoder.feed(status: OK, value: 0).isEmpty)
    }

    /// Escape sequences ncurses doesn't know arrive as ESC and their characters in one read:
    /// one that names no key is dropped whole, never read as the keys in it (a `1` would open a
    /// challenge).
    @Test(arguments: [
        "\u{1B}[200;1~", "\u{1B}[?1;2c", "\u{1B}[>0;95;0c", "\u{1B}[<35;10;5M", "\u{1B}[27;5;13~", "\u{1B}[ q",
        "\u{1B}[99~", "\u{1B}[[Z", "\u{1B}Oz", "\u{1B}O5j", "\u{1B}[1;5a", "\u{1B}[12345~", "\u{1B}[1:5A",
    ])
    func anUnknownEscapeSequenceIsDroppedWhole(_ sequence: String) {
        var decoder = InputDecoder()
        #expect(decode(.text(sequence + "1q"), into: &decoder) == [.char("1"), .char("q")])
        #expect(decoder.endOfRead().isEmpty)
        #expect(!decoder.isInsideSequence)
    }

    /// Keys whatever TERM says (Docs/keys.md): the forms of xterm, vt220, rxvt and the Linux
    /// console, with or without modifiers, are each one key, whichever entry ncurses loaded;
    /// nothing in them is read as characters (tmux's Home, `ESC [ 1 ~`, under TERM=xterm-256color
    /// opened the navigation flow).
    @Test(arguments: [
        // xterm
        ("\u{1B}[A", Key.up), ("\u{1B}[1;5B", .down), ("\u{1B}[C", .right), ("\u{1B}[1;3D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1;2H", .home), ("\u{1B}[1;5F", .end),
        ("\u{1B}OA", .up), ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)),
        ("\u{1B}O5R", .function(3)), ("\u{1B}[1;5P", .function(1)), ("\u{1B}[15~", .function(5)),
        ("\u{1B}[15;6~", .function(5)), ("\u{1B}[17~", .function(6)), ("\u{1B}[21~", .function(10)),
        ("\u{1B}[23~", .function(11)), ("\u{1B}[24;2~", .function(12)), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}[3;5~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6;3~", .pageDown), ("\u{1B}[Z", .backTab),
        ("\u{1B}OM", .enter), ("\u{1B}Oq", .char("1")),
        // vt220, tmux, screen and the Linux console
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[11~", .function(1)), ("\u{1B}[14~", .function(4)),
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)), ("\u{1B}[25~", .function(13)), ("\u{1B}[34~", .function(20)),
        // rxvt
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[7$", .home), ("\u{1B}[8^", .end), ("\u{1B}[5^", .pageUp),
        ("\u{1B}[2$", .insert), ("\u{1B}[3@", .delete), ("\u{1B}[23$", .function(11)), ("\u{1B}[a", .up),
        ("\u{1B}[d", .left), ("\u{1B}Ob", .down), ("\u{1B}Oc", .right),
    ])
    func aKnownEscapeSequenceIsOneKeyWhateverTheEntry(_ sequence: String, _ key: Key) {
        var decoder = InputDecoder()
        #expect(decode(.text(sequence + "1q"), into: &decoder) == [key, .char("1"), .char("q")], "\(sequence.debugDescription)")
        #expect(decoder.endOfRead().isEmpty)
        #expect(!decoder.isInsideSequence)
    }

    /// xterm's modified keys that the entry names (`kUP5`…) get codes above `KEY_MAX` that
    /// differ between entries: each is read through its name as the plain key.
    @Test func anEntrysModifiedKeysAreThePlainKeys() {
        let named: [(String, Key?)] = [
            ("kUP5", .up), ("kDN3", .down), ("kLFT2", .left), ("kRIT7", .right), ("kHOM5", .home), ("kEND2", .end),
            ("kPRV5", .pageUp), ("kNXT6", .pageDown), ("kDC5", .delete), ("kIC3", .insert),
            ("kUP", nil), ("kxIN", nil), ("kUPx", nil), ("kf1", nil), ("", nil), ("kUP5x", nil),
        ]
        for (name, key) in named { #expect(KeyDecoder.key(modifiedKeyName: name) == key, "\(name)") }
        var decoder = InputDecoder(extendedKeys: [KEY_MAX + 90: .up])
        #expect(decode(.code(KEY_MAX + 90), .code(KEY_MAX + 91), .text("q"), into: &decoder) == [.up, .char("q")])
        #expect(KeyDecoder.decode(keyCode: KEY_IC) == .insert)
        #expect(KeyDecoder.decode(keyCode: KEY_FIND) == .home)
        #expect(KeyDecoder.decode(keyCode: KEY_SELECT) == .end)
    }

    /// The entry's extended keys are named as they come, not all when the terminal starts, and
    /// each code's name is asked for once, whatever it stands for.
    @Test func anExtendedKeyIsNamedWhenItFirstComesAndOnlyThen() {
        var asked: [Int32] = []
        var decoder = InputDecoder(extendedKey: { code in
            asked.append(code)
            return code == KEY_MAX + 7 ? .down : nil
        })
        #expect(asked.isEmpty)
        #expect(decode(.code(KEY_MAX + 7), .code(KEY_MAX + 8), .code(KEY_MAX + 7), .code(KEY_MAX + 8), into: &decoder) == [.down, .down])
        #expect(asked == [KEY_MAX + 7, KEY_MAX + 8])
    }

    @Test func aSequenceCutShortIsDroppedWhenItEndsAndOnlyIt() {
        var decoder = InputDecoder()
        // `ESC [ 1 ;` and then nothing: held across reads, dropped when the loop ends it.
        #expect(decode(.text("\u{1B}[1;"), into: &decoder).isEmpty)
        #expect(decoder.endOfRead().isEmpty)
        #expect(decoder.isInsideSequence)
        #expect(decoder.endSequence().isEmpty)
        #expect(decode(.text("1"), into: &decoder) == [.char("1")])
        // Split across two reads, it is still one sequence.
        #expect(decode(.text("\u{1B}[9"), into: &decoder).isEmpty)
        #expect(decoder.endOfRead().isEmpty)
        #expect(decode(.text("9;6~x"), into: &decoder) == [.char("x")])
        #expect(decode(.text("\u{1B}[1"), into: &decoder).isEmpty)
        #expect(decoder.endOfRead().isEmpty)
        #expect(decode(.text("5;6~x"), into: &decoder) == [.function(5), .char("x")])
        // A key ncurses knew, a control character or Ctrl-C breaks it off and is read as itself.
        #expect(decode(.text("\u{1B}[1;"), .code(KEY_DOWN), into: &decoder) == [.down])
        #expect(decode(.text("\u{1B}[1;\u{3}"), into: &decoder) == [.ctrl("c")])
        #expect(decode(.text("\u{1B}[1;\t"), into: &decoder) == [.tab])
        // Past 32 characters it was no sequence: the rest is read as keys.
        let long = String(repeating: "1", count: InputDecoder.maxUnknownSequenceLength)
        #expect(decode(.text("\u{1B}[" + long + "2q"), into: &decoder) == [.char("2"), .char("q")])
    }

    @Test func escAloneIsEscAndEscBeforeAKeyIsEscThenTheKey() {
        var decoder = InputDecoder()
        #expect(decode(.text("\u{1B}"), into: &decoder).isEmpty)
        #expect(decoder.endOfRead() == [.escape])
        // Alt-x, Esc Esc, Esc before an arrow ncurses knew, Esc before a mouse report.
        #expect(decode(.text("\u{1B}x"), into: &decoder) == [.escape, .char("x")])
        #expect(decode(.text("\u{1B}\u{1B}"), into: &decoder) == [.escape])
        #expect(decoder.endOfRead() == [.escape])
        #expect(decode(.text("\u{1B}"), .code(KEY_UP), into: &decoder) == [.escape, .up])
        #expect(decode(.text("\u{1B}"), Self.mouse, .text("0;3;4M"), into: &decoder).count == 2)
        // The loop's end of a sequence gives the Esc held, too.
        #expect(decode(.text("\u{1B}"), into: &decoder).isEmpty)
        #expect(decoder.endSequence() == [.escape])
    }

    @Test func ctrlCEndsAPasteAndIsReadAsCtrlC() {
        #expect(decode(Self.start, .text("ab\u{3}q")) == [.paste("ab"), .ctrl("c"), .char("q")])
        #expect(decode(Self.start, .text("\u{3}")) == [.ctrl("c")])
    }

    @Test func endingASequenceGivesThePasteSoFarAndKeysAreKeysAgain() {
        var decoder = InputDecoder()
        #expect(decode(Self.start, .text("par"), into: &decoder).isEmpty)
        #expect(decoder.isInsideSequence)
        #expect(decoder.endSequence() == [.paste("par")])
        #expect(!decoder.isInsideSequence)
        #expect(decode(.text("q"), into: &decoder) == [.char("q")])
        // A mouse report cut short is dropped.
        #expect(decode(Self.mouse, .text("0;1"), into: &decoder).isEmpty)
        #expect(decoder.endSequence().isEmpty)
        #expect(decode(.text("q"), into: &decoder) == [.char("q")])
        // A paste started again starts empty.
        #expect(decode(Self.start, .text("x"), Self.end, into: &decoder) == [.paste("x")])
    }

    @Test func pastesAndClicksDescribeThemselvesWithoutTheirText() {
        #expect(Key.paste("hunter2").description == "paste of 7 characters")
        #expect(Key.paste("x").description == "paste of 1 character")
        #expect(Key.mouse(.click(at: Point(x: 3, y: 4))).description == "mouse left press at (3, 4)")
        #expect(Key.mouse(MouseEvent(.wheelDown, at: .zero)).description == "mouse wheel down at (0, 0)")
        #expect(Key.mouse(MouseEvent(.release, at: .zero)).description == "mouse release at (0, 0)")
        #expect(Key.mouse(MouseEvent(.wheelUp, at: .zero)).description == "mouse wheel up at (0, 0)")
    }

    @Test func keyNamesReadBackAsTheirKeys() {
        let keys: [Key] = [
            .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end, .pageUp,
            .pageDown, .insert, .function(1), .function(12), .ctrl("c"), .char(" "), .char("q"), .char("?"), .char("漢"), .char("+"),
        ]
        for key in keys { #expect(Key(name: key.description) == key) }
        for name in ["↑↓", "", "F0", "F64", "Ctrl-", "Ctrl-1", "\u{07}", "resize", "Tab ↑↓", " "] {
            #expect(Key(name: name) == nil, "\(name)")
        }
    }

    @Test func theModesSwitchOnWhatIsAskedAndTheResetSwitchesOffEverything() {
        #expect(TerminalModes.standard.enableSequence == "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
        #expect(TerminalModes(mouse: false).enableSequence == "\u{1B}[?2004h")
        #expect(TerminalModes.none.enableSequence.isEmpty)
        #expect(TerminalModes.resetSequence == "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?7h")
        #expect(Set(TerminalModes.keyDefinitions.map(\.code)).count == 4)
    }
}
