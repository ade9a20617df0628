import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct FormatAndLimitsTests {
    @Test func signaturesNameTheFormat() {
        #expect(ImageFormat.sniff(HandMadePNG.signature + [0, 0]) == .png)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("GIF89a...".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("BM".utf8)) == .bmp)
        #expect(ImageFormat.sniff(Array("GIF88a".utf8)) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E]) == nil) // a PNG signature cut short
        #expect(ImageFormat.sniff([]) == nil)
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
    }

    @Test func unknownDataIsAnError() {
        #expect(throws: ImageError.unknownFormat) { try ImageDecoder.decode(Array("<html>not an image</html>".utf8)) }
        #expect(throws: ImageError.unknownFormat) { try ImageDecoder.decode([]) }
    }

    @Test func inputOverTheByteLimitIsRefusedUnread() {
        // A valid PNG signature, but too many bytes: refused before any decoder sees it.
        let big = HandMadePNG.signature + [UInt8](repeating: 0, count: 5 * 1024 * 1024)
        #expect(throws: ImageError.inputTooLarge(bytes: big.count, limit: 5 * 1024 * 1024)) { try ImageDecoder.decode(big) }
        let limits = ImageLimits(maxInputBytes: 10)
        #expect(throws: ImageError.inputTooLarge(bytes: 11, limit: 10)) {
            try ImageDecoder.decode([UInt8](repeating: 0, count: 11), limits: limits)
        }
    }

    @Test func limitsCheckSidesAndArea() throws {
        let limits = ImageLimits.standard
        try limits.check(width: 8192, height: 4000, format: .png)
        #expect(throws: ImageError.pictureTooLarge(.png, width: 8193, height: 1)) {
            try limits.check(width: 8193, height: 1, format: .png)
        }
        #expect(throws: ImageError.pictureTooLarge(.gif, width: 7000, height: 7000)) {
            try limits.check(width: 7000, height: 7000, format: .gif) // 49 megapixels
        }
        #expect(throws: ImageError.emptyPicture(.bmp)) { try limits.check(width: 0, height: 10, format: .bmp) }
    }

    @Test func errorsReadAsSentences() {
        let errors: [ImageError] = [
            .inputTooLarge(bytes: 6, limit: 5), .unknownFormat, .pictureTooLarge(.png, width: 10000, height: 10),
            .emptyPicture(.gif), .truncated(.jpeg, detail: "x"), .corrupt(.png, detail: "y"),
            .unsupported(.bmp, detail: "16 bits"), .outOfMemory(.jpeg), .libraryUnavailable(.gif, detail: "z"),
            .cannotEncode(.gif, detail: "w"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix("."))
            #expect(error.description.count > 20)
        }
        #expect(ImageError.pictureTooLarge(.png, width: 10000, height: 10).description.contains("10000 × 10"))
    }

    @Test func bitmapFlattensOntoAMatte() {
        var bitmap = Bitmap(width: 2, height: 1, color: .clear)
        bitmap[0, 0] = PixelColor(red: 255, green: 0, blue: 0, alpha: 255)
        bitmap[1, 0] = PixelColor(red: 255, green: 0, blue: 0, alpha: 128)
        #expect(!bitmap.isOpaque)
        let flat = bitmap.flattened(onto: PixelColor(red: 0, green: 0, blue: 255))
        #expect(flat.isOpaque)
        #expect(flat[0, 0] == PixelColor(red: 255, green: 0, blue: 0))
        #expect(flat[1, 0] == PixelColor(red: 128, green: 0, blue: 127))
    }

    @Test func pixelColoursReadHex() {
        #expect(PixelColor(hex: "5fa2dd") == PixelColor(red: 0x5F, green: 0xA2, blue: 0xDD))
        #expect(PixelColor(hex: "FFF") == .white)
        #expect(PixelColor(hex: "ccc")?.hex == "cccccc")
        #expect(PixelColor(hex: "ff") == nil)
        #expect(PixelColor(hex: "fffffff") == nil)
        #expect(PixelColor(hex: "ggg") == nil)
        #expect(PixelColor(hex: "") == nil)
        #expect(PixelColor(red: 1, green: 2, blue: 3, alpha: 4).description == "010203@4")
    }
}
