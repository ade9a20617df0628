import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct DummyImageTests {
    @Test func readsTheFullPath() throws {
        let request = try DummyImageRequest(path: "/366x582.png/5fa2dd/ffffff")
        #expect(request == DummyImageRequest(
            width: 366, height: 582, format: .png,
            background: PixelColor(red: 0x5F, green: 0xA2, blue: 0xDD), foreground: .white))
        #expect(request.path == "/366x582.png/5fa2dd/ffffff")
        #expect(request.label == "366 \u{00D7} 582")
        #expect(request.contentType == "image/png")
    }

    @Test func colourAndFormatAreOptionalWithDummyimageDefaults() throws {
        let bare = try DummyImageRequest(path: "/300x200")
        #expect(bare.format == .png)
        #expect(bare.background == PixelColor(red: 0xCC, green: 0xCC, blue: 0xCC))
        #expect(bare.foreground == .black)
        let square = try DummyImageRequest(path: "120.jpg")
        #expect(square.width == 120 && square.height == 120 && square.format == .jpeg)
        let short = try DummyImageRequest(path: "/10x20.bmp/f00/")
        #expect(short.background == PixelColor(red: 255, green: 0, blue: 0) && short.foreground == .black)
        #expect(short.contentType == "image/bmp")
        let late = try DummyImageRequest(path: "/10x20/000/fff.JPEG?text=ignored")
        #expect(late.format == .jpeg && late.foreground == .white && late.background == .black)
        let ratio = try DummyImageRequest(path: "/640x16:9")
        #expect(ratio.height == 360)
        let skippedBackground = try DummyImageRequest(path: "/10x10//abc")
        #expect(skippedBackground.background == DummyImageRequest.defaultBackground)
        #expect(skippedBackground.foreground == PixelColor(red: 0xAA, green: 0xBB, blue: 0xCC))
    }

    @Test func badPathsSayWhatIsWrong() {
        let cases: [(String, DummyImageError)] = [
            ("/", .badPath("expected /{width}x{height}.{png|jpg|bmp|gif}/{background}/{text colour}")),
            ("/1x1/a/b/c", .badPath("expected /{width}x{height}.{png|jpg|bmp|gif}/{background}/{text colour}")),
            ("/0x10.png", .sizeOutOfRange(width: 0, height: 10)),
            ("/2001x10.png", .sizeOutOfRange(width: 2001, height: 10)),
            ("/10x2001.png", .sizeOutOfRange(width: 10, height: 2001)),
            ("/10y10.png", .badSize("10y10")),
            ("/-5x10.png", .badSize("-5x10")),
            ("/123456x1", .badSize("123456x1")),
            ("/10x10x10", .badSize("10x10x10")),
            ("/10x0:9", .badSize("10x0:9")),
            ("/10x10.webp", .badExtension("webp")),
            ("/10x10.png.png", .badExtension("10x10.png.png")),
            ("/10x10.png/fff.jpg", .badPath("more than one extension")),
            ("/10x10.png/ffff", .badColor("ffff")),
            ("/10x10.png/fff/red", .badColor("red")),
        ]
        for (path, expected) in cases {
            #expect(throws: expected, "\(path)") { try DummyImageRequest(path: path) }
            #expect(expected.description.hasSuffix("."))
        }
    }

    @Test func rendersTheBackgroundWithTheLabelInTheMiddle() throws {
        let request = try DummyImageRequest(path: "/366x582.png/5fa2dd/ffffff")
        let bitmap = DummyImage.render(request)
        #expect(bitmap.width == 366 && bitmap.height == 582)
        for (x, y) in [(0, 0), (365, 0), (0, 581), (365, 581)] { #expect(bitmap[x, y] == request.background) }
        // Text pixels in the middle band, none near the top or bottom.
        let middle = (260..<322).flatMap { y in (0..<366).map { bitmap[$0, y] } }
        let text = middle.filter { $0 == .white }.count
        #expect(text > 500)
        #expect(Set(middle) == [request.background, .white])
        let top = (0..<200).flatMap { y in (0..<366).map { bitmap[$0, y] } }
        #expect(!top.contains(.white))
        // The label is centred: as many text pixels left of the middle as right (± a glyph).
        let left = (0..<582).flatMap { y in (0..<183).map { bitmap[$0, y] } }.filter { $0 == .white }.count
        let right = (0..<582).flatMap { y in (183..<366).map { bitmap[$0, y] } }.filter { $0 == .white }.count
        #expect(abs(left - right) < text / 4)
    }

    @Test func picturesTooSmallForTheLabelArePlain() {
        for (width, height) in [(1, 1), (3, 200), (200, 3), (28, 7)] {
            let bitmap = DummyImage.render(DummyImageRequest(width: width, height: height))
            #expect(bitmap.width == width && bitmap.height == height)
            #expect(Set(stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }) == [0xCC], "\(width)x\(height)")
        }
        // Just large enough ("29 × 7" is 35 pixels wide at scale 1): the label is drawn.
        let fits = DummyImage.render(DummyImageRequest(width: 35, height: 7))
        #expect(fits.pixels.contains(0))
        let large = DummyImage.render(DummyImageRequest(width: 2000, height: 2000))
        #expect(large[0, 0] == DummyImageRequest.defaultBackground && large.pixels.contains(0))
    }

    @Test func encodedPicturesDecodeBackInEachFormat() throws {
        for path in ["/120x80.png/5fa2dd/ffffff", "/120x80.jpg/5fa2dd/ffffff", "/120x80.bmp/5fa2dd/ffffff"] {
            let request = try DummyImageRequest(path: path)
            let (bytes, contentType) = try DummyImage.encoded(request)
            #expect(contentType == request.format.contentType)
            #expect(ImageFormat.sniff(bytes) == request.format)
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.width == 120 && decoded.height == 80)
            let corner = decoded[2, 2]
            #expect(abs(Int(corner.red) - 0x5F) <= 3 && abs(Int(corner.blue) - 0xDD) <= 3, "\(path)")
        }
    }

    @Test func fontGlyphsAreFiveByEight() {
        #expect(PixelFont.glyphs.values.allSatisfy { $0.count == PixelFont.glyphHeight && $0.allSatisfy { $0 < 32 } })
        #expect(PixelFont.characters.isSuperset(of: Set("0123456789 x\u{00D7}NO IMAGE")))
        #expect(PixelFont.size(of: "12", scale: 3) == (33, 21))
        #expect(PixelFont.size(of: "", scale: 3) == (0, 0))
        var bitmap = Bitmap(width: 5, height: 7, color: .black)
        PixelFont.draw("1", at: 0, 0, scale: 1, color: .white, on: &bitmap)
        #expect(bitmap[2, 0] == .white && bitmap[0, 0] == .black && bitmap[1, 6] == .white)
        var clipped = Bitmap(width: 3, height: 3, color: .black)
        PixelFont.draw("8?", at: -2, -2, scale: 2, color: .white, on: &clipped) // off the edges, unknown glyph
        #expect(clipped.width == 3)
    }

    @Test func dummyimageURLsPointAtAnotherBase() {
        let base = "http://127.0.0.1:3000"
        #expect(DummyImage.localURL(for: "http://dummyimage.com/366x582.png/5fa2dd/ffffff", base: base)
            == "http://127.0.0.1:3000/366x582.png/5fa2dd/ffffff")
        #expect(DummyImage.localURL(for: "https://www.DummyImage.com:443/10x10?text=hi#top", base: base + "/")
            == "http://127.0.0.1:3000/10x10?text=hi")
        #expect(DummyImage.localURL(for: "http://dummyimage.com", base: base) == "http://127.0.0.1:3000/")
        #expect(DummyImage.localURL(for: "http://dummyimage.com.evil.example/1x1", base: base) == nil)
        #expect(DummyImage.localURL(for: "http://dummyimage.com@evil.example/1x1", base: base) == nil)
        #expect(DummyImage.localURL(for: "http://user@dummyimage.com/1x1", base: base) == "http://127.0.0.1:3000/1x1")
        #expect(DummyImage.localURL(for: "ftp://dummyimage.com/1x1", base: base) == nil)
        #expect(DummyImage.localURL(for: "https://picsum.photos/200", base: base) == nil)
        #expect(DummyImage.localURL(for: "", base: base) == nil)
    }
}
