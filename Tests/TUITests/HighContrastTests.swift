import Testing
@testable import TUI

/// The high-contrast theme (Docs/configuration.md, "Terminals"): text in the terminal's own
/// colours and never dim, coloured backgrounds as reverse video, the colours that mean something
/// at their strongest for the background, pictures untouched.
@Suite(.timeLimit(.minutes(10))) struct HighContrastTests {
    @Test func plainTextLosesItsColourAndDimmingAndKeepsBoldAndUnderline() {
        let dimGrey = Cell("a", style: Style(foreground: .grey, dim: true, underline: true))
        #expect(HighContrast.style(of: dimGrey, on: .dark) == Style(underline: true))
        let boldBlue = Cell("b", style: Style(foreground: .blue, bold: true))
        #expect(HighContrast.style(of: boldBlue, on: .light) == Style(bold: true))
    }

    @Test func aColouredBackgroundBecomesReverseVideo() {
        let selected = Cell("c", style: Style(foreground: .white, background: .blue))
        #expect(HighContrast.style(of: selected, on: .dark) == Style(reverse: true))
        #expect(HighContrast.style(of: Cell("d", style: .reverse), on: .dark) == .reverse)
    }

    @Test func errorsSuccessesAndWarningsStayBoldAtTheirStrongestForTheBackground() {
        let error = Cell("e", style: Style(foreground: .red))
        #expect(HighContrast.style(of: error, on: .dark) == Style(foreground: RGB(255, 95, 95), bold: true))
        #expect(HighContrast.style(of: error, on: .light) == Style(foreground: RGB(175, 0, 0), bold: true))
        #expect(HighContrast.style(of: Cell("f", style: Style(foreground: .green)), on: .dark).foreground == RGB(95, 255, 95))
        #expect(HighContrast.style(of: Cell("g", style: Style(foreground: .yellow)), on: .light).foreground == RGB(110, 80, 0))
    }

    @Test func picturesKeepTheirColours() {
        let halfBlock = Cell("▀", style: Style(foreground: RGB(40, 130, 110), background: RGB(200, 200, 200)))
        #expect(HighContrast.style(of: halfBlock, on: .dark) == halfBlock.style)
        // A rule drawn with box drawing is no picture.
        #expect(HighContrast.style(of: Cell("─", style: Style(foreground: .grey, dim: true)), on: .dark) == .plain)
    }

    @Test func aWholeFrameIsThemedCellByCellKeepingItsCharacters() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("ok", at: Point(x: 0, y: 0), style: Style(foreground: .grey, dim: true))
        let themed = HighContrast.apply(to: canvas, on: .dark)
        #expect(themed[0, 0] == Cell("o") && themed[1, 0] == Cell("k"))
    }
}
