import Imaging

/// A downloaded header image, decoded and scaled down to the most the screens draw: the detail
/// page's image is at most 8 rows (16 pixels) tall, so nothing taller is kept, whatever size
/// came over the network (Docs/images.md, "In the app").
public struct Picture: Hashable, Sendable {
    /// The largest box kept, in pixels: a 320-column terminal's width, 8 rows of half blocks.
    public static let keptBox = (width: 320, height: 16)

    public let bitmap: Bitmap

    public init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    /// Decodes `bytes` within `ImageDecoder`'s limits (5 MB, 8192 a side, 40 MP) and scales the
    /// result into `keptBox`, proportions kept.
    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> Picture {
        let bitmap = try ImageDecoder.decode(bytes, limits: .standard, fitting: keptBox)
        return Picture(ImageScaler.fit(bitmap, maxWidth: keptBox.width, maxHeight: keptBox.height))
    }
}
