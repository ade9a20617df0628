import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct BMPTests {
    @Test func roundTripThroughOurEncoderAtOddWidths() throws {
        // Widths 1, 2, 3, 5 need 1, 2, 3 and 1 padding bytes a row.
        for width in [1, 2, 3, 4, 5, 17] {
            let bitmap = TestPictures.gradient(width: width, height: 3)
            let bmp = try ImageEncoder.bmp(bitmap)
            #expect(ImageFormat.sniff(bmp) == .bmp)
            #expect(bmp.count == 54 + (width * 3 + 3) / 4 * 4 * 3)
            #expect(try ImageDecoder.decode(bmp) == bitmap)
        }
    }

    /// 2 × 2: red, green on top; blue, white below.
    static let expected: [PixelColor] = [
        PixelColor(red: 255, green: 0, blue: 0), PixelColor(red: 0, green: 255, blue: 0),
        PixelColor(red: 0, green: 0, blue: 255), .white,
    ]

    static func pixels(_ bitmap: Bitmap) -> [PixelColor] { [bitmap[0, 0], bitmap[1, 0], bitmap[0, 1], bitmap[1, 1]] }

    @Test func reads24BitBottomUpWithPadding() throws {
        // Rows in file order: the bottom row first, each padded to 8 bytes.
        let rows: [UInt8] = [255, 0, 0, 255, 255, 255, 0, 0] + [0, 0, 255, 0, 255, 0, 0, 0]
        let bitmap = try ImageDecoder.decode(HandMadeBMP.file(width: 2, height: 2, bits: 24, rows: rows))
        #expect(Self.pixels(bitmap) == Self.expected)
    }

    @Test func readsTopDownRows() throws {
        let rows: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0] + [255, 0, 0, 255, 255, 255, 0, 0]
        let bitmap = try ImageDecoder.decode(HandMadeBMP.file(width: 2, height: -2, bits: 24, rows: rows))
        #expect(Self.pixels(bitmap) == Self.expected)
    }

    @Test func reads32BitRGBIgnoringTheFourthByte() throws {
        let rows: [UInt8] = [255, 0, 0, 0, 255, 255, 255, 0] + [0, 0, 255, 0, 0, 255, 0, 0]
        let bitmap = try ImageDecoder.decode(HandMadeBMP.file(width: 2, height: 2, bits: 32, rows: rows))
        #expect(Self.pixels(bitmap) == Self.expected)
    }

    @Test func readsBitFieldsInTheUsualOrders() throws {
        // BGRA in memory (masks R 0x00FF0000, G 0x0000FF00, B 0x000000FF, A 0xFF000000).
        let bgra: [UInt8] = [255, 0, 0, 255, 255, 255, 255, 128] + [0, 0, 255, 255, 0, 255, 0, 255]
        let v5 = try ImageDecoder.decode(HandMadeBMP.file(
            infoSize: 124, width: 2, height: 2, bits: 32, compression: 3,
            masks: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, Int(0xFF00_0000)], rows: bgra))
        #expect(v5[0, 0] == Self.expected[0])
        #expect(v5[1, 1] == PixelColor(red: 255, green: 255, blue: 255, alpha: 128))
        // RGBA in memory, after a 40-byte header (BI_ALPHABITFIELDS, four masks after it).
        let rgba: [UInt8] = [0, 0, 255, 255, 255, 255, 255, 255] + [255, 0, 0, 255, 0, 255, 0, 255]
        let short = try ImageDecoder.decode(HandMadeBMP.file(
            width: 2, height: 2, bits: 32, compression: 6,
            masks: [0x0000_00FF, 0x0000_FF00, 0x00FF_0000, Int(0xFF00_0000)], rows: rgba))
        #expect(Self.pixels(short) == Self.expected)
        // Three masks after a 40-byte header (BI_BITFIELDS): opaque.
        let three = try ImageDecoder.decode(HandMadeBMP.file(
            width: 2, height: 2, bits: 32, compression: 3, masks: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF], rows: bgra))
        #expect(Self.pixels(three) == Self.expected)
    }

    @Test func narrowMasksAreScaledToEightBits() throws {
        // 5-6-5 bits in a 32-bit pixel: full red, half green, no blue.
        let value = 0x1F << 11 | 0x20 << 5
        var rows: [UInt8] = []
        rows.appendLE32(value)
        let bitmap = try ImageDecoder.decode(HandMadeBMP.file(
            width: 1, height: 1, bits: 32, compression: 3, masks: [0xF800, 0x07E0, 0x001F], rows: rows))
        #expect(bitmap[0, 0] == PixelColor(red: 255, green: 130, blue: 0))
    }

    @Test func alphaAllZeroMeansOpaque() throws {
        let rows: [UInt8] = [10, 20, 30, 0]
        let bitmap = try ImageDecoder.decode(HandMadeBMP.file(
            infoSize: 108, width: 1, height: 1, bits: 32, compression: 3,
            masks: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, Int(0xFF00_0000)], rows: rows))
        #expect(bitmap[0, 0] == PixelColor(red: 30, green: 20, blue: 10, alpha: 255))
    }

    @Test func overlappingOrBrokenMasksAreUnsupported() {
        for masks in [[0xFF00, 0xFF00, 0xFF], [0xF0F0, 0x0F00, 0x000F], [0, 0xFF00, 0xFF]] {
            let error = #expect(throws: ImageError.self) {
                try ImageDecoder.decode(HandMadeBMP.file(width: 1, height: 1, bits: 32, compression: 3, masks: masks, rows: [0, 0, 0, 0]))
            }
            guard case .unsupported(.bmp, _)? = error else {
                Issue.record("masks \(masks): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func otherVariantsAreUnsupported() {
        let cases: [(bits: Int, compression: Int, infoSize: Int)] = [
            (8, 0, 40), (16, 0, 40), (1, 0, 40), (8, 1, 40), (24, 3, 40), (32, 4, 40), (24, 0, 12), (32, 2, 40),
        ]
        for variant in cases {
            let bytes = HandMadeBMP.file(infoSize: variant.infoSize, width: 1, height: 1, bits: variant.bits, compression: variant.compression, rows: [0, 0, 0, 0])
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
            guard case .unsupported(.bmp, _)? = error else {
                Issue.record("\(variant): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func truncatedAnywhereIsAnError() throws {
        let bmp = try ImageEncoder.bmp(TestPictures.gradient(width: 9, height: 9))
        // The last row's padding may be missing: no pixel is lost.
        #expect(try ImageDecoder.decode(Array(bmp[..<(bmp.count - 1)])).height == 9)
        for cut in [2, 12, 30, 53, 60, bmp.count / 2, bmp.count - 2] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bmp[..<cut])) }
            guard case .truncated(.bmp, _)? = error else {
                Issue.record("cut at \(cut): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func bombHeadersAreRefusedBeforeAllocating() {
        for (width, height) in [(10000, 10), (7000, 7000), (7000, -7000)] {
            let bytes = HandMadeBMP.file(width: width, height: height, bits: 24, rows: [0, 0, 0, 0])
            #expect(throws: ImageError.pictureTooLarge(.bmp, width: width, height: abs(height))) { try ImageDecoder.decode(bytes) }
        }
    }

    @Test func zeroNegativeOrOddHeadersAreErrors() {
        #expect(throws: ImageError.emptyPicture(.bmp)) { try ImageDecoder.decode(HandMadeBMP.file(width: 0, height: 4, bits: 24, rows: [])) }
        #expect(throws: ImageError.emptyPicture(.bmp)) { try ImageDecoder.decode(HandMadeBMP.file(width: 4, height: 0, bits: 24, rows: [])) }
        let corrupt: [[UInt8]] = [
            HandMadeBMP.file(width: -4, height: 4, bits: 24, rows: []),
            HandMadeBMP.file(width: 1, height: Int(Int32.min), bits: 24, rows: []),
            HandMadeBMP.file(width: 1, height: 1, bits: 24, rows: [0, 0, 0, 0], planes: 2),
            HandMadeBMP.file(infoSize: 41, width: 1, height: 1, bits: 24, rows: [0, 0, 0, 0]),
        ]
        for bytes in corrupt {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
            guard case .corrupt(.bmp, _)? = error else {
                Issue.record("got \(String(describing: error))")
                continue
            }
        }
        // Pixel data said to start inside the header.
        var inside = HandMadeBMP.file(width: 1, height: 1, bits: 24, rows: [0, 0, 0, 0])
        inside[10] = 20
        #expect(throws: ImageError.corrupt(.bmp, detail: "pixel data inside the header")) { try ImageDecoder.decode(inside) }
    }
}
