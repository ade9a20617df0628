/// The bytes of one frame's changed cells, made by the terminal itself rather than by ncurses'
/// `doupdate` (Docs/performance.md, "A key press"): the diff has already found the cells that
/// changed, and a second diff of ncurses' own, with its cursor planning, cost more than all the
/// rest of a key press's output. Every byte still comes from terminfo, through ncurses: the
/// cursor's moves from `cup`, each change of attributes and colours from ncurses' own
/// `vid_puts` (`Controls`), so each terminal gets what ncurses would send it.
///
/// It keeps where the terminal's cursor is and which rendition it has, so a run of cells is one
/// move and one rendition, and it leaves the terminal in the plain rendition, which is what
/// ncurses believes between frames.
struct FrameOutput {
    /// Attributes and colour pair, as ncurses numbers them.
    struct Rendition: Hashable {
        var attributes: UInt32
        var pair: Int32

        static let plain = Rendition(attributes: 0, pair: 0)
    }

    /// How the terminal is told to move and to change rendition.
    struct Controls {
        /// The bytes of `cup` to `row`, `column` (0-based), for a terminal whose `cup` is not the
        /// ANSI one, which is formatted here.
        var move: (_ row: Int, _ column: Int) -> [UInt8]
        /// Whether `cup` is ANSI's `CSI row ; column H`, as on every terminal emulator in use.
        var moveIsANSI: Bool
        /// The bytes from one rendition to another.
        var transition: (_ from: Rendition, _ to: Rendition) -> [UInt8]
        /// The last cell of the last row: how to write it without the screen scrolling.
        var lastCell: LastCell

        /// ANSI and ncurses' xterm renditions, for tests.
        static var ansi: Controls {
            Controls(
                move: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) }, moveIsANSI: true,
                transition: { _, to in Array("\u{1B}[0;\(to.attributes);\(to.pair)m".utf8) }, lastCell: .plain)
        }
    }

    /// A terminal with automatic margins scrolls when its last cell is written, unless it waits
    /// for the next character to wrap (`xenl`, as every emulator does).
    enum LastCell {
        /// Written like any other.
        case plain
        /// Written between automatic margins off and on again.
        case withoutMargins(off: [UInt8], on: [UInt8])
        /// Left alone: there is no way to write it without scrolling.
        case skipped
    }

    let controls: Controls
    /// This frame's bytes so far.
    private(set) var bytes: [UInt8] = []
    /// Where the terminal's cursor is; nil when not known (after the last column, where terminals
    /// differ, or after something else wrote).
    var cursor: Point?
    /// The terminal's rendition.
    private(set) var rendition = Rendition.plain
    /// The bytes of each transition met so far: ncurses makes them with `tparm`, the costliest
    /// part of its output.
    private var transitions: [Transition: [UInt8]] = [:]

    private struct Transition: Hashable {
        var from: Rendition
        var to: Rendition
    }

    init(controls: Controls) {
        self.controls = controls
    }

    /// Starts a frame, keeping the buffer's memory; `screenWasCleared` when the terminal was just
    /// cleared (the cursor at home and the rendition plain, as ncurses leaves them).
    mutating func begin(screenWasCleared: Bool) {
        bytes.removeAll(keepingCapacity: true)
        if screenWasCleared {
            cursor = nil
            rendition = .plain
        }
    }

    /// Forgets the transitions made so far: the screen was cleared, or a colour pair defined again
    /// and a transition to it would send its old colours.
    mutating func forgetTransitions() {
        transitions.removeAll(keepingCapacity: true)
    }

    /// Colour pair `pair` was defined (again): no kept transition is trusted, and if the terminal
    /// is drawing in that pair, it leaves it, or the next cell in the pair would get no colours
    /// at all, the pair number being unchanged.
    mutating func pairWasDefined(_ pair: Int32) {
        forgetTransitions()
        if rendition.pair == pair { change(to: .plain) }
    }

    /// Writes `glyph`, `width` columns wide, at `point` in `rendition`, on a screen of `size`.
    /// A control character is written as a blank: text never reaches the terminal as a command.
    mutating func put(_ glyph: Glyph, width: Int, at point: Point, in rendition: Rendition, screen size: Size) {
        let isLastCell = point.y == size.height - 1 && point.x + width >= size.width
        if isLastCell, case .skipped = controls.lastCell { return }
        move(to: point)
        change(to: rendition)
        if isLastCell, case .withoutMargins(let off, _) = controls.lastCell { bytes += off }
        if let byte = glyph.asciiValue {
            bytes.append(byte < 0x20 || byte == 0x7F ? 0x20 : byte)
        } else if glyph.scalar.map(DisplayWidth.isControl) ?? glyph.character.unicodeScalars.contains(where: DisplayWidth.isControl) {
            bytes.append(0x20)
        } else {
            glyph.forEachUTF8Byte { bytes.append($0) }
        }
        if isLastCell, case .withoutMargins(_, let on) = controls.lastCell { bytes += on }
        let next = point.x + max(1, width)
        cursor = next < size.width ? Point(x: next, y: point.y) : nil
    }

    /// Moves the cursor to `point`, unless it is there.
    mutating func move(to point: Point) {
        guard cursor != point else { return }
        if controls.moveIsANSI {
            bytes += [0x1B, 0x5B]
            appendDecimal(point.y + 1)
            bytes.append(0x3B)
            appendDecimal(point.x + 1)
            bytes.append(0x48)
        } else {
            bytes += controls.move(point.y, point.x)
        }
        cursor = point
    }

    /// Changes the terminal's rendition to `new`, unless it has it.
    mutating func change(to new: Rendition) {
        guard new != rendition else { return }
        let transition = Transition(from: rendition, to: new)
        if let known = transitions[transition] {
            bytes += known
        } else {
            let made = controls.transition(rendition, new)
            transitions[transition] = made
            bytes += made
        }
        rendition = new
    }

    /// Appends bytes something else made (the clusters drawn over their placeholders), after
    /// which the cursor is at `cursor` and the rendition plain.
    mutating func append(_ other: [UInt8], leavingCursorAt cursor: Point?) {
        bytes += other
        self.cursor = cursor
        rendition = .plain
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        bytes.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    }
}
