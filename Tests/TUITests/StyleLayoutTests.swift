import Testing
@testable import TUI

/// A style is seven bytes and a cell twelve, with no padding (Docs/performance.md, "The sixth
/// round"); what a style says is unchanged by how it is stored.
@Suite(.timeLimit(.minutes(10))) struct StyleLayoutTests {
    @Test func aCellIsTwelveBytesWithNoPadding() {
        #expect(MemoryLayout<Style>.size == 7)
        #expect(MemoryLayout<Cell>.size == 12)
        #expect(MemoryLayout<Cell>.stride == 12)
    }

    @Test func everyPropertyReadsBackWhatWasSetAndLeavesTheOthersAlone() {
        let colours: [RGB?] = [nil, RGB(0, 0, 0), RGB(255, 255, 255), RGB(1, 2, 3)]
        for foreground in colours {
            for background in colours {
                for bits in 0..<16 {
                    let style = Style(
                        foreground: foreground, background: background,
                        bold: bits & 1 != 0, dim: bits & 2 != 0, reverse: bits & 4 != 0, underline: bits & 8 != 0
                    )
                    #expect(style.foreground == foreground)
                    #expect(style.background == background)
                    #expect([style.bold, style.dim, style.reverse, style.underline] == [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0])
                }
            }
        }
        var style = Style(foreground: RGB(9, 9, 9), bold: true)
        style.underline = true
        style.bold = false
        #expect(style == Style(foreground: RGB(9, 9, 9), underline: true))
    }

    /// A colour taken away leaves no trace in the bytes, so the diff's byte comparison and `==`
    /// agree: a black colour and no colour stay apart, a removed colour and none do not.
    @Test func equalStylesAreEqualBytes() {
        var coloured = Style(foreground: RGB(200, 100, 50), background: RGB(1, 2, 3), reverse: true)
        coloured.foreground = nil
        coloured.background = nil
        coloured.reverse = false
        #expect(coloured == .plain)
        #expect(withUnsafeBytes(of: coloured) { Array($0) } == withUnsafeBytes(of: Style.plain) { Array($0) })
        #expect(Style(foreground: RGB(0, 0, 0)) != .plain)
        #expect(Style(background: RGB(0, 0, 0)) != Style(foreground: RGB(0, 0, 0)))
        let cells = [Cell("a", style: coloured), Cell("a")]
        cells.withUnsafeBufferPointer { #expect(Canvas.sameBytes($0.baseAddress!, $0.baseAddress! + 1)) }
        let different = [Cell("a", style: .bold), Cell("a")]
        different.withUnsafeBufferPointer { #expect(!Canvas.sameBytes($0.baseAddress!, $0.baseAddress! + 1)) }
    }
}
