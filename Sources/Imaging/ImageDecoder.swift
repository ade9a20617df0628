/// Turns the bytes of a PNG, JPEG, GIF (first frame) or BMP into a `Bitmap`, whatever the URL
/// or Content-Type claimed: the format is read from the signature. See Docs/images.md.
public enum ImageDecoder {
    /// Decodes `bytes`, refusing anything the limits don't allow before paying for it.
    ///
    /// - Parameter box: the box (in pixels) the picture is going to be fitted into, if known.
    ///   A JPEG may then come out at 1/2, 1/4 or 1/8 of its size, decoded that small through
    ///   its DCT (several times faster, a fraction of the memory), but never smaller than what
    ///   fits the box. Other formats always come whole. The limits apply to the declared size.
    public static func decode(
        _ bytes: [UInt8], limits: ImageLimits = .standard, fitting box: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> Bitmap {
        // withUnsafeBytes can't carry a typed error out, so it travels as a Result.
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(ImageError) in try decode(raw, limits: limits, fitting: box) }
        }
        return try result.get()
    }

    /// Decodes bytes in place (a `Data`'s `withUnsafeBytes`, a memory-mapped file).
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, limits: ImageLimits = .standard, fitting box: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> Bitmap {
        guard bytes.count <= limits.maxInputBytes else {
            throw .inputTooLarge(bytes: bytes.count, limit: limits.maxInputBytes)
        }
        guard let format = ImageFormat.sniff(bytes) else { throw .unknownFormat }
        switch format {
        case .bmp: return try BMPDecoder.decode(bytes, limits: limits)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits)
        case .png, .jpeg: return try SystemCodec.decode(format, bytes, limits: limits, fitting: box)
        }
    }
}
