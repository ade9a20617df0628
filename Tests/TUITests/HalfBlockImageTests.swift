import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct HalfBlockImageTests {
    static let red = RGB(200, 30, 30), blue = RGB(20, 40, 220), white = RGB(250, 250, 250), black = RGB(5, 5, 5)

    /// 2 × 3 pixels: red blue / white black / blue red.
    static let picture = [red, blue, white, black, blue, red]

    static func drawn(_ mode: ColorMode, in area: Rect = Rect(x: 0, y: 0, width: 2, height: 2), canvas size: Size = Size(width: 2, height: 2)) -> Canvas {
        var canvas = Canvas(size: size)
        HalfBlockImage(width: 2, height: 3, pixels: picture, colorMode: mode).draw(in: area, on: &canvas)
        return canvas
    }

    @Test func eachCellShowsTheTopPixelOverTheBottomOne() {
        let canvas = Self.drawn(.xterm256)
        #expect(canvas.lines == ["▀▀", "▀▀"])
        #expect(canvas[0, 0].style == Style(foreground: Self.red, background: Self.white))
        #expect(canvas[1, 0].style == Style(foreground: Self.blue, background: Self.black))
        // The odd last row: a top pixel over the terminal's own background.
        #expect(canvas[0, 1].style == Style(foreground: Self.blue, background: nil))
        #expect(canvas[1, 1].style == Style(foreground: Self.red, background: nil))
    }

    @Test func fewColoursPickTheNearestAnsiColourByDistance() {
        let sixteen = Self.drawn(.basic16)
        #expect(sixteen[0, 0].style == Style(foreground: RGB(205, 0, 0), background: RGB(255, 255, 255)))
        #expect(sixteen[1, 0].style == Style(foreground: RGB(0, 0, 238), background: RGB(0, 0, 0)))
        let eight = Self.drawn(.basic8)
        #expect(eight[0, 0].style == Style(foreground: RGB(205, 0, 0), background: RGB(229, 229, 229)))
        #expect(eight.lines == ["▀▀", "▀▀"])
        // Each colour the cells hold maps back to its own ANSI index.
        for mode in [ColorMode.basic8, .basic16] {
            let canvas = Self.drawn(mode)
            let theme = Theme(mode: mode)
            for (x, y) in [(0, 0), (1, 0), (0, 1)] {
                let style = canvas[x, y].style
                #expect(theme.index(for: style.foreground) == Theme.ansi16.firstIndex(of: style.foreground!))
            }
        }
    }

    @Test func withoutColourAShadeStandsForTheBrightness() {
        let canvas = Self.drawn(.none)
        // red + white: light (▓); blue + black: dark (space); the odd row: blue alone is dark,
        // red alone a little lighter (░).
        #expect(canvas.lines == ["▓", " ░"])
        #expect(canvas[0, 0].style == .plain)
        #expect(HalfBlockImage.shade(forLuma: 0) == " ")
        #expect(HalfBlockImage.shade(forLuma: 255) == "█")
        #expect(HalfBlockImage.shade(forLuma: 128) == "▒")
        #expect(HalfBlockImage.luma(RGB(255, 255, 255)) == 255)
        #expect(HalfBlockImage.luma(RGB(0, 255, 0)) == 182)
    }

    @Test func thePictureIsCentredAndClippedToItsArea() {
        let canvas = Self.drawn(.xterm256, in: Rect(x: 1, y: 1, width: 4, height: 4), canvas: Size(width: 6, height: 6))
        #expect(canvas.lines == ["", "", "  ▀▀", "  ▀▀", "", ""])
        #expect(canvas[2, 2].style.foreground == Self.red)
        // An area one cell wide shows the middle of the picture's width (the left column here).
        let narrow = Self.drawn(.xterm256, in: Rect(x: 0, y: 0, width: 1, height: 1), canvas: Size(width: 3, height: 3))
        #expect(narrow.lines == ["▀", "", ""])
        #expect(narrow[0, 0].style.foreground == Self.red)
        // Nothing outside the canvas or in an empty area.
        let off = Self.drawn(.xterm256, in: Rect(x: 5, y: 5, width: 4, height: 4), canvas: Size(width: 3, height: 3))
        #expect(off.lines == ["", "", ""])
        let empty = Self.drawn(.xterm256, in: .zero)
        #expect(empty.lines == ["", ""])
    }

    @Test func rgbaBytesAreLaidOverTheMatte() {
        let rgba: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 255, 128, 10, 20, 30, 255]
        let image = HalfBlockImage(width: 2, height: 2, rgba: rgba, matte: RGB(0, 255, 0), colorMode: .xterm256)
        #expect(image.pixels == [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 127, 128), RGB(10, 20, 30)])
        #expect(image.cellSize == Size(width: 2, height: 1))
    }

    @Test func nearestAnsiIsByDistanceNotHue() {
        // Pale blue: by hue it is blue; by distance, white is nearer.
        #expect(Theme.nearestBasic8(RGB(180, 190, 250)) == 4)
        #expect(Theme.nearestANSI(RGB(180, 190, 250), count: 8) == 7)
        #expect(Theme.nearestANSI(RGB(250, 10, 10), count: 16) == 9)
        #expect(Theme.nearestANSI(RGB(250, 10, 10), count: 8) == 1)
        #expect(Theme.nearestANSI(RGB(120, 120, 120), count: 16) == 8)
    }

    @Test func basic16KeepsHueMatchingForInterfaceColours() {
        let theme = Theme(mode: .basic16)
        #expect(theme.index(for: RGB(0x97, 0xD0, 0x77)) == Theme.nearestBasic8(RGB(0x97, 0xD0, 0x77)))
        #expect(theme.index(for: RGB(255, 0, 255)) == 13) // exactly bright magenta
        #expect(Theme(mode: .basic8).index(for: RGB(255, 0, 255)) == 5) // no bright colours: by hue
        #expect(theme.index(for: nil) == nil)
    }
}
