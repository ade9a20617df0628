import CImageCodecs

/// PNG and JPEG through the system libraries (Sources/CImageCodecs): the header first,
/// the limits checked, and only then the pixel memory allocated and filled.
enum SystemCodec {
    static func decode(
        _ format: ImageFormat, _ bytes: UnsafeRawBufferPointer, limits: ImageLimits, fitting box: (width: Int, height: Int)? = nil
    ) throws(ImageError) -> Bitmap {
        try CodecAvailability.check(format)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .unknownFormat }
        // libpng calls a zero size just "Invalid IHDR data": the header is read here first.
        if format == .png, bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            if width == 0 || height == 0 { throw .emptyPicture(.png) }
        }
        var width: UInt32 = 0, height: UInt32 = 0
        var status = cimg_status()
        guard let decoder = cimg_open(cFormat(format), base, bytes.count, &width, &height, &status) else {
            throw error(from: status, format: format)
        }
        defer { cimg_close(decoder) }
        try limits.check(width: Int(width), height: Int(height), format: format)
        if let box {
            let fitted = ImageScaler.fittedSize(width: Int(width), height: Int(height), maxWidth: box.width, maxHeight: box.height)
            let reduced = cimg_reduce(decoder, UInt32(clamping: fitted.width), UInt32(clamping: fitted.height), &width, &height, &status)
            guard Int(reduced) == CIMG_OK else { throw error(from: status, format: format) }
        }
        let stride = Int(width) * 4, count = stride * Int(height)
        var code = CIMG_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            code = Int(cimg_read(decoder, buffer.baseAddress, stride, &status))
            initialized = code == CIMG_OK ? count : 0
        }
        guard code == CIMG_OK else { throw error(from: status, format: format) }
        return Bitmap(width: Int(width), height: Int(height), pixels: pixels)
    }

    static func encodePNG(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try encode(.png, bitmap) { pixels, out, size, status in
            cimg_encode_png(pixels, UInt32(bitmap.width), UInt32(bitmap.height), out, size, status)
        }
    }

    static func encodeJPEG(_ bitmap: Bitmap, quality: Int) throws(ImageError) -> [UInt8] {
        try encode(.jpeg, bitmap) { pixels, out, size, status in
            cimg_encode_jpeg(pixels, UInt32(bitmap.width), UInt32(bitmap.height), Int32(clamping: quality), out, size, status)
        }
    }

    private static func encode(
        _ format: ImageFormat, _ bitmap: Bitmap,
        _ call: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<cimg_status>) -> Int32
    ) throws(ImageError) -> [UInt8] {
        try CodecAvailability.check(format)
        guard bitmap.width > 0, bitmap.height > 0 else { throw .cannotEncode(format, detail: "no pixels") }
        guard bitmap.width <= 65_500, bitmap.height <= 65_500 else {
            throw .cannotEncode(format, detail: "more than 65500 pixels a side")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var status = cimg_status()
        let code = bitmap.pixels.withUnsafeBufferPointer { pixels in call(pixels.baseAddress!, &out, &size, &status) }
        guard Int(code) == CIMG_OK, let out else { throw error(from: status, format: format) }
        defer { cimg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    private static func cFormat(_ format: ImageFormat) -> cimg_format {
        switch format {
        case .png: CIMG_FORMAT_PNG
        case .jpeg: CIMG_FORMAT_JPEG
        case .gif, .bmp: cimg_format(0) // never asked: GIF and BMP are read in Swift
        }
    }

    private static func error(from status: cimg_status, format: ImageFormat) -> ImageError {
        let message = withUnsafeBytes(of: status.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(status.code) {
        case CIMG_UNAVAILABLE: return .libraryUnavailable(format, detail: message)
        case CIMG_TRUNCATED: return .truncated(format, detail: message)
        case CIMG_UNSUPPORTED: return .unsupported(format, detail: message)
        case CIMG_NO_MEMORY: return .outOfMemory(format)
        case CIMG_EMPTY: return .emptyPicture(format)
        default: return .corrupt(format, detail: message.isEmpty ? "unknown error" : message)
        }
    }
}
