/// A decoded picture: `width` × `height` pixels of 8-bit RGBA, row by row from the top left
/// (4 bytes a pixel, no padding between rows).
public struct Bitmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public private(set) var pixels: [UInt8]

    /// - Precondition: `pixels.count == width * height * 4`, sizes not negative.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixels must hold width × height RGBA values")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A picture of one colour.
    public init(width: Int, height: Int, color: PixelColor) {
        let count = max(0, width) * max(0, height)
        let pattern = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for index in 0..<count { raw.storeBytes(of: pattern.littleEndian, toByteOffset: index * 4, as: UInt32.self) }
            initialized = count * 4
        }
        self.init(width: max(0, width), height: max(0, height), pixels: pixels)
    }

    /// The pixel at (`x`, `y`); the point must be inside the picture.
    public subscript(x: Int, y: Int) -> PixelColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the bitmap")
            let i = (y * width + x) * 4
            return PixelColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the bitmap")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }

    /// Every pixel fully opaque.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }

    /// The picture laid over `matte` (alpha compositing): every pixel opaque. A terminal cell
    /// has no transparency, and neither has a JPEG or a 24-bit BMP.
    public func flattened(onto matte: PixelColor) -> Bitmap {
        var copy = self
        let m = [Int(matte.red), Int(matte.green), Int(matte.blue)]
        copy.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + m[c] * (255 - a) + 127) / 255) }
                    p[i + 3] = 255
                }
                i += 4
            }
        }
        return copy
    }
}
