import Testing
@testable import Imaging

/// The GIF writer the placeholder pictures are served with (Docs/images.md, "Encoding"): read
/// back by the decoder, and its LZW stream compared with the tests' own textbook coder.
@Suite(.timeLimit(.minutes(10))) struct GIFEncoderTests {
    @Test func aPlaceholderRoundTripsPixelForPixel() throws {
        let request = try DummyImageRequest(path: "/246x160.gif/2b6cb0/ffffff")
        let drawn = DummyImage.render(request)
        let encoded = try DummyImage.encoded(request)
        #expect(encoded.contentType == "image/gif")
        #expect(ImageFormat.sniff(encoded.bytes) == .gif)
        #expect(Array(encoded.bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(encoded.bytes.last == 0x3B, "the trailer ends the file")
        #expect(try ImageDecoder.decode(encoded.bytes) == drawn)
    }

    @Test(arguments: [(1, 1), (2, 1), (3, 7), (64, 64), (300, 200)])
    func upTo256ColoursAreKeptExactly(width: Int, height: Int) throws {
        var bitmap = Bitmap(width: width, height: height, color: .white)
        for y in 0..<height {
            for x in 0..<width {
                let shade = UInt8((x * 13 + y * 7) % 256)
                bitmap[x, y] = PixelColor(red: shade, green: 255 &- shade, blue: shade / 2)
            }
        }
        #expect(try ImageDecoder.decode(ImageEncoder.encode(bitmap, as: .gif)) == bitmap)
    }

    @Test func moreColoursFallBackToTheColourCube() throws {
        let bitmap = TestPictures.gradient(width: 120, height: 90)
        let decoded = try ImageDecoder.decode(ImageEncoder.gif(bitmap))
        #expect(decoded.width == 120 && decoded.height == 90)
        #expect(TestPictures.maxDifference(bitmap, decoded) <= 25, "each channel to its nearest of 6 levels")
    }

    @Test func clearPixelsBecomeTheTransparentIndex() throws {
        var bitmap = Bitmap(width: 4, height: 2, color: PixelColor(red: 200, green: 10, blue: 10))
        bitmap[1, 0] = .clear
        bitmap[3, 1] = PixelColor(red: 0, green: 0, blue: 0, alpha: 20)
        let decoded = try ImageDecoder.decode(ImageEncoder.gif(bitmap))
        #expect(decoded[1, 0].alpha == 0 && decoded[3, 1].alpha == 0)
        #expect(decoded[0, 0] == PixelColor(red: 200, green: 10, blue: 10))
    }

    @Test func anEmptyBitmapIsRefused() {
        #expect(throws: ImageError.cannotEncode(.gif, detail: "no pixels")) {
            try ImageEncoder.gif(Bitmap(width: 0, height: 3, color: .white))
        }
    }

    /// Noise fills the 4096-entry table (clear codes), runs make long strings: the codes match
    /// an independent coder's up to the end code, whose width ours grows as giflib does.
    @Test(arguments: [2, 4, 8])
    func theLZWStreamMatchesATextbookCoder(codeSize: Int) {
        var random = SystemRandomNumberGenerator()
        let colours = UInt8(truncatingIfNeeded: (1 << codeSize) - 1)
        let indices = (0..<20_000).map { i in i % 200 < 90 ? UInt8(i / 200 % Int(colours)) : UInt8.random(in: 0...colours, using: &random) }
        let ours = GIFLZW.compress(indices, minimumCodeSize: codeSize)
        let theirs = GIFLZWEncoder.compress(indices, minimumCodeSize: codeSize)
        #expect(ours.count >= theirs.count - 2 && ours.count <= theirs.count + 2)
        #expect(ours.dropLast(3) == theirs.prefix(ours.count - 3))
        var decoded: [UInt8] = []
        let outcome = LZW.decode(ours, minimumCodeSize: codeSize, count: indices.count) { decoded.append($0) }
        #expect(outcome == .complete)
        #expect(decoded == indices)
    }
}
