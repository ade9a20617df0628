import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct PNGTests {
    @Test func roundTripKeepsEveryPixelAndAlpha() throws {
        for bitmap in [TestPictures.gradient(width: 37, height: 23), TestPictures.gradient(width: 16, height: 9, opaque: false)] {
            let png = try ImageEncoder.png(bitmap)
            #expect(ImageFormat.sniff(png) == .png)
            let decoded = try ImageDecoder.decode(png)
            #expect(decoded == bitmap)
        }
    }

    @Test func opaquePicturesAreWrittenWithoutAlpha() throws {
        let png = try ImageEncoder.png(TestPictures.gradient(width: 4, height: 4))
        let ihdr = try #require(HandMadePNG.offset(of: "IHDR", in: png))
        #expect(png[ihdr + 8 + 9] == 2) // colour type 2: RGB
        let translucent = try ImageEncoder.png(TestPictures.gradient(width: 4, height: 4, opaque: false))
        #expect(translucent[ihdr + 8 + 9] == 6) // RGBA
    }

    @Test func truncatedAnywhereIsAnError() throws {
        let png = try ImageEncoder.png(TestPictures.gradient(width: 64, height: 64))
        let idat = try #require(HandMadePNG.offset(of: "IDAT", in: png))
        // Inside the signature, the header, the pixel data (early and late).
        for cut in [4, 20, idat + 10, idat + (png.count - idat) / 2, png.count - 20] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(png[..<cut])) }
            switch error {
            case .truncated(.png, _)?: break
            case .unknownFormat? where cut < 8: break
            default: Issue.record("cut at \(cut): \(String(describing: error))")
            }
        }
    }

    @Test func damagedDataIsCorrupt() throws {
        let png = try ImageEncoder.png(TestPictures.gradient(width: 32, height: 32))
        let idat = try #require(HandMadePNG.offset(of: "IDAT", in: png))
        let length = png[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        // Damaged compressed data (zlib notices first), then a damaged checksum.
        for (offset, words) in [(idat + 20, "libpng: "), (idat + 8 + length + 1, "CRC")] {
            var damaged = png
            damaged[offset] ^= 0xFF
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(damaged) }
            guard case .corrupt(.png, let detail)? = error else {
                Issue.record("byte \(offset): expected corrupt, got \(String(describing: error))")
                continue
            }
            #expect(detail.contains(words), "\(detail)")
        }
    }

    @Test func bombHeadersAreRefusedBeforeDecoding() {
        #expect(throws: ImageError.pictureTooLarge(.png, width: 10000, height: 10)) {
            try ImageDecoder.decode(HandMadePNG.declaring(width: 10000, height: 10))
        }
        #expect(throws: ImageError.pictureTooLarge(.png, width: 7000, height: 7000)) {
            try ImageDecoder.decode(HandMadePNG.declaring(width: 7000, height: 7000))
        }
    }

    @Test func aHeaderWithinTheLimitsStillNeedsItsPixels() {
        // Same hand-made file, a small size: the header passes, the empty data does not.
        #expect(throws: ImageError.truncated(.png, detail: "libpng: Not enough image data")) {
            try ImageDecoder.decode(HandMadePNG.declaring(width: 10, height: 10))
        }
    }

    @Test func zeroSizesAreEmpty() {
        #expect(throws: ImageError.emptyPicture(.png)) { try ImageDecoder.decode(HandMadePNG.declaring(width: 0, height: 10)) }
        #expect(throws: ImageError.emptyPicture(.png)) { try ImageDecoder.decode(HandMadePNG.declaring(width: 10, height: 0)) }
    }

    @Test func aWrongSignatureIsNotAPNG() throws {
        var png = try ImageEncoder.png(TestPictures.gradient(width: 4, height: 4))
        png[1] = UInt8(ascii: "Q")
        #expect(throws: ImageError.unknownFormat) { try ImageDecoder.decode(png) }
    }

    @Test func emptyBitmapsCannotBeEncoded() {
        #expect(throws: ImageError.cannotEncode(.png, detail: "no pixels")) {
            try ImageEncoder.png(Bitmap(width: 0, height: 5, color: .white))
        }
        #expect(throws: ImageError.cannotEncode(.gif, detail: "no pixels")) {
            try ImageEncoder.encode(Bitmap(width: 1, height: 0, color: .white), as: .gif)
        }
    }

    @Test func decodesFromARawBuffer() throws {
        let bitmap = TestPictures.gradient(width: 5, height: 3)
        let png = try ImageEncoder.png(bitmap)
        let decoded = try png.withUnsafeBytes { raw in try ImageDecoder.decode(raw) }
        #expect(decoded == bitmap)
    }
}

@Suite(.timeLimit(.minutes(10))) struct PNGKindsTests {
    @Test func palettesWithTransparencyBecomeRGBA() throws {
        let palette = [PixelColor(red: 255, green: 0, blue: 0), PixelColor(red: 0, green: 0, blue: 255)]
        let png = HandMadePNG.image(
            width: 3, height: 1, colorType: 3, depth: 2, channels: 1, pixels: [0, 1, 0], palette: palette, transparency: [255, 0])
        let bitmap = try ImageDecoder.decode(png)
        #expect(bitmap[0, 0] == palette[0])
        #expect(bitmap[1, 0].alpha == 0)
        #expect(bitmap[2, 0] == palette[0])
    }

    @Test func greyOfEveryDepthBecomesRGB() throws {
        let one = try ImageDecoder.decode(HandMadePNG.image(width: 9, height: 1, colorType: 0, depth: 1, channels: 1, pixels: [1, 0, 1, 0, 0, 0, 0, 0, 1]))
        #expect(one[0, 0] == .white && one[1, 0] == .black && one[8, 0] == .white)
        let greyAlpha = try ImageDecoder.decode(HandMadePNG.image(width: 1, height: 1, colorType: 4, depth: 8, channels: 2, pixels: [100, 50]))
        #expect(greyAlpha[0, 0] == PixelColor(red: 100, green: 100, blue: 100, alpha: 50))
        let deep = try ImageDecoder.decode(HandMadePNG.image(width: 1, height: 1, colorType: 2, depth: 16, channels: 3, pixels: [0xFFFF, 0x8000, 0x00FF]))
        #expect(deep[0, 0] == PixelColor(red: 255, green: 128, blue: 0))
    }

    @Test func interlacedPicturesArePutBackTogether() throws {
        let width = 11, height = 10
        let samples = (0..<(width * height)).flatMap { i in [i % 256, (i * 3) % 256, (i * 7) % 256] }
        let plain = try ImageDecoder.decode(HandMadePNG.image(width: width, height: height, colorType: 2, depth: 8, channels: 3, pixels: samples))
        let interlaced = try ImageDecoder.decode(HandMadePNG.image(width: width, height: height, colorType: 2, depth: 8, channels: 3, pixels: samples, interlaced: true))
        #expect(interlaced == plain)
        #expect(plain[10, 9] == PixelColor(red: 109, green: 71, blue: 251))
    }
}
