import Testing
@testable import TUI

/// The bytes of a frame written past ncurses (Docs/performance.md, "A key press"), with plain
/// ANSI controls standing for terminfo's.
@Suite(.timeLimit(.minutes(10))) struct FrameOutputTests {
    static let size = Size(width: 10, height: 3)
    static let bold = FrameOutput.Rendition(attributes: 1, pair: 0)
    static let red = FrameOutput.Rendition(attributes: 0, pair: 3)

    static func text(_ output: FrameOutput) -> String { String(decoding: output.bytes, as: UTF8.self) }

    @Test func aRunOfCellsIsOneMoveAndOneRenditionAndTheCursorIsKnownAfterIt() {
        var output = FrameOutput(controls: .ansi)
        output.begin(screenWasCleared: true)
        for (x, character) in "abc".enumerated() {
            output.put(Glyph(character), width: 1, at: Point(x: 2 + x, y: 1), in: Self.bold, screen: Self.size)
        }
        output.put(Glyph(Character("d")), width: 1, at: Point(x: 7, y: 1), in: Self.bold, screen: Self.size)
        output.change(to: .plain)
        #expect(Self.text(output) == "\u{1B}[2;3H\u{1B}[0;1;0mabc\u{1B}[2;8Hd\u{1B}[0;0;0m")
        #expect(output.cursor == Point(x: 8, y: 1))
    }

    @Test func aWideCharacterMovesTheCursorByItsWidth() {
        var output = FrameOutput(controls: .ansi)
        output.begin(screenWasCleared: true)
        output.put(Glyph(Character("界")), width: 2, at: Point(x: 0, y: 0), in: .plain, screen: Self.size)
        output.put(Glyph(Character("x")), width: 1, at: Point(x: 2, y: 0), in: .plain, screen: Self.size)
        #expect(Self.text(output) == "\u{1B}[1;1H界x")
    }

    @Test func aControlCharacterIsWrittenAsABlank() {
        var output = FrameOutput(controls: .ansi)
        output.begin(screenWasCleared: true)
        for (x, scalar) in ["\u{1B}", "\u{07}", "\u{7F}", "\u{9B}"].enumerated() {
            output.put(Glyph(Unicode.Scalar(scalar)!), width: 1, at: Point(x: x, y: 0), in: .plain, screen: Self.size)
        }
        #expect(Self.text(output) == "\u{1B}[1;1H    ")
    }

    @Test func afterTheLastColumnTheCursorIsNotKnownAndTheNextCellMovesIt() {
        var output = FrameOutput(controls: .ansi)
        output.begin(screenWasCleared: true)
        output.put(Glyph(Character("z")), width: 1, at: Point(x: 9, y: 0), in: .plain, screen: Self.size)
        #expect(output.cursor == nil)
        output.put(Glyph(Character("a")), width: 1, at: Point(x: 0, y: 1), in: .plain, screen: Self.size)
        #expect(Self.text(output) == "\u{1B}[1;10Hz\u{1B}[2;1Ha")
    }

    @Test func theLastCellIsWrittenWithoutMarginsOrLeftAloneWhereWritingItWouldScroll() {
        let last = Point(x: 9, y: 2)
        var controls = FrameOutput.Controls.ansi
        controls.lastCell = .withoutMargins(off: Array("<off>".utf8), on: Array("<on>".utf8))
        var output = FrameOutput(controls: controls)
        output.begin(screenWasCleared: true)
        output.put(Glyph(Character("y")), width: 1, at: Point(x: 8, y: 2), in: .plain, screen: Self.size)
        output.put(Glyph(Character("z")), width: 1, at: last, in: .plain, screen: Self.size)
        #expect(Self.text(output) == "\u{1B}[3;9Hy<off>z<on>")
        controls.lastCell = .skipped
        output = FrameOutput(controls: controls)
        output.begin(screenWasCleared: true)
        output.put(Glyph(Character("z")), width: 1, at: last, in: .plain, screen: Self.size)
        #expect(output.bytes.isEmpty)
    }

    @Test func aTerminalWhoseCupIsNotANSIMovesByItsOwn() {
        var controls = FrameOutput.Controls.ansi
        controls.moveIsANSI = false
        controls.move = { row, column in Array("<\(row),\(column)>".utf8) }
        var output = FrameOutput(controls: controls)
        output.begin(screenWasCleared: true)
        output.put(Glyph(Character("q")), width: 1, at: Point(x: 4, y: 2), in: .plain, screen: Self.size)
        #expect(Self.text(output) == "<2,4>q")
    }

    @Test func eachTransitionIsAskedOnceUntilAPairIsDefinedAgain() {
        final class Asked { var count = 0 }
        let asked = Asked()
        var controls = FrameOutput.Controls.ansi
        controls.transition = { from, to in
            asked.count += 1
            return Array("[\(from.pair)>\(to.pair)]".utf8)
        }
        var output = FrameOutput(controls: controls)
        for _ in 0..<3 {
            output.begin(screenWasCleared: false)
            output.change(to: Self.red)
            output.change(to: .plain)
        }
        #expect(asked.count == 2)
        output.pairWasDefined(7)
        output.change(to: Self.red)
        #expect(asked.count == 3)
        // Drawing in the pair being defined again: the terminal leaves it, so the next cell in
        // that pair is sent its colours again.
        output.begin(screenWasCleared: false)
        output.pairWasDefined(3)
        #expect(Self.text(output) == "[3>0]")
        output.change(to: Self.red)
        #expect(Self.text(output) == "[3>0][0>3]")
    }
}
