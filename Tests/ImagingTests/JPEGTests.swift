import Testing
@testable import Imaging

@Suite struct JPEGTests {
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
