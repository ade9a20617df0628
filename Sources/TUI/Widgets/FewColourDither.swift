/// A picture's pixels in the 8 or 16 ANSI colours, keeping its shape visible: matching each
/// pixel to its nearest colour alone turns a dark teal or navy picture black. So, in this order
/// (see Docs/images.md, "Few colours"):
///
/// 1. a dark picture is brightened: its bright end (the 98th percentile of each pixel's
///    brightest channel) is raised to `brightEnd`, every channel by the same factor (hue kept,
///    black stays black), at most `maxGain` times;
/// 2. ordered dithering on the pixel grid (a 4 × 4 Bayer matrix, anchored on the picture so the
///    pattern moves with it): each pixel gets a threshold offset before its nearest colour is
///    taken, so a colour between two ANSI colours shows as a mix of both.
///
/// Pure and per pixel (no error carried from pixel to pixel), so a clipped or redrawn picture
/// gets the same cells.
enum FewColourDither {
    /// Bayer's 4 × 4 threshold matrix, row by row (0…15).
    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
    static let brightEnd = 220.0
    static let maxGain = 4.0

    /// How far a threshold offset reaches (from −spread/2 to +spread/2): about the gap between
    /// neighbouring colours of the palette (0 and 205 with 8 colours; 16 have levels between).
    static func spread(count: Int) -> Double { count >= 16 ? 110 : 180 }

    /// The factor a dark picture is brightened by (1 for one that is bright enough).
    static func gain(for pixels: [RGB]) -> Double {
        guard !pixels.isEmpty else { return 1 }
        var histogram = [Int](repeating: 0, count: 256)
        for pixel in pixels { histogram[Int(max(pixel.red, pixel.green, pixel.blue))] += 1 }
        // The value 98% of the pixels are at or below: a few bright specks don't count.
        let wanted = (pixels.count * 98 + 99) / 100
        var seen = 0, end = 0
        for value in 0..<256 {
            seen += histogram[value]
            if seen >= wanted { end = value; break }
        }
        guard end > 0, Double(end) < brightEnd else { return 1 }
        return min(maxGain, brightEnd / Double(end))
    }

    /// Each pixel as one of the first `count` (8 or 16) ANSI colours.
    static func ansi(_ pixels: [RGB], width: Int, count: Int) -> [RGB] {
        guard width > 0 else { return [] }
        let gain = gain(for: pixels), spread = spread(count: count)
        // The offsets of the 16 thresholds, from −spread/2 to +spread/2.
        let offsets = bayer.map { (Double($0) + 0.5) / 16 * spread - spread / 2 }
        var result = [RGB]()
        result.reserveCapacity(pixels.count)
        for (index, pixel) in pixels.enumerated() {
            let x = index % width, y = index / width
            let offset = offsets[(y & 3) * 4 + (x & 3)]
            func channel(_ value: UInt8) -> UInt8 {
                UInt8(max(0, min(255, (Double(value) * gain + offset).rounded())))
            }
            let moved = RGB(channel(pixel.red), channel(pixel.green), channel(pixel.blue))
            if count >= 16 {
                result.append(Theme.ansi16[Theme.nearestANSI(moved, count: count)])
            } else {
                // The 8 colours are a cube of two levels (0 and 205) a channel, indexed red 1, green
                // 2, blue 4: each channel is on past the middle, so a grey mixes black and white
                // only (a nearest match by distance finds cyan nearer to a mid grey than white).
                func on(_ value: UInt8) -> Int { value >= 103 ? 1 : 0 }
                result.append(Theme.ansi16[on(moved.red) | on(moved.green) << 1 | on(moved.blue) << 2])
            }
        }
        return result
    }
}
