import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct ColorPairTableTests {
    typealias Key = ColorPairTable.Key
    static func key(_ fg: Int32, _ bg: Int32) -> Key { Key(foreground: fg, background: bg) }

    @Test func aCombinationGetsOnePairAndKeepsIt() {
        var table = ColorPairTable(capacity: 3)
        #expect(table.acquire(Self.key(1, 2)) == .define(1))
        #expect(table.acquire(Self.key(3, 4)) == .define(2))
        #expect(table.acquire(Self.key(1, 2)) == .existing(1))
        #expect(table.userCount(of: 1) == 2)
    }

    @Test func aPairStillOnScreenIsNeverRedefined() {
        // What the old dictionary over alloc_pair got wrong: when pairs ran out, ncurses
        // recycled the least recently allocated one while cells still showed it, and the
        // dictionary went on handing out its number for the old colours.
        var table = ColorPairTable(capacity: 2)
        _ = table.acquire(Self.key(1, 1)) // pair 1, on screen
        _ = table.acquire(Self.key(2, 2)) // pair 2, on screen
        table.release(2) // its cell changes colour
        #expect(table.acquire(Self.key(3, 3)) == .define(2)) // reuses only the idle pair
        #expect(table.key(of: 1) == Self.key(1, 1))
        #expect(table.acquire(Self.key(1, 1)) == .existing(1))
        // The recycled combination is no longer known: asking again defines it afresh.
        table.release(2)
        #expect(table.acquire(Self.key(2, 2)) == .define(2))
    }

    @Test func theLongestIdlePairIsRecycledFirst() {
        var table = ColorPairTable(capacity: 3)
        for value in Int32(1)...3 { _ = table.acquire(Self.key(value, value)) }
        table.release(3)
        table.release(1)
        table.release(2)
        #expect(table.acquire(Self.key(7, 7)) == .define(3))
        #expect(table.acquire(Self.key(8, 8)) == .define(1))
        // An idle pair used again is taken off the idle list.
        #expect(table.acquire(Self.key(2, 2)) == .existing(2))
        // Every pair on screen now: bright red is shared with the nearest, grey (8) in pair 1.
        #expect(table.acquire(Self.key(9, 9)) == .substitute(1))
    }

    @Test func whenEveryPairIsOnScreenTheNearestIsShared() {
        var table = ColorPairTable(capacity: 2)
        _ = table.acquire(Self.key(196, 16)) // red on black
        _ = table.acquire(Self.key(21, 231)) // blue on white
        // Dark red on black: nearest to the first; nothing is redefined.
        #expect(table.acquire(Self.key(160, 16)) == .substitute(1))
        #expect(table.key(of: 1) == Self.key(196, 16))
        #expect(table.userCount(of: 1) == 2)
        #expect(table.acquire(Self.key(27, 255)) == .substitute(2))
        // No pairs at all (a terminal without colour pairs): the default pair.
        var none = ColorPairTable(capacity: 0)
        #expect(none.acquire(Self.key(1, 2)) == .substitute(0))
    }

    @Test func clearingTheScreenFreesEveryPairButKeepsDefinitions() {
        var table = ColorPairTable(capacity: 2)
        _ = table.acquire(Self.key(1, 1))
        _ = table.acquire(Self.key(2, 2))
        table.releaseAll()
        #expect(table.userCount(of: 1) == 0)
        #expect(table.acquire(Self.key(2, 2)) == .existing(2))
        #expect(table.acquire(Self.key(3, 3)) == .define(1))
    }

    @Test func releasingUnknownPairsChangesNothing() {
        var table = ColorPairTable(capacity: 1)
        table.release(0)
        table.release(5)
        table.release(1)
        #expect(table.acquire(Self.key(1, 1)) == .define(1))
        #expect(table.acquire(Self.key(2, 2)) == .substitute(1))
    }

    @Test func distanceTreatsTheDefaultColourAsFarFromAll() {
        #expect(ColorPairTable.distance(Self.key(-1, -1), Self.key(-1, -1)) == 0)
        #expect(ColorPairTable.distance(Self.key(196, -1), Self.key(160, -1)) < ColorPairTable.distance(Self.key(196, -1), Self.key(196, 16)))
        #expect(ColorPairTable.paletteColor(9) == RGB(255, 0, 0))
        #expect(ColorPairTable.paletteColor(196) == RGB(255, 0, 0))
        #expect(ColorPairTable.paletteColor(-1) == nil)
    }

    @Test func directColourNumbersAreComparedAsRGB() {
        // 0x0000FF is (0, 0, 255) on a direct-colour terminal, not palette blue 12 or 21's neighbour.
        #expect(ColorPairTable.color(0x0000FF, direct: true) == RGB(0, 0, 255))
        #expect(ColorPairTable.color(12, direct: true) == RGB(0, 0, 12))
        #expect(ColorPairTable.color(12, direct: false) == RGB(92, 92, 255))
        #expect(ColorPairTable.color(-1, direct: true) == nil)
        var table = ColorPairTable(capacity: 2, directColor: true)
        #expect(table.acquire(Self.key(0xFF0000, -1)) == .define(1))
        #expect(table.acquire(Self.key(0x0000FF, -1)) == .define(2))
        // Full: a dark red shares the red pair (as palette numbers, 0xC00000 means nothing).
        #expect(table.acquire(Self.key(0xC00000, -1)) == .substitute(1))
        #expect(table.acquire(Self.key(0x0000C0, -1)) == .substitute(2))
    }

    @Test func manyRecyclingsKeepTheIdleListBounded() {
        var table = ColorPairTable(capacity: 4)
        var onScreen: [Int32] = []
        for round in 0..<5000 {
            let assignment = table.acquire(Self.key(Int32(round % 200), 0))
            onScreen.append(assignment.pair)
            if onScreen.count > 3 { table.release(onScreen.removeFirst()) }
            if case .substitute = assignment { Issue.record("round \(round): ran out with a free pair") }
        }
    }
}
