import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct GIFTests {
    static let red = PixelColor(red: 255, green: 0, blue: 0)
    static let green = PixelColor(red: 0, green: 255, blue: 0)
    static let blue = PixelColor(red: 0, green: 0, blue: 255)
    static let palette = [red, green, blue, PixelColor.white]

    /// 3 × 2: red green blue / white red green.
    static let small = HandMadeGIF(
        width: 3, height: 2, globalPalette: palette,
        frames: [.init(width: 3, height: 2, indices: [0, 1, 2, 3, 0, 1])])

    @Test func readsTheFirstFrame() throws {
        let bitmap = try ImageDecoder.decode(Self.small.bytes())
        #expect(bitmap.width == 3 && bitmap.height == 2)
        #expect([bitmap[0, 0], bitmap[1, 0], bitmap[2, 0]] == [Self.red, Self.green, Self.blue])
        #expect([bitmap[0, 1], bitmap[1, 1], bitmap[2, 1]] == [.white, Self.red, Self.green])
    }

    @Test func onlyTheFirstFrameIsShown() throws {
        var gif = Self.small
        gif.frames.append(.init(width: 3, height: 2, indices: [2, 2, 2, 2, 2, 2]))
        let bitmap = try ImageDecoder.decode(gif.bytes())
        #expect(bitmap[0, 0] == Self.red)
        #expect(bitmap[2, 0] == Self.blue)
        #expect(bitmap[1, 1] == Self.red)
    }

    @Test func version87aAndLongRowsDecode() throws {
        // 300 pixels a row: the writer puts clear codes inside the data.
        let indices = (0..<600).map { UInt8($0 % 4) }
        let gif = HandMadeGIF(width: 300, height: 2, globalPalette: Self.palette, frames: [.init(width: 300, height: 2, indices: indices)], version: "GIF87a")
        let bitmap = try ImageDecoder.decode(gif.bytes())
        for x in [0, 1, 255, 299] { #expect(bitmap[x, 1] == Self.palette[(300 + x) % 4]) }
    }

    @Test func transparentPixelsAreClear() throws {
        var gif = Self.small
        gif.frames[0].transparentIndex = 3
        let bitmap = try ImageDecoder.decode(gif.bytes())
        #expect(bitmap[0, 1].alpha == 0)
        #expect(bitmap[1, 1] == Self.red)
    }

    @Test func aLocalPaletteWinsOverTheGlobalOne() throws {
        var gif = Self.small
        gif.frames[0].localPalette = [Self.blue, Self.blue, Self.red, Self.red]
        let bitmap = try ImageDecoder.decode(gif.bytes())
        #expect(bitmap[0, 0] == Self.blue)
        #expect(bitmap[2, 0] == Self.red)
        gif.globalPalette = nil
        #expect(try ImageDecoder.decode(gif.bytes())[0, 0] == Self.blue)
    }

    @Test func interlacedRowsLandInTheirPlace() throws {
        let height = 10
        let indices = (0..<height).flatMap { row in [UInt8(row % 4), UInt8(row % 4)] }
        let gif = HandMadeGIF(width: 2, height: height, globalPalette: Self.palette, frames: [.init(width: 2, height: height, indices: indices, interlaced: true)])
        let bitmap = try ImageDecoder.decode(gif.bytes())
        for row in 0..<height { #expect(bitmap[1, row] == Self.palette[row % 4]) }
    }

    @Test func aFrameAwayFromTheCornerLeavesTheRestClear() throws {
        let gif = HandMadeGIF(
            width: 4, height: 3, globalPalette: Self.palette,
            frames: [.init(left: 2, top: 1, width: 2, height: 2, indices: [0, 1, 2, 3])])
        let bitmap = try ImageDecoder.decode(gif.bytes())
        #expect(bitmap.width == 4 && bitmap.height == 3)
        #expect(bitmap[0, 0] == .clear)
        #expect(bitmap[2, 1] == Self.red)
        #expect(bitmap[3, 2] == .white)
    }

    @Test func aFrameReachingOutsideTheScreenGrowsTheCanvas() throws {
        let gif = HandMadeGIF(width: 2, height: 2, globalPalette: Self.palette, frames: [.init(left: 1, top: 0, width: 3, height: 1, indices: [0, 1, 2])])
        let bitmap = try ImageDecoder.decode(gif.bytes())
        #expect(bitmap.width == 4 && bitmap.height == 2)
        #expect(bitmap[3, 0] == Self.blue)
    }

    @Test func truncatedAnywhereIsAnError() throws {
        let indices = (0..<(40 * 40)).map { UInt8($0 % 4) }
        let bytes = HandMadeGIF(width: 40, height: 40, globalPalette: Self.palette, frames: [.init(width: 40, height: 40, indices: indices)]).bytes()
        // In the screen descriptor, the palette, the image descriptor, the pixel data.
        for cut in [8, 16, 30, 40, bytes.count / 2, bytes.count - 4] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes[..<cut])) }
            guard case .truncated(.gif, _)? = error else {
                Issue.record("cut at \(cut) of \(bytes.count): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func noPictureOrNoPaletteIsCorrupt() throws {
        let empty = HandMadeGIF(width: 3, height: 2, globalPalette: Self.palette, frames: []).bytes()
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(empty) }
        guard case .corrupt(.gif, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        var noPalette = Self.small
        noPalette.globalPalette = nil
        let second = #expect(throws: ImageError.self) { try ImageDecoder.decode(noPalette.bytes()) }
        guard case .corrupt(.gif, let detail)? = second else {
            Issue.record("got \(String(describing: second))")
            return
        }
        #expect(detail.contains("colour table"))
    }

    @Test func bombScreensAreRefusedBeforeDecoding() {
        for (width, height) in [(10000, 10), (7000, 7000)] {
            let gif = HandMadeGIF(width: width, height: height, globalPalette: Self.palette, frames: [.init(width: 1, height: 1, indices: [0])])
            #expect(throws: ImageError.pictureTooLarge(.gif, width: width, height: height)) { try ImageDecoder.decode(gif.bytes()) }
        }
        // A small screen with a huge first frame.
        let frame = HandMadeGIF(width: 1, height: 1, globalPalette: Self.palette, frames: [.init(width: 9000, height: 2, indices: [0])])
        #expect(throws: ImageError.pictureTooLarge(.gif, width: 9000, height: 2)) { try ImageDecoder.decode(frame.bytes()) }
    }

    @Test func aZeroSizedFrameIsEmpty() throws {
        let gif = HandMadeGIF(width: 0, height: 0, globalPalette: Self.palette, frames: [.init(width: 0, height: 0, indices: [])])
        #expect(throws: ImageError.emptyPicture(.gif)) { try ImageDecoder.decode(gif.bytes()) }
    }
}

/// The decoder against a real LZW coder (Tests/ImagingTests/TestPictures.swift): strings from
/// the table, codes growing, the full table's clear, every minimum code size.
@Suite(.timeLimit(.minutes(10))) struct GIFLZWTests {
    @Test(arguments: [2, 3, 5, 8])
    func realLZWRoundTrips(codeSize: Int) throws {
        let colours = 1 << codeSize
        let palette = (0..<colours).map { PixelColor(red: UInt8($0 * 255 / (colours - 1)), green: UInt8($0 % 7 * 36), blue: 9) }
        var random = SystemRandomNumberGenerator()
        // Runs (long table strings, the code-not-yet-in-the-table case) and noise (a full table).
        let indices = (0..<(150 * 120)).map { i in i % 150 < 60 ? UInt8(i / 150 % colours) : UInt8.random(in: 0..<UInt8(colours - 1), using: &random) }
        let gif = HandMadeGIF(
            width: 150, height: 120, globalPalette: palette,
            frames: [.init(width: 150, height: 120, indices: indices)], lzwCodeSize: codeSize)
        let bitmap = try ImageDecoder.decode(gif.bytes())
        for (i, index) in indices.enumerated() {
            guard bitmap[i % 150, i / 150] == palette[Int(index)] else {
                Issue.record("pixel \(i) differs")
                return
            }
        }
    }

    @Test func aCodeAheadOfTheTableIsCorrupt() {
        // Clear, literal 0, then code 300 with only 259 entries known (9-bit codes).
        var bits = 256 | 0 << 9 | 300 << 18
        var data: [UInt8] = []
        for _ in 0..<4 {
            data.append(UInt8(bits & 0xFF))
            bits >>= 8
        }
        #expect(LZW.decode(data, minimumCodeSize: 8, count: 10) { _ in } == .corrupt("bad LZW code"))
    }
}

extension GIFLZWTests {
    /// Found by fuzzing: a code size of 11 made literals wider than a byte.
    @Test func aMinimumCodeSizeAbove8IsCorrupt() {
        var gif = HandMadeGIF(width: 2, height: 1, globalPalette: GIFTests.palette, frames: [.init(width: 2, height: 1, indices: [0, 1])])
        gif.lzwCodeSize = 9
        let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(gif.bytes()) }
        guard case .corrupt(.gif, let detail)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(detail.contains("code size"))
    }
}
