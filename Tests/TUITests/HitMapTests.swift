import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct HitMapTests {
    private enum Target: Hashable, Sendable { case a, b, c }

    @Test func theTopmostRegionComesFirst() {
        var canvas = Canvas(size: Size(width: 20, height: 5))
        canvas.addHitRegion(canvas.bounds, Target.a)
        canvas.addHitRegion(Rect(x: 2, y: 1, width: 5, height: 2), Target.b)
        canvas.addHitRegion(Rect(x: 4, y: 1, width: 1, height: 1), KeyTarget.press(.enter))
        let under = canvas.hitMap.targets(at: Point(x: 4, y: 1))
        #expect(under.count == 3)
        #expect(under[0] as? KeyTarget == .press(.enter))
        #expect(under[1] as? Target == .b)
        #expect(under[2] as? Target == .a)
        #expect(canvas.hitMap.targets(at: Point(x: 10, y: 4)).map { $0 as? Target } == [.a])
        #expect(canvas.hitMap.targets(at: Point(x: 20, y: 0)).isEmpty) // outside
        #expect(canvas.hitMap.rects(of: Target.b) == [Rect(x: 2, y: 1, width: 5, height: 2)])
    }

    @Test func regionsAreClippedAndEmptyOnesAreLeftOut() {
        var canvas = Canvas(size: Size(width: 10, height: 3))
        canvas.addHitRegion(Rect(x: 8, y: 2, width: 10, height: 10), Target.a)
        canvas.addHitRegion(Rect(x: 0, y: 0, width: 5, height: 1), Target.b, clipTo: Rect(x: 3, y: 0, width: 10, height: 1))
        canvas.addHitRegion(Rect(x: 0, y: 0, width: 0, height: 1), Target.c)
        canvas.addHitRegion(Rect(x: 50, y: 50, width: 2, height: 2), Target.c)
        #expect(canvas.hitMap.rects(of: Target.a) == [Rect(x: 8, y: 2, width: 2, height: 1)])
        #expect(canvas.hitMap.rects(of: Target.b) == [Rect(x: 3, y: 0, width: 2, height: 1)])
        #expect(canvas.hitMap.rects(of: Target.c).isEmpty)
    }

    @Test func canvasesThatShowTheSameCellsAreEqualWhateverIsClickable() {
        var plain = Canvas(size: Size(width: 4, height: 2))
        plain.put("ok", at: .zero)
        var clickable = plain
        clickable.addHitRegion(clickable.bounds, Target.a)
        #expect(plain == clickable)
        #expect(plain.hashValue == clickable.hashValue)
        clickable.put("no", at: .zero)
        #expect(plain != clickable)
    }

    @Test func aCanvasDrawnOntoAnotherBringsItsRegionsAlong() {
        var small = Canvas(size: Size(width: 3, height: 1))
        small.addHitRegion(small.bounds, Target.b)
        var large = Canvas(size: Size(width: 10, height: 4))
        large.draw(small, at: Point(x: 8, y: 2))
        #expect(large.hitMap.rects(of: Target.b) == [Rect(x: 8, y: 2, width: 2, height: 1)])
    }

    @Test func aDrawnCanvasRegionsAreCutToTheClipAndThoseOutsideItAreLeftOut() {
        var small = Canvas(size: Size(width: 4, height: 2))
        small.addHitRegion(Rect(x: 0, y: 0, width: 4, height: 1), Target.a)
        small.addHitRegion(Rect(x: 0, y: 1, width: 4, height: 1), Target.b)
        var large = Canvas(size: Size(width: 10, height: 4))
        large.draw(small, at: Point(x: 1, y: 1), clipTo: Rect(x: 0, y: 0, width: 3, height: 2))
        #expect(large.hitMap.rects(of: Target.a) == [Rect(x: 1, y: 1, width: 2, height: 1)])
        #expect(large.hitMap.rects(of: Target.b).isEmpty)
        #expect(large.hitMap.regions.count == 1)
    }

    @Test func aKeyTargetPressesItsKeysForClicksAndTheWheelOnly() {
        let click = MouseEvent.click(at: .zero)
        let up = MouseEvent(.wheelUp, at: .zero), down = MouseEvent(.wheelDown, at: .zero)
        #expect(KeyTarget.press(.enter).keys(for: click) == [.enter])
        #expect(KeyTarget.press(.enter).keys(for: up).isEmpty)
        #expect(KeyTarget.scroll(lines: 3).keys(for: up) == [.up, .up, .up])
        #expect(KeyTarget.scroll().keys(for: down) == [.down])
        #expect(KeyTarget.scroll().keys(for: click).isEmpty)
        #expect(KeyTarget.press(.enter).keys(for: MouseEvent(.press(.right), at: .zero)).isEmpty)
        #expect(KeyTarget.press(.enter).keys(for: MouseEvent(.release, at: .zero)).isEmpty)
        #expect(KeyTarget.backdrop().isOpaque && !KeyTarget.press(.enter).isOpaque)
        #expect(KeyTarget.backdrop(click: .escape).keys(for: click) == [.escape])
    }

    @Test func everyKeyBarItemIsAButtonForItsKeys() {
        var canvas = Canvas(size: Size(width: 40, height: 1))
        KeyBar([("↑↓", "move"), ("Enter", "open"), ("q", "quit"), ("+-", "delay"), ("Tab ↑↓", "move")])
            .draw(in: canvas.bounds, on: &canvas)
        // "↑↓ move · Enter open · q quit · +- delay · Tab ↑↓ move" cut to 40 columns.
        #expect(canvas.lines[0] == "↑↓ move · Enter open · q quit · +- delay")
        func keys(at x: Int) -> [Key] {
            canvas.hitMap.targets(at: Point(x: x, y: 0)).compactMap { ($0 as? KeyTarget)?.click }
        }
        #expect(keys(at: 0) == [.up])
        #expect(keys(at: 1) == [.down])
        #expect(keys(at: 3).isEmpty) // "move" names two keys: not a button of its own
        #expect(keys(at: 8).isEmpty) // the separator
        #expect(keys(at: 10) == [.enter])
        #expect(keys(at: 19) == [.enter]) // the label of a one-key item is part of its button
        #expect(keys(at: 23) == [.char("q")])
        #expect(keys(at: 32) == [.char("+")])
        #expect(keys(at: 33) == [.char("-")])
        #expect(KeyBar.Item("Tab ↑↓", "move").buttons.map(\.key) == [.tab, .up, .down])
        #expect(KeyBar.Item("Tab ↑↓", "move").buttons.map(\.columns) == [0..<3, 4..<5, 5..<6])
        #expect(KeyBar.Item("Space", "check").buttons.map(\.key) == [.char(" ")])
        #expect(KeyBar.Item("Ctrl-C", "quit").buttons.map(\.columns) == [0..<11])
        #expect(KeyBar.Item("PgUp/PgDn", "page").buttons.isEmpty)
        #expect(KeyBar.Item("Enter", "").buttons.map(\.columns) == [0..<6])
    }
}
