import Glibc
import Imaging

/// A picture for an image URL the mock backend knows nothing about: a landscape (a sky fading
/// to the horizon, a sun, two ranges of hills, a meadow) whose colours and shapes come from the
/// URL, so each article has its own and it is the same on every run.
public enum GeneratedLandscape {
    public static let size = (width: 320, height: 180)

    public static func render(seed text: String) -> Bitmap {
        var random = Generator(seed: text)
        let (width, height) = size
        let skyTop = random.color(), skyLow = random.color(lighter: true)
        let sun = random.color(lighter: true)
        let far = random.color(), near = random.color()
        let sunX = random.next(width), sunY = height / 6 + random.next(height / 4), sunRadius = 10 + random.next(16)
        let phases = (Double(random.next(628)) / 100, Double(random.next(628)) / 100)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x) / Double(width) * 6.283
                let farRidge = Double(height) * (0.55 + 0.08 * sin(t * 1.5 + phases.0) + 0.04 * sin(t * 4 + phases.1))
                let nearRidge = Double(height) * (0.72 + 0.06 * sin(t * 2.2 + phases.1) + 0.03 * sin(t * 7 + phases.0))
                let color: (Double, Double, Double)
                if Double(y) >= nearRidge {
                    color = shade(near, by: 0.6 + 0.4 * Double(height - y) / Double(height))
                } else if Double(y) >= farRidge {
                    color = shade(far, by: 0.8)
                } else if (x - sunX) * (x - sunX) + (y - sunY) * (y - sunY) <= sunRadius * sunRadius {
                    color = sun
                } else {
                    color = mix(skyTop, skyLow, Double(y) / farRidge)
                }
                let i = (y * width + x) * 4
                pixels[i] = UInt8(max(0, min(255, color.0)))
                pixels[i + 1] = UInt8(max(0, min(255, color.1)))
                pixels[i + 2] = UInt8(max(0, min(255, color.2)))
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    private static func shade(_ c: (Double, Double, Double), by factor: Double) -> (Double, Double, Double) {
        (c.0 * factor, c.1 * factor, c.2 * factor)
    }

    /// FNV-1a over the text, then xorshift: small, and the same everywhere.
    private struct Generator {
        var state: UInt64

        init(seed text: String) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            state = hash == 0 ? 1 : hash
        }

        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return bound > 0 ? Int(state % UInt64(bound)) : 0
        }

        mutating func color(lighter: Bool = false) -> (Double, Double, Double) {
            let floor = lighter ? 140 : 20
            return (Double(floor + next(256 - floor)), Double(floor + next(256 - floor)), Double(floor + next(256 - floor)))
        }
    }
}
