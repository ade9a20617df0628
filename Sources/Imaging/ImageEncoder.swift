/// Writes a `Bitmap` as PNG (with alpha when it has any), JPEG, 24-bit BMP or GIF: the dev server
/// and the mock backend serve generated pictures with these.
public enum ImageEncoder {
    /// The formats `encode(_:as:)` writes.
    public static let formats: [ImageFormat] = [.png, .jpeg, .bmp, .gif]

    public static func encode(_ bitmap: Bitmap, as format: ImageFormat, jpegQuality: Int = 90) throws(ImageError) -> [UInt8] {
        switch format {
        case .png: try png(bitmap)
        case .jpeg: try jpeg(bitmap, quality: jpegQuality)
        case .bmp: try bmp(bitmap)
        case .gif: try gif(bitmap)
        }
    }

    public static func png(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try SystemCodec.encodePNG(bitmap)
    }

    /// Baseline JPEG of `quality` 1…100 (clamped). Alpha is dropped: flatten first.
    public static func jpeg(_ bitmap: Bitmap, quality: Int = 90) throws(ImageError) -> [UInt8] {
        try SystemCodec.encodeJPEG(bitmap, quality: quality)
    }

    /// 24-bit BMP. Alpha is dropped: flatten first.
    public static func bmp(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try BMPEncoder.encode(bitmap)
    }

    /// Single-frame GIF89a, written in Swift like BMP: no library needed.
    public static func gif(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try GIFEncoder.encode(bitmap)
    }
}
