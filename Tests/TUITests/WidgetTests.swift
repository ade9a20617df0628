import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct WidgetTests {
    @Test func frameDrawsARoundedBoxWithATitleAndReturnsItsInside() {
        var canvas = Canvas(size: Size(width: 14, height: 4))
        let inside = Frame(title: "Articles").draw(in: canvas.bounds, on: &canvas)
        #expect(inside == Rect(x: 1, y: 1, width: 12, height: 2))
        #expect(canvas.lines == [
            "╭─ Articles ─╮",
            "│            │",
            "│            │",
            "╰────────────╯",
        ])
        #expect(canvas.style(at: Point(x: 3, y: 0)).bold)
    }

    @Test func frameTruncatesALongTitleAndSupportsOtherBorders() {
        var canvas = Canvas(size: Size(width: 12, height: 3))
        Frame(title: "A very long title", border: .plain).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[0] == "┌─ A ver… ─┐")
        var heavy = Canvas(size: Size(width: 3, height: 2))
        Frame(border: .heavy).draw(in: heavy.bounds, on: &heavy)
        #expect(heavy.lines == ["┏━┓", "┗━┛"])
        var double = Canvas(size: Size(width: 2, height: 2))
        Frame(border: .double).draw(in: double.bounds, on: &double)
        #expect(double.lines == ["╔╗", "╚╝"])
        #expect(Frame().draw(in: Rect(x: 0, y: 0, width: 1, height: 5), on: &double).isEmpty)
    }

    @Test func aFrameLargerThanTheCanvasIsClippedAndLeavesItsInsideAlone() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.put("ab", at: Point(x: 2, y: 1))
        let inside = Frame(style: .dim).draw(in: Rect(x: 1, y: 0, width: 8, height: 5), on: &canvas)
        #expect(inside == Rect(x: 2, y: 1, width: 6, height: 3))
        #expect(canvas.lines == [" ╭────", " │ab", " │"])
        #expect(canvas.style(at: Point(x: 1, y: 2)).dim)
        #expect(!canvas.style(at: Point(x: 2, y: 1)).dim)
    }

    @Test func buttonLooksReversedWhenFocusedAndDimWhenDisabled() {
        var canvas = Canvas(size: Size(width: 40, height: 3))
        let button = Button("SAVE CHANGES", isFocused: true)
        #expect(button.text == "[ SAVE CHANGES ]" && button.width == 16)
        let rect = button.draw(in: canvas.bounds.row(0).inset(left: 1, right: 0), on: &canvas)
        #expect(rect == Rect(x: 1, y: 0, width: 16, height: 1))
        #expect(canvas.style(at: Point(x: 1, y: 0)).reverse)
        Button("NEXT", alignment: .right).draw(in: canvas.bounds.row(1), on: &canvas)
        Button("OFF", isEnabled: false, alignment: .center).draw(in: canvas.bounds.row(2), on: &canvas)
        #expect(canvas.lines == [" [ SAVE CHANGES ]", "                                [ NEXT ]", "                [ OFF ]"])
        #expect(!canvas.style(at: Point(x: 32, y: 1)).reverse)
        #expect(canvas.style(at: Point(x: 16, y: 2)).dim)
    }

    @Test func keyBarListsPairsAndDropsWhatDoesNotFit() {
        let bar = KeyBar([("↑↓", "move"), ("Enter", "open"), ("?", "help"), ("q", "quit")])
        #expect(bar.text(width: 80) == "↑↓ move · Enter open · ? help · q quit")
        #expect(bar.text(width: 30) == "↑↓ move · Enter open · ? help")
        #expect(bar.text(width: 3) == "")
        var canvas = Canvas(size: Size(width: 40, height: 1))
        bar.draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["↑↓ move · Enter open · ? help · q quit"])
        #expect(canvas.style(at: Point(x: 10, y: 0)).bold) // "Enter"
        #expect(!canvas.style(at: Point(x: 3, y: 0)).bold)
        bar.draw(in: .zero, on: &canvas)
    }

    @Test func modalIsCentredOverDimmedContentWithButtons() {
        var canvas = Canvas(size: Size(width: 40, height: 12))
        for y in 0..<12 { canvas.put(String(repeating: "x", count: 40), at: Point(x: 0, y: y)) }
        let box = Modal(title: "Help", body: "Press q to quit.", buttons: ["OK"], focusedButton: 0).draw(in: canvas.bounds, on: &canvas)
        #expect(box == Rect(x: 10, y: 2, width: 20, height: 7))
        #expect(canvas.lines == [
            String(repeating: "x", count: 40),
            String(repeating: "x", count: 40),
            "xxxxxxxxxx╭─ Help ───────────╮xxxxxxxxxx",
            "xxxxxxxxxx│                  │xxxxxxxxxx",
            "xxxxxxxxxx│ Press q to quit. │xxxxxxxxxx",
            "xxxxxxxxxx│                  │xxxxxxxxxx",
            "xxxxxxxxxx│      [ OK ]      │xxxxxxxxxx",
            "xxxxxxxxxx│                  │xxxxxxxxxx",
            "xxxxxxxxxx╰──────────────────╯xxxxxxxxxx",
            String(repeating: "x", count: 40),
            String(repeating: "x", count: 40),
            String(repeating: "x", count: 40),
        ])
        #expect(canvas.style(at: .zero).dim)
        #expect(!canvas.style(at: Point(x: 12, y: 5)).dim)
        #expect(canvas.style(at: Point(x: 17, y: 6)).reverse)
    }

    @Test func modalWrapsALongBodyAndFitsASmallScreen() {
        var canvas = Canvas(size: Size(width: 30, height: 8))
        let body = String(repeating: "word ", count: 40)
        let box = Modal(title: "T", body: body, dimsBackground: false).draw(in: canvas.bounds, on: &canvas)
        #expect(box == Rect(x: 1, y: 1, width: 28, height: 6)) // one free row above and below
        #expect(canvas.lines[4] == " │ word word word word wor… │")
        #expect(canvas.lines.allSatisfy { DisplayWidth.of($0) <= 30 })
        #expect(!canvas.style(at: .zero).dim)
    }

    @Test func toastIsACentredLineThatExpires() {
        let start = Duration.seconds(10)
        let toast = Toast("Profile: not available yet", now: start)
        #expect(toast.deadline == start + .seconds(3))
        #expect(!toast.isExpired(at: start + .seconds(2)))
        #expect(toast.isExpired(at: start + .seconds(3)))
        var canvas = Canvas(size: Size(width: 40, height: 3))
        let rect = toast.draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["", "", "       Profile: not available yet"])
        #expect(rect == Rect(x: 6, y: 2, width: 28, height: 1))
        #expect(canvas.style(at: Point(x: 6, y: 2)).reverse)
        let error = Toast("Failed: a very long message that cannot fit", kind: .error, deadline: start)
        var onTop = error
        onTop.placement = .top
        onTop.draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[0] == " Failed: a very long message that cann… ".trimmingTrailingSpaces)
        #expect(canvas.style(at: Point(x: 1, y: 0)).foreground == .red)
        #expect(Toast("ok", kind: .success, deadline: start).style.foreground == .green)
        #expect(toast.draw(in: .zero, on: &canvas) == .zero)
    }

    @Test func tooSmallMessageNamesBothSizes() {
        var canvas = Canvas(size: Size(width: 50, height: 5))
        TooSmallScreen(minimum: Size(width: 60, height: 20)).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["", "    Terminal too small: need 60x20, have 50x5", "", "        Make it bigger, or Ctrl-C to quit", ""])
    }

    @Test func tooSmallMessageWrapsOnATinyTerminal() {
        var canvas = Canvas(size: Size(width: 20, height: 6))
        TooSmallScreen(minimum: Size(width: 60, height: 20)).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["Terminal too small:", "  need 60x20, have", "        20x6", "", " Make it bigger, or", "   Ctrl-C to quit"])
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
