import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct JPEGTests {
    /// Where the SOF0 segment's height and width are in a baseline JPEG.
    static func frameHeaderOffset(_ jpeg: [UInt8]) throws -> Int {
        let index = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        return index + 5 // FF C0, length (2), precision (1): then height, width
    }

    static func declaring(width: Int, height: Int) throws -> [UInt8] {
        var jpeg = try ImageEncoder.jpeg(TestPictures.smooth(width: 8, height: 8))
        let at = try frameHeaderOffset(jpeg)
        jpeg[at] = UInt8(height >> 8)
        jpeg[at + 1] = UInt8(height & 0xFF)
        jpeg[at + 2] = UInt8(width >> 8)
        jpeg[at + 3] = UInt8(width & 0xFF)
        return jpeg
    }

    @Test func roundTripIsCloseAndOpaque() throws {
        let bitmap = TestPictures.smooth(width: 120, height: 80)
        let jpeg = try ImageEncoder.jpeg(bitmap, quality: 95)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == 120 && decoded.height == 80)
        #expect(decoded.isOpaque)
        #expect(TestPictures.meanDifference(decoded, bitmap) < 2)
    }

    @Test func qualityChangesTheSize() throws {
        let bitmap = TestPictures.gradient(width: 64, height: 64)
        let low = try ImageEncoder.jpeg(bitmap, quality: 10), high = try ImageEncoder.jpeg(bitmap, quality: 100)
        #expect(low.count < high.count)
        #expect(try ImageDecoder.decode(ImageEncoder.jpeg(bitmap, quality: 500)).width == 64) // clamped
    }

    @Test func truncatedAnywhereIsAnError() throws {
        let jpeg = try ImageEncoder.jpeg(TestPictures.gradient(width: 64, height: 64))
        for cut in [3, 40, jpeg.count / 3, jpeg.count / 2, jpeg.count - 10, jpeg.count - 2] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(jpeg[..<cut])) }
            guard case .truncated(.jpeg, _)? = error else {
                Issue.record("cut at \(cut) of \(jpeg.count): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func anEndMarkerInsideTheDataIsCorrupt() throws {
        var jpeg = try ImageEncoder.jpeg(TestPictures.gradient(width: 64, height: 64))
        let middle = jpeg.count / 2
        jpeg[middle] = 0xFF
        jpeg[middle + 1] = 0xD9 // EOI in the middle of the scan
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(jpeg) }
        guard case .corrupt(.jpeg, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func aBrokenHeaderIsCorrupt() throws {
        var jpeg = try ImageEncoder.jpeg(TestPictures.smooth(width: 8, height: 8))
        let at = try Self.frameHeaderOffset(jpeg)
        jpeg[at - 1] = 3 // 3-bit samples: no such JPEG
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(jpeg) }
        guard case .corrupt(.jpeg, let detail)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix("libjpeg: "))
    }

    @Test func bombHeadersAreRefusedBeforeDecoding() throws {
        #expect(throws: ImageError.pictureTooLarge(.jpeg, width: 10000, height: 10)) {
            try ImageDecoder.decode(Self.declaring(width: 10000, height: 10))
        }
        #expect(throws: ImageError.pictureTooLarge(.jpeg, width: 7000, height: 7000)) {
            try ImageDecoder.decode(Self.declaring(width: 7000, height: 7000))
        }
    }

    @Test func zeroSizesAreEmpty() throws {
        #expect(throws: ImageError.emptyPicture(.jpeg)) { try ImageDecoder.decode(Self.declaring(width: 0, height: 8)) }
    }
}

@Suite(.timeLimit(.minutes(10))) struct ReductionTests {
    @Test func aJPEGForASmallBoxIsDecodedSmallButNeverBelowTheFit() throws {
        let bitmap = TestPictures.smooth(width: 200, height: 100)
        let jpeg = try ImageEncoder.jpeg(bitmap, quality: 95)
        // Fitted into 24 × 24: 24 × 12 is needed; 1/8 gives 25 × 13.
        let small = try ImageDecoder.decode(jpeg, fitting: (width: 24, height: 24))
        #expect(small.width == 25 && small.height == 13)
        // Into 60 × 60 (60 × 30 needed): 1/2 would be 100 × 50, 1/4 is 50 × 25, too small.
        let half = try ImageDecoder.decode(jpeg, fitting: (width: 60, height: 60))
        #expect(half.width == 100 && half.height == 50)
        // A box as large as the picture: whole.
        #expect(try ImageDecoder.decode(jpeg, fitting: (width: 500, height: 500)).width == 200)
        // Reduced pixels are averages of the full ones: the same picture, scaled.
        let reference = ImageScaler.resize(try ImageDecoder.decode(jpeg), width: 25, height: 13)
        #expect(TestPictures.meanDifference(small, reference) < 3)
    }

    @Test func aPNGForASmallBoxIsAveragedAsItIsRead() throws {
        let bitmap = TestPictures.gradient(width: 64, height: 32, opaque: false)
        let png = try ImageEncoder.png(bitmap)
        // Fitted into 8 × 8: 8 × 4 is needed; 8 × 8 blocks give exactly that.
        let small = try ImageDecoder.decode(png, fitting: (width: 8, height: 8))
        #expect(small.width == 8 && small.height == 4)
        #expect(TestPictures.maxDifference(small, ImageScaler.resize(bitmap, width: 8, height: 4)) <= 1)
        // An uneven box: 3 × 3 blocks, the last ones partial (64 = 21·3 + 1).
        let uneven = try ImageDecoder.decode(png, fitting: (width: 20, height: 20))
        #expect(uneven.width == 22 && uneven.height == 11)
        // The corner block is pixel 63 of rows 30 and 31 (alpha 159 and 176): alpha-weighted
        // green (246, 255) → 251, blue (139, 146) → 143, alpha 167.5 → 168.
        #expect(uneven[21, 10] == PixelColor(red: 255, green: 251, blue: 143, alpha: 168))
        // Cut short: still an error when read row by row.
        let error = #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Array(png[..<(png.count * 2 / 3)]), fitting: (width: 8, height: 8))
        }
        guard case .truncated(.png, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func interlacedPNGsGIFsAndBMPsComeWhole() throws {
        let bitmap = TestPictures.gradient(width: 64, height: 32)
        #expect(try ImageDecoder.decode(ImageEncoder.bmp(bitmap), fitting: (width: 8, height: 8)) == bitmap)
        let samples = (0..<(16 * 16)).flatMap { [$0 % 256, 0, 0] }
        let interlaced = HandMadePNG.image(width: 16, height: 16, colorType: 2, depth: 8, channels: 3, pixels: samples, interlaced: true)
        #expect(try ImageDecoder.decode(interlaced, fitting: (width: 4, height: 4)).width == 16)
        let gif = HandMadeGIF(width: 16, height: 16, globalPalette: [.black, .white], frames: [.init(width: 16, height: 16, indices: [UInt8](repeating: 1, count: 256))])
        #expect(try ImageDecoder.decode(gif.bytes(), fitting: (width: 4, height: 4)).width == 16)
    }

    @Test func limitsStillApplyToTheDeclaredSize() throws {
        #expect(throws: ImageError.pictureTooLarge(.jpeg, width: 10000, height: 10)) {
            try ImageDecoder.decode(JPEGTests.declaring(width: 10000, height: 10), fitting: (width: 10, height: 10))
        }
    }
}
