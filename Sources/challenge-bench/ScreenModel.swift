import TUI

/// Just enough of a VT100/xterm to rebuild the screen from what a curses program writes:
/// printable UTF-8, CR/LF/BS/TAB, cursor moves (CUP, CUU/CUD/CUF/CUB, CHA, VPA), erases (EL, ED,
/// ECH), REP, insert/delete characters, the DEC line-drawing set, and the modes that matter
/// (application cursor keys, the alternate screen). Colours and attributes are ignored.
///
/// Used to tell when a frame is complete (every marker text is on screen) without trusting
/// the order or grouping of the bytes, which is curses's business.
struct ScreenModel: Sendable {
    let width: Int
    let height: Int
    private(set) var cells: [[Character]]
    private(set) var cursorX = 0
    private(set) var cursorY = 0
    /// `ESC [ ? 1 h` seen: arrow keys must be sent as `ESC O A`…, not `ESC [ A`.
    private(set) var applicationCursorKeys = false

    private var state = ParseState.ground
    private var parameters: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Expected = 0
    private var pendingWrap = false
    private var lineDrawing = false
    private var lastPrinted: Character = " "
    private var saved = (x: 0, y: 0)

    private enum ParseState: Sendable { case ground, escape, csi, osc, oscEscape, charset(isG0: Bool) }

    /// Marks the right half of a wide character.
    static let continuation: Character = "\u{0}"

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        cells = Array(repeating: Array(repeating: " ", count: max(1, width)), count: max(1, height))
    }

    // MARK: Reading

    /// Each row as text, trailing spaces trimmed.
    var lines: [String] {
        cells.map { row in
            var text = String(row.filter { $0 != Self.continuation })
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// Whether every one of `markers` is somewhere on screen.
    func containsAll(_ markers: [String]) -> Bool {
        let rows = lines
        return markers.allSatisfy { marker in rows.contains { $0.contains(marker) } }
    }

    // MARK: Feeding

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { feed(byte) }
    }

    mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi:
            if (0x40...0x7E).contains(byte) {
                csi(final: byte)
                state = .ground
            } else {
                parameters.append(byte)
            }
        case .osc:
            if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .oscEscape }
        case .oscEscape:
            state = byte == UInt8(ascii: "\\") ? .ground : .osc
        case .charset(let isG0):
            if isG0 { lineDrawing = byte == UInt8(ascii: "0") }
            state = .ground
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if utf8Expected > 0 {
            if byte & 0xC0 == 0x80 {
                utf8.append(byte)
                if utf8.count == utf8Expected {
                    let scalar = String(decoding: utf8, as: UTF8.self)
                    utf8 = []
                    utf8Expected = 0
                    for character in scalar { print(character) }
                }
                return
            }
            utf8 = [] // a broken sequence: drop it and read this byte afresh
            utf8Expected = 0
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D: cursorX = 0; pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: cursorX = max(0, cursorX - 1); pendingWrap = false
        case 0x09: cursorX = min(width - 1, (cursorX / 8 + 1) * 8); pendingWrap = false
        case 0x00..<0x20, 0x7F: break
        case 0x20..<0x7F:
            let character = Character(Unicode.Scalar(byte))
            print(lineDrawing ? Self.lineDrawingGlyph(character) : character)
        case 0xC0..<0xE0: utf8 = [byte]; utf8Expected = 2
        case 0xE0..<0xF0: utf8 = [byte]; utf8Expected = 3
        case 0xF0..<0xF8: utf8 = [byte]; utf8Expected = 4
        default: break
        }
    }

    private mutating func escape(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["): parameters = []; state = .csi
        case UInt8(ascii: "]"): state = .osc
        case UInt8(ascii: "("): state = .charset(isG0: true)
        case UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): state = .charset(isG0: false)
        case UInt8(ascii: "7"): saved = (cursorX, cursorY)
        case UInt8(ascii: "8"): (cursorX, cursorY) = saved; pendingWrap = false
        case UInt8(ascii: "M"): if cursorY > 0 { cursorY -= 1 }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursorX = 0; lineFeed()
        case UInt8(ascii: "c"): self = ScreenModel(width: width, height: height)
        default: break // ESC = / ESC > (keypad) and others change nothing on screen
        }
    }

    private mutating func csi(final: UInt8) {
        let isPrivate = parameters.first == UInt8(ascii: "?")
        let numbers = String(decoding: parameters.filter { $0 != UInt8(ascii: "?") }, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func argument(_ index: Int, default value: Int) -> Int {
            guard index < numbers.count, let number = numbers[index] else { return value }
            return number
        }
        let n = max(1, argument(0, default: 1))
        switch Character(Unicode.Scalar(final)) {
        case "H", "f": moveTo(x: argument(1, default: 1) - 1, y: argument(0, default: 1) - 1)
        case "A": moveTo(x: cursorX, y: cursorY - n)
        case "B", "e": moveTo(x: cursorX, y: cursorY + n)
        case "C", "a": moveTo(x: cursorX + n, y: cursorY)
        case "D": moveTo(x: cursorX - n, y: cursorY)
        case "G", "`": moveTo(x: n - 1, y: cursorY)
        case "d": moveTo(x: cursorX, y: n - 1)
        case "K": eraseInLine(argument(0, default: 0))
        case "J": eraseInDisplay(argument(0, default: 0))
        case "X": blank(row: cursorY, from: cursorX, to: min(width, cursorX + n))
        case "b": for _ in 0..<min(n, width * height) { print(lastPrinted) }
        case "@":
            cells[cursorY].insert(contentsOf: Array(repeating: " ", count: min(n, width - cursorX)), at: cursorX)
            cells[cursorY].removeLast(min(n, width - cursorX))
        case "P":
            let count = min(n, width - cursorX)
            cells[cursorY].removeSubrange(cursorX..<(cursorX + count))
            cells[cursorY].append(contentsOf: Array(repeating: " ", count: count))
        case "L":
            for _ in 0..<min(n, height - cursorY) {
                cells.insert(Array(repeating: " ", count: width), at: cursorY)
                cells.removeLast()
            }
        case "M":
            for _ in 0..<min(n, height - cursorY) {
                cells.remove(at: cursorY)
                cells.append(Array(repeating: " ", count: width))
            }
        case "h", "l":
            guard isPrivate else { break }
            let on = final == UInt8(ascii: "h")
            for mode in numbers.compactMap({ $0 }) {
                if mode == 1 { applicationCursorKeys = on }
                if mode == 1049 || mode == 47 || mode == 1047 { eraseInDisplay(2) }
            }
        case "r": moveTo(x: 0, y: 0)
        default: break // SGR (m) and the rest leave the text alone
        }
    }

    // MARK: Screen operations

    private mutating func print(_ character: Character) {
        let glyphWidth = max(1, DisplayWidth.of(character))
        if pendingWrap || cursorX + glyphWidth > width {
            cursorX = 0
            lineFeed()
        }
        if cells[cursorY][cursorX] == Self.continuation, cursorX > 0 { cells[cursorY][cursorX - 1] = " " }
        cells[cursorY][cursorX] = character
        if glyphWidth == 2, cursorX + 1 < width { cells[cursorY][cursorX + 1] = Self.continuation }
        lastPrinted = character
        if cursorX + glyphWidth >= width {
            cursorX = width - 1
            pendingWrap = true
        } else {
            cursorX += glyphWidth
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorY + 1 < height {
            cursorY += 1
        } else {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: width))
        }
    }

    private mutating func moveTo(x: Int, y: Int) {
        cursorX = min(max(0, x), width - 1)
        cursorY = min(max(0, y), height - 1)
        pendingWrap = false
    }

    private mutating func blank(row: Int, from: Int, to: Int) {
        guard from < to else { return }
        for x in from..<to { cells[row][x] = " " }
    }

    private mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 1: blank(row: cursorY, from: 0, to: cursorX + 1)
        case 2: blank(row: cursorY, from: 0, to: width)
        default: blank(row: cursorY, from: cursorX, to: width)
        }
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 1:
            for y in 0..<cursorY { blank(row: y, from: 0, to: width) }
            blank(row: cursorY, from: 0, to: cursorX + 1)
        case 2, 3:
            for y in 0..<height { blank(row: y, from: 0, to: width) }
        default:
            blank(row: cursorY, from: cursorX, to: width)
            for y in (cursorY + 1)..<height { blank(row: y, from: 0, to: width) }
        }
    }

    /// The DEC special graphics set, as curses uses it for boxes when it does not send UTF-8.
    static func lineDrawingGlyph(_ character: Character) -> Character {
        switch character {
        case "j": "┘"
        case "k": "┐"
        case "l": "┌"
        case "m": "└"
        case "n": "┼"
        case "q": "─"
        case "t": "├"
        case "u": "┤"
        case "v": "┴"
        case "w": "┬"
        case "x": "│"
        case "a": "▒"
        case "`": "◆"
        case "~": "·"
        default: character
        }
    }
}
