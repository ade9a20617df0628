@testable import Imaging

/// Pictures and hand-made files for the decoder tests.
enum TestPictures {
    /// A picture with every pixel different: red across, green down, blue and alpha mixed.
    static func gradient(width: Int, height: Int, opaque: Bool = true) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, color: .clear)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = PixelColor(
                    red: UInt8(x * 255 / max(1, width - 1)), green: UInt8(y * 255 / max(1, height - 1)),
                    blue: UInt8((x + y) * 7 % 256), alpha: opaque ? 255 : UInt8((x * 31 + y * 17) % 256))
            }
        }
        return bitmap
    }

    /// Smooth colours (JPEG keeps them close).
    static func smooth(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, color: .clear)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = PixelColor(red: UInt8(x * 2 % 256), green: UInt8(y * 2 % 256), blue: 128)
            }
        }
        return bitmap
    }

    /// The largest difference of any channel between two bitmaps of one size.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, a.pixels.count))
    }
}

// MARK: - Byte building

extension Array where Element == UInt8 {
    mutating func appendLE16(_ value: Int) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
    mutating func appendLE32(_ value: Int) {
        for shift in [0, 8, 16, 24] { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    mutating func appendBE32(_ value: Int) {
        for shift in [24, 16, 8, 0] { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}

// MARK: - PNG

enum HandMadePNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk with its length and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.appendBE32(data.count)
        let body = Array(type.utf8) + data
        out += body
        out.appendBE32(Int(crc32(body)))
        return out
    }

    /// A PNG whose header declares `width` × `height` (8-bit RGB) followed by a token IDAT and
    /// IEND: enough for a decoder to read the size.
    static func declaring(width: Int, height: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBE32(width)
        header.appendBE32(height)
        header += [8, 2, 0, 0, 0]
        // An empty zlib stream: the picture data is missing, but the header is valid.
        return signature + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Where the first chunk of `type` starts (its length field), if any.
    static func offset(of type: String, in png: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[offset + 4..<offset + 8]) == Array(type.utf8) { return offset }
            offset += 12 + length
        }
        return nil
    }
}

// MARK: - GIF

/// A GIF writer independent of the decoder: LZW with a clear code before the table would grow
/// past 9-bit codes, so every code is 9 bits wide (valid, if not compact).
struct HandMadeGIF {
    struct Frame {
        var left = 0
        var top = 0
        var width: Int
        var height: Int
        /// Palette indices, row by row (in display order; interlacing is done when writing).
        var indices: [UInt8]
        var localPalette: [PixelColor]? = nil
        var transparentIndex: Int? = nil
        var interlaced = false
    }

    var width: Int
    var height: Int
    var globalPalette: [PixelColor]?
    var frames: [Frame]
    var version = "GIF89a"
    /// Compress with a real LZW coder at this minimum code size (codes that grow to 12 bits,
    /// strings from the table, a clear when it is full); nil writes 9-bit literals only.
    var lzwCodeSize: Int? = nil

    func bytes() -> [UInt8] {
        var out = Array(version.utf8)
        out.appendLE16(width)
        out.appendLE16(height)
        if let palette = globalPalette {
            out += [0x80 | 0x70 | sizeBits(palette.count), 0, 0]
            out += table(palette)
        } else {
            out += [0x70, 0, 0]
        }
        for frame in frames {
            if let transparent = frame.transparentIndex {
                out += [0x21, 0xF9, 4, 1, 0, 0, UInt8(transparent), 0]
            }
            out.append(0x2C)
            out.appendLE16(frame.left)
            out.appendLE16(frame.top)
            out.appendLE16(frame.width)
            out.appendLE16(frame.height)
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            if let palette = frame.localPalette { flags |= 0x80 | sizeBits(palette.count) }
            out.append(flags)
            if let palette = frame.localPalette { out += table(palette) }
            out.append(UInt8(lzwCodeSize ?? 8)) // minimum code size
            let data = lzwCodeSize.map { GIFLZWEncoder.compress(order(frame), minimumCodeSize: $0) } ?? lzw(order(frame))
            var index = 0
            while index < data.count {
                let block = Array(data[index..<min(data.count, index + 255)])
                out.append(UInt8(block.count))
                out += block
                index += 255
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    private func order(_ frame: Frame) -> [UInt8] {
        guard frame.interlaced else { return frame.indices }
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: frame.height, by: step)) }
        return rows.flatMap { frame.indices[$0 * frame.width..<($0 + 1) * frame.width] }
    }

    private func sizeBits(_ count: Int) -> UInt8 {
        var bits: UInt8 = 0
        while (2 << bits) < count { bits += 1 }
        return bits
    }

    private func table(_ palette: [PixelColor]) -> [UInt8] {
        let size = 2 << Int(sizeBits(palette.count))
        var out = palette.flatMap { [$0.red, $0.green, $0.blue] }
        out += [UInt8](repeating: 0, count: (size - palette.count) * 3)
        return out
    }

    /// 9-bit codes: clear (256), literals, a clear every 254 literals, end (257).
    private func lzw(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = [256]
        var sinceClear = 0
        for index in indices {
            if sinceClear == 254 {
                codes.append(256)
                sinceClear = 0
            }
            codes.append(Int(index))
            sinceClear += 1
        }
        codes.append(257)
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for code in codes {
            buffer |= code << bits
            bits += 9
            while bits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }
}

/// A textbook GIF LZW compressor (greedy longest match), independent of the decoder.
enum GIFLZWEncoder {
    static func compress(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]: Int] = [:]
        var next = clear + 2, codeSize = minimumCodeSize + 1
        var out: [UInt8] = [], buffer = 0, bits = 0
        func put(_ code: Int) {
            buffer |= code << bits
            bits += codeSize
            while bits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        func code(of string: [UInt8]) -> Int? { string.count == 1 ? Int(string[0]) : table[string] }
        put(clear)
        var current: [UInt8] = []
        for index in indices {
            let longer = current + [index]
            if current.isEmpty || code(of: longer) != nil {
                current = longer
                continue
            }
            put(code(of: current)!)
            if next < 4096 {
                table[longer] = next
                next += 1
                // The decoder grows a code later than the encoder adds: it learns each string
                // one code behind.
                if next - 1 == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            } else {
                put(clear)
                table = [:]
                next = clear + 2
                codeSize = minimumCodeSize + 1
            }
            current = [index]
        }
        if !current.isEmpty { put(code(of: current)!) }
        put(end)
        if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }
}

// MARK: - BMP

enum HandMadeBMP {
    /// A BMP with the given header fields and pixel rows (already padded, in file order).
    static func file(
        infoSize: Int = 40, width: Int, height: Int, bits: Int, compression: Int = 0,
        masks: [Int] = [], rows: [UInt8], planes: Int = 1
    ) -> [UInt8] {
        let masksAfterHeader = infoSize == 40 ? masks.count * 4 : 0
        let offset = 14 + infoSize + masksAfterHeader
        var out = Array("BM".utf8)
        out.appendLE32(offset + rows.count)
        out.appendLE32(0)
        out.appendLE32(offset)
        var info: [UInt8] = []
        info.appendLE32(infoSize)
        info.appendLE32(width)
        info.appendLE32(height)
        info.appendLE16(planes)
        info.appendLE16(bits)
        info.appendLE32(compression)
        info.appendLE32(rows.count)
        info.appendLE32(2835)
        info.appendLE32(2835)
        info.appendLE32(0)
        info.appendLE32(0)
        if infoSize > 40 {
            for mask in masks { info.appendLE32(mask) }
            info += [UInt8](repeating: 0, count: infoSize - info.count)
        }
        out += info
        if infoSize == 40 { for mask in masks { out.appendLE32(mask) } }
        return out + rows
    }
}

extension HandMadePNG {
    /// A PNG of any colour type and depth, its data in stored (uncompressed) deflate blocks:
    /// `pixels` holds each pixel's samples (`channels` of them, each < 2^depth), row by row.
    static func image(
        width: Int, height: Int, colorType: UInt8, depth: Int, channels: Int, pixels: [Int],
        palette: [PixelColor]? = nil, transparency: [UInt8]? = nil, interlaced: Bool = false
    ) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBE32(width)
        header.appendBE32(height)
        header += [UInt8(depth), colorType, 0, 0, interlaced ? 1 : 0]
        var chunks = chunk("IHDR", header)
        if let palette { chunks += chunk("PLTE", palette.flatMap { [$0.red, $0.green, $0.blue] }) }
        if let transparency { chunks += chunk("tRNS", transparency) }
        // Adam7: (x start, y start, x step, y step) of each pass; one pass when not interlaced.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx))
            guard !columns.isEmpty else { continue }
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0) // filter: none
                var bits = 0, accumulator = 0
                for x in columns {
                    for c in 0..<channels {
                        let sample = pixels[(y * width + x) * channels + c]
                        if depth == 16 {
                            raw += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
                        } else {
                            accumulator = accumulator << depth | sample
                            bits += depth
                            if bits == 8 { raw.append(UInt8(accumulator)); accumulator = 0; bits = 0 }
                        }
                    }
                }
                if bits > 0 { raw.append(UInt8(accumulator << (8 - bits))) }
            }
        }
        chunks += chunk("IDAT", zlibStored(raw))
        return signature + chunks + chunk("IEND", [])
    }

    /// A zlib stream of stored blocks (no compression).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var index = 0
        repeat {
            let block = Array(data[index..<min(data.count, index + 65535)])
            index += block.count
            out.append(index >= data.count ? 1 : 0)
            out += [UInt8(block.count & 0xFF), UInt8(block.count >> 8), UInt8(~block.count & 0xFF), UInt8((~block.count >> 8) & 0xFF)]
            out += block
        } while index < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        out.appendBE32(Int(b << 16 | a))
        return out
    }
}
