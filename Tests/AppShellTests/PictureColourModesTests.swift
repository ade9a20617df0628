import ArticleDetails
import Contract
import Foundation
import Imaging
import Testing
import TUI

/// How the project's own 60 sample pictures (the mock's: `SampleArticles` → `MockPictureSource`)
/// come out in each colour mode, drawn as the article screens draw them (`HalfBlockLayout`,
/// `ImageScaler`, `HalfBlockImage` over black). The figures are in Docs/images.md, "What each
/// colour mode shows".
@Suite(.timeLimit(.minutes(10))) struct PictureColourModesTests {
    /// One picture drawn into one box in one mode.
    struct Measure {
        /// The share of the picture's cells with a half that is not black (the dark terminal's
        /// background), 0…1.
        var visibleShare: Double
        /// The mean RGB distance (Euclidean, 0…441) between each pixel and the colour shown for it.
        var meanError: Double
    }

    /// The 60 sample pictures, decoded (each sample URL once).
    static let pictures: [(url: String, bitmap: Bitmap)] = {
        var seen: Set<String> = []
        return SampleArticles.articles().compactMap { article in
            guard seen.insert(article.image).inserted,
                  case .success(let data) = MockPictureSource.picture(for: article.image),
                  let bitmap = try? ImageDecoder.decode([UInt8](data)) else { return nil }
            return (article.image, bitmap)
        }
    }()

    static func measure(_ bitmap: Bitmap, columns: Int, rows: Int, mode: ColorMode) -> Measure {
        let layout = HalfBlockLayout(imageWidth: bitmap.width, imageHeight: bitmap.height, columns: columns, rows: rows)
        let scaled = ImageScaler.resize(bitmap, width: layout.pixelWidth, height: layout.pixelHeight)
        let image = HalfBlockImage(width: scaled.width, height: scaled.height, rgba: scaled.pixels, matte: .black, colorMode: mode)
        var canvas = Canvas(size: image.cellSize)
        image.draw(in: canvas.bounds, on: &canvas)
        let theme = Theme(mode: mode)
        var visible = 0, error = 0.0
        for y in 0..<image.cellSize.height {
            for x in 0..<image.cellSize.width {
                let style = canvas[x, y].style
                let top = style.foreground.flatMap(theme.shown) ?? .black
                let bottom = style.background.flatMap(theme.shown) ?? .black
                let hasBottom = y * 2 + 1 < image.height
                if stands(top) || (hasBottom && stands(bottom)) { visible += 1 }
                error += distance(top, image.pixels[y * 2 * image.width + x])
                if hasBottom { error += distance(bottom, image.pixels[(y * 2 + 1) * image.width + x]) }
            }
        }
        let cells = image.cellSize.width * image.cellSize.height
        return Measure(visibleShare: Double(visible) / Double(cells), meanError: error / Double(image.pixels.count))
    }

    /// A colour stands out from the black background when a channel reaches 48: the darkest
    /// greys of the 256-colour ramp (8 to 38) look black.
    static func stands(_ color: RGB) -> Bool { max(color.red, color.green, color.blue) >= 48 }

    static func distance(_ a: RGB, _ b: RGB) -> Double {
        let dr = Double(a.red) - Double(b.red), dg = Double(a.green) - Double(b.green), db = Double(a.blue) - Double(b.blue)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// The detail page's box at 80×24, and a list thumbnail's.
    static let boxes = [(columns: 76, rows: 12), (columns: 4, rows: 2)]
    static let modes: [ColorMode] = [.direct, .xterm256, .basic16, .basic8]

    @Test func thereAreSixtySamplePictures() {
        #expect(Self.pictures.count == 60)
    }

    /// How far a picture's visible share may fall below its share in 256 colours.
    static let margin = 0.10

    @Test func withFewColoursEveryPictureKeepsItsShapeWithinTheMargin() {
        for box in Self.boxes {
            for picture in Self.pictures {
                let base = Self.measure(picture.bitmap, columns: box.columns, rows: box.rows, mode: .xterm256).visibleShare
                for mode in [ColorMode.basic16, .basic8] {
                    let share = Self.measure(picture.bitmap, columns: box.columns, rows: box.rows, mode: mode).visibleShare
                    #expect(share >= base - Self.margin, "\(picture.url) in \(mode), \(box): \(share) against \(base)")
                }
            }
        }
    }

    @Test func trueColourShowsEveryPixelExactlyAnd256ColoursDoNot() {
        let box = Self.boxes[0]
        let direct = Self.pictures.map { Self.measure($0.bitmap, columns: box.columns, rows: box.rows, mode: .direct).meanError }
        let palette = Self.pictures.map { Self.measure($0.bitmap, columns: box.columns, rows: box.rows, mode: .xterm256).meanError }
        #expect(direct.allSatisfy { $0 == 0 })
        // The figure in Docs/images.md: 29.8 of 441 on average.
        let mean = palette.reduce(0, +) / Double(palette.count)
        #expect((mean * 10).rounded() / 10 == 29.8)
    }

    /// The table in Docs/images.md, printed (`swift test --filter PictureColourModesTests`).
    @Test func figures() {
        for box in Self.boxes {
            for mode in Self.modes {
                let measures = Self.pictures.map { Self.measure($0.bitmap, columns: box.columns, rows: box.rows, mode: mode) }
                let share = measures.map(\.visibleShare).reduce(0, +) / Double(measures.count)
                let least = measures.map(\.visibleShare).min() ?? 0
                let error = measures.map(\.meanError).reduce(0, +) / Double(measures.count)
                let base = Self.pictures.map { Self.measure($0.bitmap, columns: box.columns, rows: box.rows, mode: .xterm256) }
                let worst = zip(measures, base).map { $1.visibleShare - $0.visibleShare }.max() ?? 0
                print("\(box.columns)×\(box.rows) \(mode): visible \(share) (least \(least)), mean error \(error), worst below 256 \(worst)")
            }
        }
    }
}
