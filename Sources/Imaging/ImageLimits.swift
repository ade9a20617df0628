/// What a decoder accepts before it spends memory: pictures come from the network and are
/// hostile until checked. A small file can declare a huge picture (a decompression bomb), so
/// the declared size is checked from the header, before any pixel memory is allocated.
public struct ImageLimits: Hashable, Sendable {
    /// Larger inputs are refused unread.
    public var maxInputBytes: Int
    /// Widest or tallest picture accepted.
    public var maxSide: Int
    /// Most pixels (width × height) accepted.
    public var maxPixels: Int

    public init(maxInputBytes: Int = 5 * 1024 * 1024, maxSide: Int = 8192, maxPixels: Int = 40_000_000) {
        self.maxInputBytes = maxInputBytes
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// 5 MiB of input, 8192 pixels a side, 40 megapixels (160 MB decoded).
    public static let standard = ImageLimits()

    /// Throws unless a `format` picture of `width` × `height` may be decoded.
    public func check(width: Int, height: Int, format: ImageFormat) throws(ImageError) {
        guard width > 0, height > 0 else { throw .emptyPicture(format) }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .pictureTooLarge(format, width: width, height: height)
        }
    }
}
