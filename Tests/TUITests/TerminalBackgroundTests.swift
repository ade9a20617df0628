import CNcurses
import Glibc
import Testing
@testable import TUI

/// The terminal's background, found out and used (Docs/configuration.md, "Terminals"): where
/// `COLORFGBG` or the OSC 11 answer say, pictures without colour the right way round, and text
/// kept readable on the colours a few-colour or light terminal really shows.
@Suite(.timeLimit(.minutes(10))) struct TerminalBackgroundTests {
    @Test func colorFGBGSaysLightOrDarkByItsLastField() {
        #expect(TerminalBackground(colorFGBG: "15;0") == .dark)
        #expect(TerminalBackground(colorFGBG: "0;15") == .light)
        #expect(TerminalBackground(colorFGBG: "0;default;15") == .light)
        #expect(TerminalBackground(colorFGBG: "12;8") == .dark)
        #expect(TerminalBackground(colorFGBG: "0;7") == .light)
        for nothing in ["", "default", "0;default", "0;16", "0;-1", "x;y"] {
            #expect(TerminalBackground(colorFGBG: nothing) == nil, "\(nothing)")
        }
        #expect(TerminalBackground.decide(setting: .dark, environment: ["COLORFGBG": "0;15"]) == .dark)
        #expect(TerminalBackground.decide(setting: nil, environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalBackground.decide(setting: nil, environment: [:]) == nil)
    }

    @Test func anOSC11AnswerSaysLightOrDarkByItsLuminance() {
        #expect(TerminalBackground(osc11Answer: "rgb:ffff/ffff/ffff") == .light)
        #expect(TerminalBackground(osc11Answer: "rgb:0000/0000/0000") == .dark)
        #expect(TerminalBackground(osc11Answer: "rgb:fd/f6/e3") == .light) // Solarized light
        #expect(TerminalBackground(osc11Answer: "rgb:002b/3636/4242") == .dark) // Solarized dark
        #expect(TerminalBackground(osc11Answer: "rgb:2/2/2") == .dark)
        for nothing in ["", "rgb:", "rgb:ff/ff", "rgb:fffff/0/0", "rgb:gg/00/00", "rgba:ff/ff/ff/ff", "#ffffff"] {
            #expect(TerminalBackground(osc11Answer: Substring(nothing)) == nil, "\(nothing)")
        }
    }

    private func decode(_ text: String, into decoder: inout InputDecoder) -> [Key] {
        var keys: [Key] = []
        for scalar in text.unicodeScalars { keys += decoder.feed(status: OK, value: scalar.value) }
        return keys + decoder.endOfRead()
    }

    /// The answer arrives as input: one key when it was asked for and comes in time, nothing
    /// otherwise; never Esc and characters (a late answer would otherwise leave a challenge).
    @Test func theAnswerIsOneKeyWhenAwaitedAndNothingOtherwise() {
        var decoder = InputDecoder()
        decoder.awaitsBackgroundAnswer = true
        #expect(decode("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\q", into: &decoder) == [.background(.light), .char("q")])
        #expect(!decoder.awaitsBackgroundAnswer)
        // Once answered, or past its time, an answer (BEL-ended too) is dropped whole.
        #expect(decode("\u{1B}]11;rgb:0000/0000/0000\u{7}q", into: &decoder) == [.char("q")])
        decoder.awaitsBackgroundAnswer = true
        #expect(decode("\u{1B}]11;rgb:0000/0000/0000\u{7}", into: &decoder) == [.background(.dark)])
        // Another command, a bad colour, one cut off by a key or by another sequence.
        decoder.awaitsBackgroundAnswer = true
        #expect(decode("\u{1B}]10;rgb:ffff/ffff/ffff\u{7}x", into: &decoder) == [.char("x")])
        #expect(decode("\u{1B}]11;rgb:zz/00/00\u{7}x", into: &decoder) == [.char("x")])
        #expect(decode("\u{1B}]11;rgb\r", into: &decoder) == [.enter])
        #expect(decode("\u{1B}]11;rgb\u{1B}[A", into: &decoder) == [.up])
        #expect(decoder.awaitsBackgroundAnswer)
        // Longer than any answer: not one; what follows is read as keys.
        #expect(decode("\u{1B}]" + String(repeating: "1", count: InputDecoder.maxCommandLength) + "2", into: &decoder) == [.char("2")])
        #expect(Key(name: Key.background(.light).description) == .background(.light))
        #expect(Key(name: Key.background(.dark).description) == .background(.dark))
    }

    /// Without colour a picture is ink in the text colour: on a light terminal the darkest
    /// pixels take the most (the same picture was a negative).
    @Test func withoutColourAPictureIsTheRightWayRoundOnALightTerminal() {
        let pixels = [RGB(0, 0, 0), RGB(255, 255, 255), RGB(0, 0, 0), RGB(255, 255, 255)]
        var dark = Canvas(size: Size(width: 2, height: 1)), light = dark
        var image = HalfBlockImage(width: 2, height: 2, pixels: pixels, colorMode: .none)
        image.draw(in: dark.bounds, on: &dark)
        image.background = .light
        image.draw(in: light.bounds, on: &light)
        #expect(dark.lines == [" █"])
        #expect(light.lines == ["█"])
        #expect(light[1, 0].character == " ")
    }

    /// Pairs a few-colour or light terminal shows too close get black or white text; readable
    /// pairs, and the terminal's own colours, are kept.
    @Test func textTooCloseToItsBackgroundIsDrawnBlackOrWhite() {
        let yellow = RGB(205, 205, 0), white = RGB(229, 229, 229), cyan = RGB(0, 205, 205), blue = RGB(0, 0, 238)
        // Dim grey (white in 8 colours) on yellow: B2's title; cyan on a white terminal.
        #expect(ReadableForeground.choose(foreground: white, background: yellow, terminal: .dark) == RGB(0, 0, 0))
        #expect(ReadableForeground.choose(foreground: cyan, background: nil, terminal: .light) == RGB(0, 0, 0))
        #expect(ReadableForeground.choose(foreground: yellow, background: nil, terminal: .light) == RGB(0, 0, 0))
        #expect(ReadableForeground.choose(foreground: RGB(20, 20, 20), background: nil, terminal: .dark) == RGB(255, 255, 255))
        // Readable pairs stay as they are; so does the default colour on the default background.
        #expect(ReadableForeground.choose(foreground: cyan, background: nil, terminal: .dark) == cyan)
        #expect(ReadableForeground.choose(foreground: blue, background: nil, terminal: .light) == blue)
        #expect(ReadableForeground.choose(foreground: nil, background: nil, terminal: .light) == nil)
        #expect(ReadableForeground.choose(foreground: nil, background: yellow, terminal: .dark) == RGB(0, 0, 0))
        #expect(abs(ReadableForeground.ratio(RGB(0, 0, 0), RGB(255, 255, 255)) - 21) < 0.01)
        #expect(ReadableForeground.isText("a") && ReadableForeground.isText("漢"))
        #expect(!ReadableForeground.isText("▀") && !ReadableForeground.isText("█") && !ReadableForeground.isText("░"))
    }
}
