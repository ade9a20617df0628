import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct ThemeTests {
    @Test func hexParsesLongShortAndRejectsJunk() {
        #expect(RGB(hex: "#8F1F1F") == RGB(0x8F, 0x1F, 0x1F))
        #expect(RGB(hex: "97d077") == RGB(0x97, 0xD0, 0x77))
        #expect(RGB(hex: "#F0A") == RGB(0xFF, 0x00, 0xAA))
        #expect(RGB(hex: "#12345") == nil)
        #expect(RGB(hex: "#GGGGGG") == nil)
        #expect(RGB(hex: "") == nil)
        #expect(RGB(0x0A, 0xFF, 0).hex == "#0AFF00")
    }

    @Test func modeIs256From256ToBelowDirectColour() {
        #expect(ColorMode.decide(colors: 256, environment: [:], noColorFlag: false) == .xterm256)
        #expect(ColorMode.decide(colors: 16_777_215, environment: [:], noColorFlag: false) == .xterm256)
    }

    @Test func modeIsDirectWith24BitColourNumbers() {
        #expect(ColorMode.decide(colors: 16_777_216, environment: [:], noColorFlag: false) == .direct)
        #expect(ColorMode.decide(colors: 16_777_216, environment: ["NO_COLOR": "1"], noColorFlag: false) == .none)
    }

    @Test func directModeSendsTheExactColourAsOneNumber() {
        let theme = Theme(mode: .direct)
        #expect(theme.index(for: RGB(0xFF, 0xFF, 0x66)) == 0xFFFF66)
        #expect(theme.index(for: RGB(0x8F, 0x1F, 0x1F)) == 0x8F1F1F)
        #expect(theme.index(for: RGB(0, 1, 0)) == 0x100)
        #expect(theme.index(for: nil) == nil)
        #expect(theme.shown(RGB(0x2F, 0x85, 0x5A)) == RGB(0x2F, 0x85, 0x5A))
    }

    @Test func directNumbersThatWouldBePaletteColoursGetRedOne() {
        // Numbers below 8 (16, 256 in the -direct16/-direct256 entries) are sent as palette colours.
        #expect(Theme.directColorNumber(.black) == 0x01_0000)
        #expect(Theme.directColorNumber(RGB(0, 0, 5)) == 0x01_0005)
        #expect(Theme.directColorNumber(RGB(0, 0, 255)) == 0x01_00FF)
        #expect(Theme.directColor(0x01_0005) == RGB(1, 0, 5))
        for number in 0..<256 { #expect(Theme.directColorNumber(Theme.directColor(number)) >= 256) }
    }

    @Test func shownIsWhatEachModeDisplays() {
        let teal = RGB(0x2F, 0x85, 0x5A)
        #expect(Theme(mode: .xterm256).shown(teal) == RGB(0, 135, 95))
        #expect(Theme(mode: .basic8).shown(RGB(0, 205, 0)) == RGB(0, 205, 0))
        #expect(Theme(mode: .basic16).shown(RGB(255, 0, 0)) == RGB(255, 0, 0))
        #expect(Theme(mode: .none).shown(teal) == nil)
    }

    @Test func modeIsBasic16From16To255() {
        #expect(ColorMode.decide(colors: 16, environment: [:], noColorFlag: false) == .basic16)
        #expect(ColorMode.decide(colors: 88, environment: [:], noColorFlag: false) == .basic16)
        #expect(ColorMode.decide(colors: 255, environment: [:], noColorFlag: false) == .basic16)
    }

    @Test func modeIsBasic8From8To15() {
        #expect(ColorMode.decide(colors: 8, environment: [:], noColorFlag: false) == .basic8)
        #expect(ColorMode.decide(colors: 15, environment: [:], noColorFlag: false) == .basic8)
    }

    @Test func modeIsNoneWithoutColours() {
        #expect(ColorMode.decide(colors: 0, environment: [:], noColorFlag: false) == .none)
        #expect(ColorMode.decide(colors: 2, environment: [:], noColorFlag: false) == .none)
    }

    @Test func noColorWithAnyNonEmptyValueSwitchesColoursOff() {
        #expect(ColorMode.decide(colors: 256, environment: ["NO_COLOR": "1"], noColorFlag: false) == .none)
        #expect(ColorMode.decide(colors: 256, environment: ["NO_COLOR": "false"], noColorFlag: false) == .none)
    }

    @Test func emptyNoColorDoesNotCount() {
        #expect(ColorMode.decide(colors: 256, environment: ["NO_COLOR": ""], noColorFlag: false) == .xterm256)
    }

    @Test func noColorFlagSwitchesColoursOff() {
        #expect(ColorMode.decide(colors: 256, environment: [:], noColorFlag: true) == .none)
    }

    @Test func xterm256PaletteHasTheCubeAndTheGreys() {
        #expect(Theme.xterm256Color(16) == RGB(0, 0, 0))
        #expect(Theme.xterm256Color(196) == RGB(255, 0, 0))
        #expect(Theme.xterm256Color(231) == RGB(255, 255, 255))
        #expect(Theme.xterm256Color(232) == RGB(8, 8, 8))
        #expect(Theme.xterm256Color(255) == RGB(238, 238, 238))
        #expect(Theme.xterm256Color(7) == nil)
    }

    @Test func exactCubeAndGreyColoursMapToThemselves() throws {
        for index in [16, 21, 46, 88, 196, 226, 231, 232, 244, 255] {
            let color = try #require(Theme.xterm256Color(index))
            #expect(Theme.nearestXterm256(color) == index)
        }
    }

    @Test func designColoursMapToNearbyXtermColours() {
        let theme = Theme(mode: .xterm256)
        #expect(theme.index(for: RGB(hex: "#8F1F1F")) == 88) // dark red (135,0,0)
        #expect(theme.index(for: RGB(hex: "#FFFFCC")) == 230) // (255,255,215)
        #expect(theme.index(for: RGB(hex: "#FF33FF")) == 207) // (255,95,255)
        #expect(theme.index(for: RGB(hex: "#808080")) == 244) // grey ramp beats the cube
        #expect(theme.index(for: nil) == nil)
    }

    @Test func basic8PicksTheNearestAnsiColourByHue() {
        let theme = Theme(mode: .basic8)
        #expect(theme.index(for: RGB(hex: "#8F1F1F")) == 1) // red
        #expect(theme.index(for: RGB(hex: "#FFFF66")) == 3) // yellow
        #expect(theme.index(for: RGB(hex: "#CCCC00")) == 3) // yellow
        #expect(theme.index(for: RGB(hex: "#97D077")) == 2) // green
        #expect(theme.index(for: RGB(hex: "#00CED1")) == 6) // cyan
        #expect(theme.index(for: RGB(hex: "#0000FF")) == 4) // blue
        #expect(theme.index(for: RGB(hex: "#FF33FF")) == 5) // magenta
        #expect(theme.index(for: RGB(hex: "#FF1040")) == 1) // red again, from the other side of 0°
    }

    @Test func basic8SendsPaleColoursToWhiteAndDarkOnesToBlack() {
        let theme = Theme(mode: .basic8)
        #expect(theme.index(for: RGB(hex: "#D4E1F5")) == 7)
        #expect(theme.index(for: RGB(hex: "#FFFFCC")) == 7)
        #expect(theme.index(for: RGB(hex: "#FFFFFF")) == 7)
        #expect(theme.index(for: RGB(hex: "#404040")) == 0)
        #expect(theme.index(for: RGB(hex: "#101060")) == 4) // dark but clearly blue
    }

    @Test func noneModeGivesNoColourAtAll() {
        #expect(Theme(mode: .none).index(for: RGB(hex: "#8F1F1F")) == nil)
    }

    @Test func styleModifiersChain() {
        let s = Style.plain.foreground(.red).background(.black).bolded().dimmed().reversed().underlined()
        #expect(s == Style(foreground: .red, background: .black, bold: true, dim: true, reverse: true, underline: true))
        #expect(s.bolded(false).bold == false)
    }
}
