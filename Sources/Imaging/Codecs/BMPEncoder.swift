/// Writes a 24-bit, bottom-up, uncompressed BMP (the most widely read kind). Alpha is left
/// out: flatten a translucent bitmap first (`Bitmap.flattened(onto:)`).
enum BMPEncoder {
    static func encode(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else { throw .cannotEncode(.bmp, detail: "no pixels") }
        let stride = (bitmap.width * 3 + 3) / 4 * 4
        let dataSize = stride * bitmap.height
        let headerSize = 14 + 40
        guard headerSize + dataSize <= Int(UInt32.max), bitmap.width <= Int(Int32.max), bitmap.height <= Int(Int32.max) else {
            throw .cannotEncode(.bmp, detail: "larger than 4 GB")
        }
        var out = [UInt8]()
        out.reserveCapacity(headerSize + dataSize)
        func u16(_ value: Int) { out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) { for shift in [0, 8, 16, 24] { out.append(UInt8(value >> shift & 0xFF)) } }
        out += Array("BM".utf8)
        u32(headerSize + dataSize)
        u32(0) // reserved
        u32(headerSize) // where the pixels start
        u32(40) // BITMAPINFOHEADER
        u32(bitmap.width)
        u32(bitmap.height) // positive: bottom-up
        u16(1) // planes
        u16(24)
        u32(0) // BI_RGB
        u32(dataSize)
        u32(2835) // 72 dpi, in pixels a metre
        u32(2835)
        u32(0) // no palette
        u32(0)
        let padding = [UInt8](repeating: 0, count: stride - bitmap.width * 3)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in (0..<bitmap.height).reversed() {
                var index = y * bitmap.width * 4
                for _ in 0..<bitmap.width {
                    out += [pixels[index + 2], pixels[index + 1], pixels[index]]
                    index += 4
                }
                out += padding
            }
        }
        return out
    }
}
