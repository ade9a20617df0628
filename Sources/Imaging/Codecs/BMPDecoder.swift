/// Reads uncompressed 24- and 32-bit Windows bitmaps: BI_RGB, and BI_BITFIELDS /
/// BI_ALPHABITFIELDS with contiguous channel masks; bottom-up (the usual) and top-down rows;
/// the 40-byte info header and its longer V2–V5 forms. Everything else (palettes, 16-bit,
/// RLE, OS/2 headers) is refused as unsupported. See Docs/images.md, "BMP".
enum BMPDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageError) -> Bitmap {
        let header = try Header(bytes)
        try limits.check(width: header.width, height: header.height, format: .bmp)
        let rowStride = (header.width * header.bitsPerPixel + 31) / 32 * 4
        let needed = header.dataOffset + rowStride * (header.height - 1) + header.width * header.bitsPerPixel / 8
        guard needed <= bytes.count else {
            throw .truncated(.bmp, detail: "\(bytes.count) of \(needed) bytes")
        }
        var sawAlpha = false
        var pixels = [UInt8](unsafeUninitializedCapacity: header.width * header.height * 4) { out, initialized in
            let bytesPerPixel = header.bitsPerPixel / 8
            for y in 0..<header.height {
                let sourceRow = header.topDown ? y : header.height - 1 - y
                var source = header.dataOffset + sourceRow * rowStride
                var target = y * header.width * 4
                for _ in 0..<header.width {
                    if let masks = header.masks {
                        let value = UInt32(bytes[source]) | UInt32(bytes[source + 1]) << 8
                            | UInt32(bytes[source + 2]) << 16 | UInt32(bytes[source + 3]) << 24
                        out[target] = masks.red.extract(value)
                        out[target + 1] = masks.green.extract(value)
                        out[target + 2] = masks.blue.extract(value)
                        let alpha = masks.alpha?.extract(value) ?? 255
                        out[target + 3] = alpha
                        if alpha != 0 { sawAlpha = true }
                    } else {
                        // BI_RGB: blue, green, red (and an unused byte in 32-bit files).
                        out[target] = bytes[source + 2]
                        out[target + 1] = bytes[source + 1]
                        out[target + 2] = bytes[source]
                        out[target + 3] = 255
                    }
                    source += bytesPerPixel
                    target += 4
                }
            }
            initialized = header.width * header.height * 4
        }
        // Some writers declare an alpha mask and leave every alpha at 0: an invisible picture
        // was never meant, so it is shown opaque.
        if header.masks?.alpha != nil, !sawAlpha {
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        }
        return Bitmap(width: header.width, height: header.height, pixels: pixels)
    }

    /// The parts of the file and info headers the decoder needs, checked.
    struct Header {
        var width: Int
        var height: Int
        var topDown: Bool
        var bitsPerPixel: Int
        var dataOffset: Int
        /// nil for BI_RGB.
        var masks: Masks?

        init(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
            let reader = LittleEndianReader(bytes: bytes)
            guard let offset = reader.u32(at: 10), let infoSize = reader.u32(at: 14) else {
                throw .truncated(.bmp, detail: "the file header is incomplete")
            }
            switch infoSize {
            case 12, 64: throw .unsupported(.bmp, detail: "OS/2 bitmap header")
            case 40, 52, 56, 108, 124: break
            default: throw .corrupt(.bmp, detail: "unknown info header size \(infoSize)")
            }
            guard bytes.count >= 14 + Int(infoSize) else { throw .truncated(.bmp, detail: "the info header is incomplete") }
            guard let rawWidth = reader.i32(at: 18), let rawHeight = reader.i32(at: 22), let planes = reader.u16(at: 26),
                let bits = reader.u16(at: 28), let compression = reader.u32(at: 30)
            else { throw .truncated(.bmp, detail: "the info header is incomplete") }
            guard planes == 1 else { throw .corrupt(.bmp, detail: "\(planes) colour planes") }
            guard rawWidth >= 0, rawHeight != Int32.min else {
                throw .corrupt(.bmp, detail: "size \(rawWidth) × \(rawHeight)")
            }
            width = Int(rawWidth)
            height = Int(rawHeight.magnitude)
            topDown = rawHeight < 0
            if width == 0 || height == 0 { throw .emptyPicture(.bmp) }
            bitsPerPixel = Int(bits)
            guard bits == 24 || bits == 32 else {
                throw .unsupported(.bmp, detail: "\(bits) bits a pixel (24 and 32 are read)")
            }
            let headerEnd = 14 + Int(infoSize)
            var masksEnd = headerEnd
            switch compression {
            case 0: // BI_RGB
                masks = nil
            case 3, 6: // BI_BITFIELDS, BI_ALPHABITFIELDS
                guard bits == 32 else { throw .unsupported(.bmp, detail: "bit fields with \(bits) bits a pixel") }
                // Short headers are followed by the masks; V2 and later hold them.
                let withAlpha = compression == 6 || infoSize >= 56
                if infoSize == 40 { masksEnd += compression == 6 ? 16 : 12 }
                guard let red = reader.u32(at: 54), let green = reader.u32(at: 58), let blue = reader.u32(at: 62),
                    let alpha = withAlpha ? reader.u32(at: 66) : 0, bytes.count >= masksEnd
                else { throw .truncated(.bmp, detail: "the colour masks are missing") }
                masks = try Masks(red: red, green: green, blue: blue, alpha: alpha)
            case 1, 2: throw .unsupported(.bmp, detail: "RLE compression")
            case 4, 5: throw .unsupported(.bmp, detail: "embedded JPEG or PNG")
            default: throw .unsupported(.bmp, detail: "compression \(compression) with \(bits) bits a pixel")
            }
            dataOffset = Int(offset)
            guard dataOffset >= masksEnd else { throw .corrupt(.bmp, detail: "pixel data inside the header") }
        }
    }

    /// Where each channel sits in a 32-bit pixel.
    struct Masks {
        var red: Channel
        var green: Channel
        var blue: Channel
        var alpha: Channel?

        init(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) throws(ImageError) {
            guard let r = Channel(mask: red), let g = Channel(mask: green), let b = Channel(mask: blue),
                red & green == 0, red & blue == 0, green & blue == 0, alpha & (red | green | blue) == 0
            else { throw .unsupported(.bmp, detail: "unusual colour masks") }
            self.red = r
            self.green = g
            self.blue = b
            if alpha == 0 {
                self.alpha = nil
            } else {
                guard let a = Channel(mask: alpha) else { throw .unsupported(.bmp, detail: "unusual alpha mask") }
                self.alpha = a
            }
        }
    }

    /// One contiguous run of bits, scaled to 0…255 when read.
    struct Channel {
        var shift: UInt32
        var bits: UInt32

        /// nil for an empty or non-contiguous mask.
        init?(mask: UInt32) {
            guard mask != 0 else { return nil }
            shift = UInt32(mask.trailingZeroBitCount)
            let run = mask >> shift
            guard run & (run &+ 1) == 0 else { return nil } // not one run of ones
            bits = UInt32((~run).trailingZeroBitCount)
        }

        func extract(_ value: UInt32) -> UInt8 {
            let raw = bits == 32 ? value : (value >> shift) & ((1 << bits) - 1)
            if bits >= 8 { return UInt8(truncatingIfNeeded: raw >> (bits - 8)) }
            return UInt8((UInt64(raw) * 255 + UInt64((1 << bits) - 1) / 2) / UInt64((1 << bits) - 1))
        }
    }
}
