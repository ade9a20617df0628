import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct ListTests {
    @Test func movesKeepTheSelectionInRangeAndVisible() {
        var list = ListState(count: 100, visibleRows: 10)
        list.handle(.up)
        #expect(list.selection == 0 && list.offset == 0)
        for _ in 0..<12 { list.handle(.down) }
        #expect(list.selection == 12)
        #expect(list.visibleRange == 3..<13)
        list.handle(.char("k"))
        #expect(list.selection == 11 && list.offset == 3)
        list.handle(.char("j"))
        #expect(list.selection == 12)
    }

    @Test func pageMovesGoByAScreenLessOneRow() {
        var list = ListState(count: 100, visibleRows: 10)
        list.handle(.pageDown)
        #expect(list.selection == 9 && list.offset == 0)
        list.handle(.pageDown)
        #expect(list.selection == 18 && list.visibleRange.contains(18))
        list.handle(.pageUp)
        #expect(list.selection == 9 && list.visibleRange.contains(9))
    }

    @Test func homeAndEndJumpToTheEnds() {
        var list = ListState(count: 100, visibleRows: 10)
        list.handle(.end)
        #expect(list.selection == 99 && list.visibleRange == 90..<100)
        list.handle(.home)
        #expect(list.selection == 0 && list.offset == 0)
        let used = list.handle(.enter)
        #expect(!used)
    }

    @Test func emptyListHasNoSelection() {
        var list = ListState()
        list.handle(.down)
        list.handle(.end)
        #expect(list.selectedIndex == nil && list.visibleRange.isEmpty)
    }

    @Test func shrinkingTheCountClampsSelectionAndOffset() {
        var list = ListState(count: 50, selection: 40, visibleRows: 10)
        #expect(list.offset == 31)
        list.count = 20
        #expect(list.selection == 19 && list.offset == 10)
        list.count = 0
        #expect(list.selectedIndex == nil && list.offset == 0)
    }

    @Test func drawCallsTheRowClosureOnlyForVisibleRows() {
        var list = ListState(count: 100_000)
        var canvas = Canvas(size: Size(width: 20, height: 60))
        var calls: [Int] = []
        let widget = ScrollList { row, canvas in
            calls.append(row.index)
            canvas.put("item \(row.index)", at: row.rect.origin, clipTo: row.rect)
        }
        list.visibleRows = widget.visibleRows(height: canvas.bounds.height)
        #expect(list.visibleRows == 60)
        widget.draw(in: canvas.bounds, on: &canvas, state: list)
        #expect(calls == Array(0..<60))
        list.handle(.end)
        calls = []
        ScrollList { row, _ in calls.append(row.index) }.draw(in: canvas.bounds, on: &canvas, state: list)
        #expect(calls == Array(99_940..<100_000))
    }

    @Test func rowsTallerThanOneLine() {
        var list = ListState(count: 10)
        var canvas = Canvas(size: Size(width: 12, height: 9))
        var rects: [Rect] = []
        let widget = ScrollList(rowHeight: 3, showsScrollbar: false) { row, canvas in
            rects.append(row.rect)
            canvas.put("title \(row.index)", at: row.rect.origin, style: row.isSelected ? .reverse : .plain)
            canvas.put("line 1", at: row.rect.origin.offsetBy(dy: 1))
            canvas.put("line 2", at: row.rect.origin.offsetBy(dy: 2))
        }
        list.visibleRows = widget.visibleRows(height: canvas.bounds.height)
        #expect(list.visibleRows == 3)
        widget.draw(in: canvas.bounds, on: &canvas, state: list)
        #expect(rects == [Rect(x: 0, y: 0, width: 12, height: 3), Rect(x: 0, y: 3, width: 12, height: 3), Rect(x: 0, y: 6, width: 12, height: 3)])
        #expect(canvas.lines == ["title 0", "line 1", "line 2", "title 1", "line 1", "line 2", "title 2", "line 1", "line 2"])
        #expect(canvas.style(at: .zero).reverse)
        list.handle(.pageDown) // by visibleRows - 1 = 2
        #expect(list.selection == 2)
    }

    @Test func aListNotYetToldWhatFitsIsDrawnAsIfItWereWithoutChangingIt() {
        let list = ListState(count: 30, selection: 29)  // visibleRows 1: no layout yet
        var canvas = Canvas(size: Size(width: 10, height: 5))
        var drawn: [Int] = []
        ScrollList(showsScrollbar: false) { row, _ in drawn.append(row.index) }.draw(in: canvas.bounds, on: &canvas, state: list)
        #expect(drawn == [25, 26, 27, 28, 29])
        #expect(list == ListState(count: 30, selection: 29))
    }

    @Test func selectionMarkAndScrollbar() {
        let list = ListState(count: 30, selection: 29)
        var canvas = Canvas(size: Size(width: 10, height: 5))
        var selected: [Int] = []
        ScrollList { row, canvas in
            if row.isSelected { selected.append(row.index) }
            #expect(row.rect.width == 9) // the last column is the scrollbar
            canvas.put("\(row.index)", at: row.rect.origin)
        }.draw(in: canvas.bounds, on: &canvas, state: list)
        #expect(selected == [29])
        #expect(canvas.lines == ["25       │", "26       │", "27       │", "28       │", "29       ┃"])
        let short = ListState(count: 2)
        var none = Canvas(size: Size(width: 10, height: 5))
        ScrollList { row, canvas in #expect(row.rect.width == 10) }.draw(in: none.bounds, on: &none, state: short)
        ScrollList { _, _ in Issue.record("nothing to draw in an empty rect") }.draw(in: .zero, on: &none, state: short)
    }
}

@Suite(.timeLimit(.minutes(10))) struct ChoiceTests {
    let options = ["Choice A", "Choice B", "Choice C", "Choice D", "Choice E"]

    @Test func wheelSelectionFollowsTheHighlight() {
        var wheel = ChoiceState(options: options, mode: .wheel)
        #expect(wheel.selection == 0)
        wheel.handle(.down)
        wheel.handle(.down)
        #expect(wheel.selection == 2 && wheel.selectedOption == "Choice C")
        wheel.handle(.up)
        wheel.handle(.up)
        wheel.handle(.up)
        #expect(wheel.selection == 0)
        wheel.handle(.end)
        #expect(wheel.selection == 4)
        let used = wheel.handle(.char(" "))
        #expect(!used)
    }

    @Test func checkboxesAreExclusiveAndCheckedWithSpace() {
        var boxes = ChoiceState(options: ["Option 1", "Option 2", "Option 3"], mode: .exclusiveCheckboxes)
        #expect(boxes.selection == nil)
        boxes.handle(.down)
        #expect(boxes.selection == nil && boxes.highlighted == 1)
        boxes.handle(.char(" "))
        #expect(boxes.selection == 1)
        boxes.handle(.char("j"))
        boxes.handle(.char(" "))
        #expect(boxes.selection == 2 && boxes.checked == 2)
        boxes.handle(.char(" ")) // checking the checked one keeps it
        #expect(boxes.selection == 2)
        boxes.handle(.home)
        #expect(boxes.highlighted == 0 && boxes.selection == 2)
        let used = boxes.handle(.enter)
        #expect(!used)
    }

    @Test func initialSelectionAndShrinkingOptions() {
        var boxes = ChoiceState(options: ["a", "b", "c"], mode: .exclusiveCheckboxes, selection: 2)
        #expect(boxes.selection == 2 && boxes.highlighted == 2)
        boxes.options = ["a"]
        #expect(boxes.selection == nil && boxes.highlighted == 0)
        #expect(ChoiceState(options: [], mode: .wheel).selection == nil)
    }

    @Test func drawsCheckboxesWithTheHighlightMarked() {
        var boxes = ChoiceState(options: ["Option 1", "Option 2", "Option 3"], mode: .exclusiveCheckboxes)
        boxes.handle(.char(" "))
        boxes.handle(.down)
        var canvas = Canvas(size: Size(width: 16, height: 3))
        ChoiceList(boxes, isFocused: true).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["  [x] Option 1", "› [ ] Option 2", "  [ ] Option 3"])
        #expect(canvas.style(at: Point(x: 15, y: 1)).reverse) // the whole row
        #expect(!canvas.style(at: .zero).reverse)
    }

    @Test func wheelKeepsTheHighlightNearTheMiddleWhenOptionsDoNotFit() {
        var wheel = ChoiceState(options: options, mode: .wheel, selection: 3)
        var canvas = Canvas(size: Size(width: 12, height: 3))
        ChoiceList(wheel, isFocused: false).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["  Choice C", "› Choice D", "  Choice E"])
        #expect(canvas.style(at: Point(x: 2, y: 1)).bold && canvas.style(at: .zero).dim)
        wheel.highlight(0)
        #expect(ChoiceList.firstVisible(wheel, rows: 3) == 0)
        ChoiceList(wheel, isFocused: true).draw(in: .zero, on: &canvas)
    }
}

@Suite(.timeLimit(.minutes(10))) struct SpinnerTests {
    @Test func frameFollowsElapsedTime() {
        let spinner = Spinner()
        #expect(spinner.interval == .milliseconds(100))
        #expect(spinner.frame(at: .zero) == "⠋")
        #expect(spinner.frame(at: .milliseconds(99)) == "⠋")
        #expect(spinner.frame(at: .milliseconds(100)) == "⠙")
        #expect(spinner.frame(at: .milliseconds(950)) == "⠏")
        #expect(spinner.frame(at: .seconds(1)) == "⠋") // wraps after 10 frames
        #expect(spinner.frame(at: .milliseconds(-5)) == "⠋")
    }

    @Test func delayUntilNextFrameAlignsToTheInterval() {
        let spinner = Spinner(frames: Spinner.line, interval: .milliseconds(250))
        #expect(spinner.delayUntilNextFrame(after: .zero) == .milliseconds(250))
        #expect(spinner.delayUntilNextFrame(after: .milliseconds(260)) == .milliseconds(240))
        #expect(spinner.frame(at: .milliseconds(500)) == "|")
    }

    @Test func degenerateSettingsAreRepaired() {
        let spinner = Spinner(frames: [], interval: .zero)
        #expect(spinner.frames == [" "] && spinner.interval == .milliseconds(100))
    }

    @Test func drawShowsFrameAndLabel() {
        var canvas = Canvas(size: Size(width: 20, height: 1))
        let end = Spinner(elapsed: .milliseconds(200), label: "Loading…").draw(in: canvas.bounds.inset(left: 1, right: 0), on: &canvas)
        #expect(canvas.lines == [" ⠹ Loading…"])
        #expect(end == 11)
    }
}
