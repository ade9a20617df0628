/// The first frame of a GIF (87a or 89a), in Swift: no system library for GIF is on every
/// machine the app runs on, and the format is small. Later frames are never read. See
/// Docs/images.md, "Decoding".
///
/// The frame is drawn on the logical screen (grown to hold the frame should it reach outside);
/// pixels it does not cover, and its transparent index, stay transparent. Every read is
/// bounds-checked: data that ends early is `.truncated`, data that breaks the rules `.corrupt`.
enum GIFDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageError) -> Bitmap {
        var reader = Reader(bytes: bytes)
        _ = try reader.take(6) // "GIF87a" / "GIF89a", checked by the caller's sniffing
        let screenWidth = try reader.u16(), screenHeight = try reader.u16()
        let screenFlags = try reader.byte()
        _ = try reader.take(2) // background index, pixel aspect
        var globalPalette: UnsafeRawBufferPointer?
        if screenFlags & 0x80 != 0 { globalPalette = try reader.take(3 << (Int(screenFlags & 7) + 1)) }

        // Up to the first image descriptor, keeping the transparent index of a graphic
        // control extension met on the way.
        var transparent = -1
        records: while true {
            switch try reader.byte() {
            case 0x2C: break records
            case 0x21:
                let label = try reader.byte()
                var first = true
                while case let block = try reader.subBlock(), !block.isEmpty {
                    // Graphic control: packed flags, delay (2 bytes), transparent index.
                    if first, label == 0xF9, block.count >= 4 { transparent = block[0] & 1 != 0 ? Int(block[3]) : -1 }
                    first = false
                }
            case 0x3B: throw .corrupt(.gif, detail: "the GIF holds no picture")
            default: throw .corrupt(.gif, detail: "unknown record type")
            }
        }

        let left = try reader.u16(), top = try reader.u16()
        let frameWidth = try reader.u16(), frameHeight = try reader.u16()
        let frameFlags = try reader.byte()
        var palette = globalPalette
        if frameFlags & 0x80 != 0 { palette = try reader.take(3 << (Int(frameFlags & 7) + 1)) }
        guard frameWidth > 0, frameHeight > 0 else { throw .emptyPicture(.gif) }
        guard let palette else { throw .corrupt(.gif, detail: "the GIF has no colour table") }
        let width = max(screenWidth, left + frameWidth), height = max(screenHeight, top + frameHeight)
        try limits.check(width: width, height: height, format: .gif)

        let minimumCodeSize = Int(try reader.byte())
        // Pixel indices are bytes: at most 8 bits (2 is the smallest the format writes; 1 is tolerated).
        guard (1...8).contains(minimumCodeSize) else { throw .corrupt(.gif, detail: "bad LZW code size \(minimumCodeSize)") }
        // The compressed stream is cut into blocks of up to 255 bytes; join them first.
        var data: [UInt8] = []
        var ranOut = false
        do {
            while case let block = try reader.subBlock(), !block.isEmpty { data.append(contentsOf: block) }
        } catch {
            ranOut = true // decode what arrived: the frame may be whole without its terminator
        }

        // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th
        // from 2, every 2nd from 1.
        var rowOrder = Array(0..<frameHeight)
        if frameFlags & 0x40 != 0 {
            rowOrder = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: frameHeight, by: $0.1)) }
        }
        let colours = palette.count / 3
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let written = pixels.withUnsafeMutableBufferPointer { out in
            var row = 0, column = 0, base = ((top + rowOrder[0]) * width + left) * 4
            return LZW.decode(data, minimumCodeSize: minimumCodeSize, count: frameWidth * frameHeight) { index in
                let value = Int(index)
                if value != transparent {
                    // An index past the table (a damaged or sloppy file) shows black, as browsers do.
                    let i = base + column * 4
                    if value < colours {
                        out[i] = palette[value * 3]
                        out[i + 1] = palette[value * 3 + 1]
                        out[i + 2] = palette[value * 3 + 2]
                    }
                    out[i + 3] = 255
                }
                column += 1
                if column == frameWidth, row + 1 < frameHeight {
                    column = 0
                    row += 1
                    base = ((top + rowOrder[row]) * width + left) * 4
                }
            }
        }
        switch written {
        case .complete: break
        case .corrupt(let detail): throw .corrupt(.gif, detail: detail)
        case .endedEarly:
            throw .truncated(.gif, detail: ranOut ? "the file ends inside the picture" : "the picture data ends early")
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Bounds-checked reads: past the end is `.truncated`, never a trap.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func take(_ count: Int) throws(ImageError) -> UnsafeRawBufferPointer {
            guard count <= bytes.count - position else { throw .truncated(.gif, detail: "the file ends early") }
            defer { position += count }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
        }

        mutating func byte() throws(ImageError) -> UInt8 { try take(1)[0] }

        mutating func u16() throws(ImageError) -> Int {
            let pair = try take(2)
            return Int(pair[0]) | Int(pair[1]) << 8
        }

        /// One data sub-block (a length byte, then that many bytes); empty at the terminator.
        mutating func subBlock() throws(ImageError) -> UnsafeRawBufferPointer {
            try take(Int(try byte()))
        }
    }
}

/// GIF's variable-length LZW (codes of 3 to 12 bits, least significant bit first).
enum LZW {
    enum Outcome: Equatable {
        case complete
        case endedEarly
        case corrupt(String)
    }

    /// Decodes until `count` indices have been emitted, the end code, or the data runs out.
    static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int, emit: (UInt8) -> Void) -> Outcome {
        let clear = 1 << minimumCodeSize, end = clear + 1
        // Each code is a string: its last byte, the code before it, and its first byte.
        var suffix = [UInt8](repeating: 0, count: 4096)
        var prefix = [UInt16](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            first[code] = UInt8(truncatingIfNeeded: code)
        }
        var stack = [UInt8](repeating: 0, count: 4096)
        var codeSize = minimumCodeSize + 1, next = clear + 2, previous = -1
        var emitted = 0, bitBuffer = 0, bitCount = 0, position = 0

        while emitted < count {
            while bitCount < codeSize {
                guard position < data.count else { return .endedEarly }
                bitBuffer |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            let code = bitBuffer & ((1 << codeSize) - 1)
            bitBuffer >>= codeSize
            bitCount -= codeSize

            if code == clear {
                codeSize = minimumCodeSize + 1
                next = clear + 2
                previous = -1
                continue
            }
            if code == end { return .endedEarly }
            guard code <= next else { return .corrupt("bad LZW code") }
            if previous < 0 {
                guard code < clear else { return .corrupt("bad LZW code") }
                emit(UInt8(code))
                emitted += 1
                previous = code
                continue
            }
            // The code not yet in the table is the previous string plus its own first byte.
            let known = code < next
            let head = known ? first[code] : first[previous]
            if next < 4096 {
                prefix[next] = UInt16(previous)
                suffix[next] = head
                first[next] = first[previous]
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            // Unwind the string backwards onto the stack, then emit it forwards.
            var depth = 0, walk = code
            while walk >= clear {
                stack[depth] = suffix[walk]
                depth += 1
                walk = Int(prefix[walk])
            }
            stack[depth] = UInt8(walk)
            depth += 1
            while depth > 0, emitted < count {
                depth -= 1
                emit(stack[depth])
                emitted += 1
            }
            previous = code
        }
        return .complete
    }
}
