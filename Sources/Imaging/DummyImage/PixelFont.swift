/// A small bitmap font of our own: 5 × 7 pixel glyphs for the digits, the multiplication sign,
/// `x`, a space and a few capitals ("NO IMAGE"), scaled up by whole pixels for large pictures.
/// Characters it lacks are drawn as a space.
public enum PixelFont {
    public static let glyphWidth = 5
    public static let glyphHeight = 7
    /// Blank columns between two glyphs.
    public static let spacing = 1

    /// The characters it can draw.
    public static var characters: Set<Character> { Set(glyphs.keys) }

    /// Width and height of `text` drawn at `scale`.
    public static func size(of text: String, scale: Int) -> (width: Int, height: Int) {
        let count = text.count
        guard count > 0 else { return (0, 0) }
        return ((count * (glyphWidth + spacing) - spacing) * scale, glyphHeight * scale)
    }

    /// Draws `text` with its top left corner at (`x`, `y`), each font pixel a `scale` ×
    /// `scale` square of `color`; whatever falls outside the bitmap is clipped.
    public static func draw(_ text: String, at x: Int, _ y: Int, scale: Int, color: PixelColor, on bitmap: inout Bitmap) {
        let scale = max(1, scale)
        var left = x
        for character in text {
            if let rows = glyphs[character] {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<glyphWidth where bits & (1 << (glyphWidth - 1 - column)) != 0 {
                        fill(x: left + column * scale, y: y + row * scale, size: scale, color: color, on: &bitmap)
                    }
                }
            }
            left += (glyphWidth + spacing) * scale
        }
    }

    private static func fill(x: Int, y: Int, size: Int, color: PixelColor, on bitmap: inout Bitmap) {
        guard x < bitmap.width, y < bitmap.height, x + size > 0, y + size > 0 else { return }
        for py in max(0, y)..<min(bitmap.height, y + size) {
            for px in max(0, x)..<min(bitmap.width, x + size) { bitmap[px, py] = color }
        }
    }

    /// Each glyph: seven rows, the top one first, as 5-bit numbers (the leftmost pixel is the
    /// highest bit), written out as pictures.
    static let glyphs: [Character: [UInt8]] = {
        let drawings: [Character: [String]] = [
            "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
            "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
            "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
            "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
            "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
            "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
            "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
            "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
            "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
            "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
            "\u{00D7}": [".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "....."],
            "x": [".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
            " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
            "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
            "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
            "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".###."],
            "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
            "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
            "N": ["#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"],
            "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        ]
        return drawings.mapValues { rows in
            rows.map { row in row.reduce(UInt8(0)) { $0 << 1 | ($1 == "#" ? 1 : 0) } }
        }
    }()
}
