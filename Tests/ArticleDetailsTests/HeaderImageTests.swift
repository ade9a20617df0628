import Testing
@testable import ArticleDetails

@Suite(.timeLimit(.minutes(10))) struct HeaderImageTests {
    private static func rgb(_ hex: String) -> ImageColor { ImageColor(hex: hex) ?? ImageColor(red: 1, green: 2, blue: 3) }
    private static let grey = HeaderImage.DummyImage.defaultBackground
    private static let black = HeaderImage.DummyImage.defaultForeground

    @Test(arguments: [
        ("http://dummyimage.com/366x582.png/5fa2dd/ffffff", 366, 582, "5fa2dd", "ffffff"),
        ("http://dummyimage.com/573x684.bmp/cc0000/ffffff", 573, 684, "cc0000", "ffffff"),
        ("https://dummyimage.com/380x495.jpg/dddddd/000000", 380, 495, "dddddd", "000000"),
        ("http://dummyimage.com/600x400/09f/fff", 600, 400, "0099ff", "ffffff"),
        ("http://dummyimage.com/600x400/09F/FfF.png", 600, 400, "0099ff", "ffffff"),
        ("http://dummyimage.com/300.png/09f/fff", 300, 300, "0099ff", "ffffff"),
        ("http://www.dummyimage.com/640x4:3/000/fff", 640, 480, "000000", "ffffff"),
        ("HTTP://DummyImage.COM/120x80.gif/abcdef/123456", 120, 80, "abcdef", "123456"),
        ("http://dummyimage.com/120x80/abcdef/123456?text=hi", 120, 80, "abcdef", "123456"),
        ("http://dummyimage.com/120x80/abcdef/123456/extra", 120, 80, "abcdef", "123456"),
        ("http://dummyimage.com//120x80//abcdef", 120, 80, "abcdef", "000000"),
    ])
    func readsDummyImageURLs(url: String, width: Int, height: Int, background: String, foreground: String) {
        let expected = HeaderImage.DummyImage(
            width: width, height: height, background: Self.rgb(background), foreground: Self.rgb(foreground))
        #expect(HeaderImage(url: url) == .dummyImage(expected))
    }

    @Test(arguments: [
        ("http://dummyimage.com/366x582.png", Self.grey, Self.black),
        ("http://dummyimage.com/366x582", Self.grey, Self.black),
        ("http://dummyimage.com/366x582.png/5fa2dd", Self.rgb("5fa2dd"), Self.black),
        ("http://dummyimage.com/366x582/zzzzzz/ffffff", Self.grey, Self.rgb("ffffff")),
        ("http://dummyimage.com/366x582/ffff/12", Self.grey, Self.black),
    ])
    func missingOrUnreadableColoursTakeDummyImagesDefaults(url: String, background: ImageColor, foreground: ImageColor) {
        #expect(HeaderImage(url: url) == .dummyImage(.init(width: 366, height: 582, background: background, foreground: foreground)))
    }

    @Test func theDefaultsAreDummyImagesOwn() {
        #expect(Self.grey.description == "cccccc")
        #expect(Self.black.description == "000000")
    }

    @Test(arguments: [
        ("https://images.example.com/covers/12.jpg", "images.example.com"),
        ("http://Static.Example.NET/img/5", "static.example.net"),
        ("ftp://dummyimage.com/100x100", "dummyimage.com"),
        ("http://dummyimage.com.evil.example/100x100", "dummyimage.com.evil.example"),
        ("http://dummyimage.com/", "dummyimage.com"),
        ("http://dummyimage.com/axb/fff/000", "dummyimage.com"),
        ("http://dummyimage.com/0x100", "dummyimage.com"),
        ("http://dummyimage.com/100x0", "dummyimage.com"),
        ("http://dummyimage.com/10000x10", "dummyimage.com"),
        ("http://dummyimage.com/5000x5000", "dummyimage.com"),
        ("http://dummyimage.com/999999999999999999999x2", "dummyimage.com"),
        ("http://dummyimage.com/100x100x100", "dummyimage.com"),
        ("http://dummyimage.com/100x4:3:2", "dummyimage.com"),
        ("http://dummyimage.com/100x0:3", "dummyimage.com"),
        ("http://dummyimage.com/-100x100", "dummyimage.com"),
        ("http://dummyimage.com/１００x100", "dummyimage.com"),
        ("not a url", "image"),
        ("", "image"),
        ("/relative/path.png", "image"),
    ])
    func anyOtherURLIsAPlaceholderWithItsHost(url: String, host: String) {
        #expect(HeaderImage(url: url) == .placeholder(host: host))
    }

    @Test func labelsAndColours() {
        let image = HeaderImage(url: "http://dummyimage.com/366x582.png/5fa2dd/ffffff")
        #expect(image.label == "366 × 582")
        #expect(image.label.unicodeScalars.contains("\u{00D7}"))
        #expect(image.background == Self.rgb("5fa2dd"))
        #expect(image.foreground == Self.rgb("ffffff"))
        #expect(image.aspect == (366, 582))
        let placeholder = HeaderImage(url: "https://images.example.com/a.jpg")
        #expect(placeholder.label == "images.example.com")
        #expect(placeholder.background == nil)
        #expect(placeholder.foreground == nil)
        #expect(placeholder.aspect == (16, 9))
    }

    @Test func fittedKeepsTheAspectInCells() {
        let image = HeaderImage(url: "http://dummyimage.com/800x400")
        // 800×400 is 2:1; in cells twice as tall as wide that is 4 columns per row.
        #expect(image.fitted(inColumns: 80, rows: 10) == CellSize(columns: 40, rows: 10))
        #expect(HeaderImage(url: "https://example.com/x").fitted(inColumns: 64, rows: 100) == CellSize(columns: 64, rows: 18))
    }
}

@Suite(.timeLimit(.minutes(10))) struct ImageColorTests {
    @Test(arguments: [
        ("ffffff", 255, 255, 255), ("000000", 0, 0, 0), ("5fa2dd", 0x5F, 0xA2, 0xDD), ("5FA2DD", 0x5F, 0xA2, 0xDD),
        ("fff", 255, 255, 255), ("09f", 0x00, 0x99, 0xFF), ("c00", 0xCC, 0, 0),
    ])
    func readsHex(hex: String, red: UInt8, green: UInt8, blue: UInt8) {
        #expect(ImageColor(hex: hex) == ImageColor(red: red, green: green, blue: blue))
    }

    @Test(arguments: ["", "f", "ff", "ffff", "fffff", "fffffff", "#ffffff", "gggggg", " fff", "ff f", "é00"])
    func rejectsOtherText(hex: String) {
        #expect(ImageColor(hex: hex) == nil)
    }

    @Test func describesItselfAsSixLowerCaseDigits() {
        #expect(ImageColor(red: 0x0A, green: 0xBC, blue: 0xFF).description == "0abcff")
        #expect(ImageColor(hex: "FA0")?.description == "ffaa00")
    }
}
