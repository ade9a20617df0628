import CNcurses
import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct KeyDecoderTests {
    private func code(_ c: Int32) -> Key? { KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(c)) }
    private func char(_ c: UInt32) -> Key? { KeyDecoder.decode(status: OK, value: c) }

    @Test func backspaceArrivesAsDelByteCtrlHOrKeyBackspace() {
        #expect(char(127) == .backspace)
        #expect(char(8) == .backspace)
        #expect(code(KEY_BACKSPACE) == .backspace)
    }

    @Test func enterArrivesAsLineFeedCarriageReturnOrKeyEnter() {
        #expect(char(10) == .enter)
        #expect(char(13) == .enter)
        #expect(code(KEY_ENTER) == .enter)
    }

    @Test func escapeTabAndShiftTab() {
        #expect(char(27) == .escape)
        #expect(char(9) == .tab)
        #expect(code(KEY_BTAB) == .backTab)
    }

    @Test func ctrlLettersAreLowercase() {
        #expect(char(3) == .ctrl("c"))
        #expect(char(1) == .ctrl("a"))
        #expect(char(21) == .ctrl("u"))
        #expect(char(26) == .ctrl("z"))
    }

    @Test func arrowsAndNavigationKeys() {
        #expect(code(KEY_UP) == .up)
        #expect(code(KEY_DOWN) == .down)
        #expect(code(KEY_LEFT) == .left)
        #expect(code(KEY_RIGHT) == .right)
        #expect(code(KEY_HOME) == .home)
        #expect(code(KEY_END) == .end)
        #expect(code(KEY_PPAGE) == .pageUp)
        #expect(code(KEY_NPAGE) == .pageDown)
        #expect(code(KEY_DC) == .delete)
        #expect(code(KEY_A1) == .home && code(KEY_C1) == .end && code(KEY_A3) == .pageUp && code(KEY_C3) == .pageDown)
    }

    @Test func functionKeys() {
        #expect(code(ctui_key_f(1)) == .function(1))
        #expect(code(ctui_key_f(12)) == .function(12))
        #expect(code(KEY_F0) == nil)
    }

    @Test func resize() {
        #expect(code(KEY_RESIZE) == .resize)
    }

    @Test func printableUnicodeIsAChar() {
        #expect(char(0x61) == .char("a"))
        #expect(char(0x20) == .char(" "))
        #expect(char(0x6F22) == .char("漢"))
        #expect(char(0x1F389) == .char("🎉"))
        #expect(char(0xE9) == .char("é"))
    }

    @Test func nothingAndUnusableInputDecodeToNil() {
        #expect(KeyDecoder.decode(status: ERR, value: 0) == nil)
        #expect(char(0) == nil)
        #expect(char(28) == nil)
        #expect(char(0x85) == nil)
        #expect(char(0xD800) == nil) // a lone surrogate is no scalar
        #expect(code(KEY_MOUSE) == nil)
    }

    @Test func keysDescribeThemselvesForKeyBarsAndLogs() {
        #expect(Key.ctrl("c").description == "Ctrl-C")
        #expect(Key.char(" ").description == "Space")
        #expect(Key.function(5).description == "F5")
        #expect([Key.up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end, .pageUp, .pageDown, .resize, .char("x")].map(\.description)
            == ["↑", "↓", "←", "→", "Enter", "Esc", "Tab", "Shift-Tab", "Backspace", "Delete", "Home", "End", "PgUp", "PgDn", "resize", "x"])
    }
}
