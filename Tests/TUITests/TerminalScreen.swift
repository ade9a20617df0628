@testable import TUI

/// What a terminal shows after the bytes the program wrote: enough of xterm's behaviour (cursor
/// addressing, clearing, SGR colours and attributes, UTF-8 text) to check a frame by what reaches
/// the screen rather than by what ncurses believes. Other sequences (modes, OSC, charsets) are
/// read past.
struct TerminalScreen {
    struct Cell: Equatable {
        var text = " "
        var foreground: Int32 = -1
        var background: Int32 = -1
        var bold = false
        var reverse = false
    }

    let size: Size
    private(set) var cells: [Cell]
    private(set) var cursor = Point(x: 0, y: 0)
    private var pen = Cell()
    private var pending: [UInt8] = []

    init(size: Size) {
        self.size = size
        cells = Array(repeating: Cell(), count: size.width * size.height)
    }

    subscript(x: Int, y: Int) -> Cell { cells[y * size.width + x] }

    /// The text of row `y`.
    func row(_ y: Int) -> String { (0..<size.width).map { self[$0, y].text }.joined() }

    mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let used = step(pending[index...]) else { break }
            index += used
        }
        pending.removeFirst(index)
    }

    /// Interprets what starts `bytes`; returns how many it used, nil when it is cut short.
    private mutating func step(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            guard bytes.count >= 2 else { return nil }
            switch bytes[start + 1] {
            case UInt8(ascii: "["):
                guard let end = bytes[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else { return nil }
                control(String(decoding: bytes[(start + 2)..<end], as: UTF8.self), final: bytes[end])
                return end - start + 1
            case UInt8(ascii: "]"):
                // The Linux console's palette reset and setting, which have no terminator.
                if bytes.count >= 3, bytes[start + 2] == UInt8(ascii: "R") { return 3 }
                if bytes.count >= 3, bytes[start + 2] == UInt8(ascii: "P") { return bytes.count >= 10 ? 10 : nil }
                var index = start + 2
                while index < bytes.endIndex {
                    if bytes[index] == 0x07 { return index - start + 1 }
                    if bytes[index] == 0x1B, index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\\") { return index - start + 2 }
                    index += 1
                }
                return nil
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                return bytes.count >= 3 ? 3 : nil
            default:
                return 2
            }
        case 0x0D:
            cursor.x = 0
            return 1
        case 0x0A:
            cursor.y = min(cursor.y + 1, size.height - 1)
            return 1
        case 0x08:
            cursor.x = max(0, cursor.x - 1)
            return 1
        case ..<0x20, 0x7F:
            return 1
        default:
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
            put(text)
            return length
        }
    }

    private mutating func put(_ text: String) {
        guard let scalar = text.unicodeScalars.first else { return }
        let width = DisplayWidth.of(scalar)
        if width == 0, cursor.x > 0 {
            cells[cursor.y * size.width + cursor.x - 1].text += text
            return
        }
        if cursor.x >= size.width { return } // past the last column: autowrap is never relied on
        var cell = pen
        cell.text = text
        cells[cursor.y * size.width + cursor.x] = cell
        if width == 2, cursor.x + 1 < size.width {
            var rest = pen
            rest.text = ""
            cells[cursor.y * size.width + cursor.x + 1] = rest
        }
        cursor.x += max(1, width)
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        guard !parameters.hasPrefix("?") else { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            let row = numbers.first.flatMap { $0 } ?? 1, column = numbers.count > 1 ? numbers[1] ?? 1 : 1
            cursor = Point(x: min(column, size.width) - 1, y: min(row, size.height) - 1)
        case UInt8(ascii: "J"):
            // From the cursor to the end (0) or all of it (2); the cursor is at home for a clear.
            if [0, 2].contains(numbers.first.flatMap({ $0 }) ?? 0), cursor == Point(x: 0, y: 0) || numbers.first == 2 {
                cells = Array(repeating: Cell(), count: cells.count)
            }
        case UInt8(ascii: "m"):
            // ITU's colon form first (`38:2::r:g:b`, as xterm-direct sends it), then the rest.
            for group in parameters.split(separator: ";") where group.contains(":") {
                let parts = group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                guard parts.count >= 3, parts[0] == 38 || parts[0] == 48 else { continue }
                let color = parts[1] == 2 && parts.count >= 5
                    ? Int32(parts[parts.count - 3] << 16 | parts[parts.count - 2] << 8 | parts[parts.count - 1]) : Int32(parts[2])
                if parts[0] == 38 { pen.foreground = color } else { pen.background = color }
            }
            sgr(parameters.split(separator: ";", omittingEmptySubsequences: false).filter { !$0.contains(":") }.map { Int($0) ?? 0 })
        default:
            break
        }
    }

    private mutating func sgr(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: pen = Cell()
            case 1: pen.bold = true
            case 7: pen.reverse = true
            case 22: pen.bold = false
            case 27: pen.reverse = false
            case 30...37: pen.foreground = Int32(code - 30)
            case 39: pen.foreground = -1
            case 40...47: pen.background = Int32(code - 40)
            case 49: pen.background = -1
            case 90...97: pen.foreground = Int32(code - 82)
            case 100...107: pen.background = Int32(code - 92)
            case 38, 48:
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    if code == 38 { pen.foreground = Int32(codes[index + 2]) } else { pen.background = Int32(codes[index + 2]) }
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    let rgb = Int32(codes[index + 2] << 16 | codes[index + 3] << 8 | codes[index + 4])
                    if code == 38 { pen.foreground = rgb } else { pen.background = rgb }
                    index += 4
                }
            default: break
            }
            index += 1
        }
    }
}
