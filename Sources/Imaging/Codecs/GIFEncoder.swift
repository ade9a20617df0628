/// Writes a single-frame GIF89a: a global palette of the picture's own colours when it has at
/// most 256 (a placeholder has two), else a 6 × 6 × 6 colour cube; pixels with alpha below 128
/// become the transparent index. No GIF library is on every machine, and the format is small
/// (Docs/images.md, "Encoding").
enum GIFEncoder {
    static func encode(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else { throw .cannotEncode(.gif, detail: "no pixels") }
        guard bitmap.width <= 0xFFFF, bitmap.height <= 0xFFFF else {
            throw .cannotEncode(.gif, detail: "a side over 65535 pixels")
        }
        let (palette, indices, transparent) = GIFPalette.make(bitmap)
        var bits = 1
        while 1 << bits < palette.count { bits += 1 }
        var out = [UInt8]()
        out.reserveCapacity(64 + palette.count * 3 + indices.count / 2)
        func u16(_ value: Int) { out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        out += Array("GIF89a".utf8)
        u16(bitmap.width)
        u16(bitmap.height)
        out.append(0x80 | UInt8(bits - 1) << 4 | UInt8(bits - 1)) // a global table of 2^bits colours
        out += [0, 0] // background index, no aspect ratio
        for index in 0..<(1 << bits) {
            let color = index < palette.count ? palette[index] : .black
            out += [color.red, color.green, color.blue]
        }
        if let transparent {
            // Graphic Control Extension: only to name the transparent index.
            out += [0x21, 0xF9, 4, 0x01, 0, 0, UInt8(transparent), 0]
        }
        out.append(0x2C) // Image Descriptor: the whole screen, no local table, not interlaced
        u16(0)
        u16(0)
        u16(bitmap.width)
        u16(bitmap.height)
        out.append(0)
        let minimumCodeSize = max(2, bits)
        out.append(UInt8(minimumCodeSize))
        let data = GIFLZW.compress(indices, minimumCodeSize: minimumCodeSize)
        var start = 0
        while start < data.count { // sub-blocks of at most 255 bytes
            let count = min(255, data.count - start)
            out.append(UInt8(count))
            out += data[start..<start + count]
            start += count
        }
        out.append(0) // block terminator
        out.append(0x3B) // trailer
        return out
    }
}

/// The palette a GIF is written with, and each pixel's index in it.
enum GIFPalette {
    static func make(_ bitmap: Bitmap) -> (palette: [PixelColor], indices: [UInt8], transparent: Int?) {
        let count = bitmap.width * bitmap.height
        var indices = [UInt8](repeating: 0, count: count)
        let hasTransparent = !bitmap.isOpaque && (0..<count).contains { bitmap.pixels[$0 * 4 + 3] < 128 }
        var exact: [UInt32: UInt8] = [:]
        var palette: [PixelColor] = []
        var fits = true
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            let room = hasTransparent ? 255 : 256
            for index in 0..<count {
                let at = index * 4
                if pixels[at + 3] < 128 { continue }
                let key = UInt32(pixels[at]) << 16 | UInt32(pixels[at + 1]) << 8 | UInt32(pixels[at + 2])
                if let known = exact[key] {
                    indices[index] = known
                } else if palette.count < room {
                    exact[key] = UInt8(palette.count)
                    indices[index] = UInt8(palette.count)
                    palette.append(PixelColor(red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2]))
                } else {
                    fits = false
                    break
                }
            }
            if !fits {
                // 6 levels a channel, each pixel to its nearest level.
                palette = (0..<216).map { (index: Int) -> PixelColor in
                    let red = UInt8(index / 36 * 51), green = UInt8(index / 6 % 6 * 51), blue = UInt8(index % 6 * 51)
                    return PixelColor(red: red, green: green, blue: blue)
                }
                func level(_ value: UInt8) -> Int { (Int(value) + 25) / 51 }
                for index in 0..<count where pixels[index * 4 + 3] >= 128 {
                    let at = index * 4
                    let cube = level(pixels[at]) * 36 + level(pixels[at + 1]) * 6 + level(pixels[at + 2])
                    indices[index] = UInt8(cube)
                }
            }
        }
        guard hasTransparent else { return (palette.isEmpty ? [.black] : palette, indices, nil) }
        let transparent = palette.count
        palette.append(PixelColor(red: 0, green: 0, blue: 0, alpha: 0))
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<count where pixels[index * 4 + 3] < 128 { indices[index] = UInt8(transparent) }
        }
        return (palette, indices, transparent)
    }
}

/// GIF's variable-width LZW: codes written least significant bit first, the width growing as
/// the table does, a clear code when the table is full at 4096 entries.
enum GIFLZW {
    static func compress(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out = [UInt8]()
        var buffer = 0, bufferBits = 0
        var codeSize = minimumCodeSize + 1
        func emit(_ code: Int) {
            buffer |= code << bufferBits
            bufferBits += codeSize
            while bufferBits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bufferBits -= 8
            }
        }
        // (prefix code << 8 | next index) → its code.
        var table: [Int: Int] = [:]
        var next = end + 1
        /// The decoder adds an entry for each code after the first since a clear, one code
        /// behind this side: its width grows when its table reaches 2^width entries, which is
        /// when ours holds one more.
        func grow() {
            next += 1
            if next > 1 << codeSize, codeSize < 12 { codeSize += 1 }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            return out + (bufferBits > 0 ? [UInt8(buffer & 0xFF)] : [])
        }
        for index in indices.dropFirst() {
            let key = prefix << 8 | Int(index)
            if let code = table[key] {
                prefix = code
                continue
            }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                grow()
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                codeSize = minimumCodeSize + 1
                next = end + 1
            }
            prefix = Int(index)
        }
        emit(prefix)
        if next < 4096 { grow() }
        emit(end)
        if bufferBits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }
}
