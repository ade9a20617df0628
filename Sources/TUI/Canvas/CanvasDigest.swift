/// A short fingerprint of what a frame shows: every cell's character and style, the canvas's
/// size and the text cursor, through 64-bit FNV-1a. The same frame gives the same digest on
/// every machine and run (unlike `hashValue`, which Swift seeds per process), so a recording
/// can carry it and a replay can check that it drew the same frame (Docs/recording.md).
public struct CanvasDigest: Hashable, Sendable, CustomStringConvertible {
    /// The top 48 bits of the hash.
    public let value: UInt64

    public init(_ canvas: Canvas, cursor: Point?) {
        var hash = FNV1a()
        hash.add(canvas.size.width)
        hash.add(canvas.size.height)
        hash.add(cursor.map { $0.x } ?? -1)
        hash.add(cursor.map { $0.y } ?? -1)
        canvas.cells.withUnsafeBufferPointer { cells in
            for cell in cells {
                // The glyph's UTF-8 bytes, as recordings have always been digested.
                if let ascii = cell.glyph.asciiValue {
                    hash.add(ascii)
                } else {
                    cell.glyph.forEachUTF8Byte { hash.add($0) }
                }
                hash.add(cell.style)
                hash.add(UInt8(cell.isContinuation ? 1 : 0))
            }
        }
        value = hash.value >> 16
    }

    /// 12 hexadecimal digits (48 bits): short enough to read, far too many to collide by chance
    /// within one recording.
    public var description: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 12 - text.count)) + text
    }

    /// Parses `description`; nil for anything but 12 hexadecimal digits.
    public init?(text: String) {
        guard text.utf8.count == 12, text.allSatisfy(\.isHexDigit), let value = UInt64(text, radix: 16) else { return nil }
        self.value = value
    }
}

private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ number: Int) {
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    mutating func add(_ color: RGB?) {
        guard let color else { add(UInt8(0)); return }
        add(UInt8(1))
        add(color.red)
        add(color.green)
        add(color.blue)
    }

    mutating func add(_ style: Style) {
        add(style.foreground)
        add(style.background)
        add(UInt8((style.bold ? 1 : 0) | (style.dim ? 2 : 0) | (style.reverse ? 4 : 0) | (style.underline ? 8 : 0)))
    }
}
