import Imaging

/// A size in pixels: a picture's, or the box it is drawn in (a terminal cell is 1 × 2 pixels of
/// half blocks).
public struct PictureSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The box of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.init(width: columns, height: rows * 2)
    }

    /// Rounded up to the next 16 × 8 pixels, within `Picture.keptBox`: a terminal resized a cell
    /// at a time asks for no new picture at every step.
    public var bucketed: PictureSize {
        func up(_ value: Int, _ step: Int) -> Int { (max(1, value) + step - 1) / step * step }
        return PictureSize(
            width: min(Picture.keptBox.width, up(width, 16)), height: min(Picture.keptBox.height, up(height, 8)))
    }
}

/// A downloaded header image, decoded and scaled down to the box it is shown in (never more
/// than the most the screens draw, `keptBox`), whatever size came over the network
/// (Docs/images.md, "In the app").
public struct Picture: Hashable, Sendable {
    /// The largest box kept, in pixels: a 320-column terminal's width, 24 rows of half blocks
    /// (the detail page's picture is at most 20).
    public static let keptBox = PictureSize(width: 320, height: 48)

    public let bitmap: Bitmap
    /// The bitmap fills the box it was decoded for: the picture may have more to show in a
    /// larger box (the detail page after the list's thumbnail, a terminal grown larger).
    public let isReduced: Bool

    public init(_ bitmap: Bitmap, isReduced: Bool = false) {
        self.bitmap = bitmap
        self.isReduced = isReduced
    }

    /// Decodes `bytes` within `ImageDecoder`'s limits (5 MB, 8192 a side, 40 MP) and scales the
    /// result down into `box` (at most `keptBox`), proportions kept. A picture smaller than the
    /// box is kept as it is (drawing enlarges it).
    public static func decode(_ bytes: [UInt8], fitting box: PictureSize = keptBox) throws(ImageError) -> Picture {
        let box = PictureSize(width: min(keptBox.width, max(1, box.width)), height: min(keptBox.height, max(1, box.height)))
        let decoded = try ImageDecoder.decode(bytes, limits: .standard, fitting: (box.width, box.height))
        if decoded.width <= box.width, decoded.height <= box.height {
            // A JPEG the decoder shrank to the box touches it: a larger box could show more.
            return Picture(decoded, isReduced: decoded.width == box.width || decoded.height == box.height)
        }
        return Picture(ImageScaler.fit(decoded, maxWidth: box.width, maxHeight: box.height), isReduced: true)
    }

    /// Whether `box` would draw this picture clearly larger (by more than a fifth) than it is
    /// kept, and a new decoding could give more: then it is loaded again (from the cache).
    public func wantsMoreDetail(in box: PictureSize) -> Bool {
        guard isReduced, bitmap.width > 0, bitmap.height > 0 else { return false }
        let width = min(box.width, Self.keptBox.width), height = min(box.height, Self.keptBox.height)
        let scale = min(Double(width) / Double(bitmap.width), Double(height) / Double(bitmap.height))
        return scale > 1.2
    }
}
