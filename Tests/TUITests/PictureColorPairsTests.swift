import Testing
@testable import TUI

/// What a photograph does to ncurses' colour pairs on small terminals: every cell still gets a
/// pair, exact while pairs last, the nearest once they run out (Docs/images.md, "In the app").
@Suite(.timeLimit(.minutes(10))) struct PictureColorPairsTests {
    /// A busy picture: colour noise, every pixel drawn at random (the same every run), 76 × 16
    /// pixels, the detail page's largest at 80 × 24.
    static func busyPicture(_ mode: ColorMode) -> HalfBlockImage {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pixels = (0..<(76 * 16)).map { _ -> RGB in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return RGB(UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16))
        }
        return HalfBlockImage(width: 76, height: 16, pixels: pixels, colorMode: mode)
    }

    /// The pairs the picture's cells take from a table of `capacity`, as the ncurses backend asks.
    static func assign(_ mode: ColorMode, capacity: Int) -> (combinations: Int, assignments: [ColorPairTable.Assignment]) {
        var canvas = Canvas(size: Size(width: 80, height: 8))
        busyPicture(mode).draw(in: canvas.bounds, on: &canvas)
        let theme = Theme(mode: mode)
        var table = ColorPairTable(capacity: capacity)
        var keys = Set<ColorPairTable.Key>()
        var assignments: [ColorPairTable.Assignment] = []
        for y in 0..<8 {
            for x in 2..<78 {
                let style = canvas.style(at: Point(x: x, y: y))
                let key = ColorPairTable.Key(
                    foreground: theme.index(for: style.foreground).map(Int32.init) ?? -1,
                    background: theme.index(for: style.background).map(Int32.init) ?? -1)
                keys.insert(key)
                assignments.append(table.acquire(key))
            }
        }
        return (keys.count, assignments)
    }

    @Test func onAnEightColourXtermABusyPictureFitsItsPairsOrSharesTheNearest() {
        // xterm: COLOR_PAIRS 64, so 63 usable pairs; a picture's cells combine 8 × 8 colours.
        let (combinations, assignments) = Self.assign(.basic8, capacity: 63)
        #expect(combinations <= 64)
        let substitutes = assignments.filter { if case .substitute = $0 { true } else { false } }
        #expect(substitutes.isEmpty == (combinations <= 63))
        #expect(assignments.allSatisfy { (1...63).contains($0.pair) }, "every cell has a pair")
    }

    @Test func onASixteenColourTerminalPairsRunOutAndCellsShareTheNearest() {
        // 16 colours on a terminal offering 64 pairs: a busy picture has more combinations.
        let (combinations, assignments) = Self.assign(.basic16, capacity: 63)
        #expect(combinations > 63)
        #expect(assignments.contains { if case .substitute = $0 { true } else { false } })
        #expect(assignments.allSatisfy { (1...63).contains($0.pair) }, "every cell still has a pair, never pair 0")
        // With the 255 usable pairs of a 16-colour entry that offers 256, all fit.
        let roomy = Self.assign(.basic16, capacity: 255)
        #expect(!roomy.assignments.contains { if case .substitute = $0 { true } else { false } })
    }
}
