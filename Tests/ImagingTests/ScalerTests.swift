import Testing
@testable import Imaging

@Suite(.timeLimit(.minutes(10))) struct ScalerTests {
    static func grey(_ values: [[UInt8]]) -> Bitmap {
        var bitmap = Bitmap(width: values[0].count, height: values.count, color: .clear)
        for (y, row) in values.enumerated() {
            for (x, v) in row.enumerated() { bitmap[x, y] = PixelColor(red: v, green: v, blue: v) }
        }
        return bitmap
    }

    static func reds(_ bitmap: Bitmap) -> [[UInt8]] {
        (0..<bitmap.height).map { y in (0..<bitmap.width).map { bitmap[$0, y].red } }
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let source = Self.grey([[0, 100, 10, 10], [200, 100, 30, 50], [255, 255, 0, 0], [255, 255, 0, 4]])
        let half = ImageScaler.resize(source, width: 2, height: 2)
        #expect(Self.reds(half) == [[100, 25], [255, 1]])
    }

    @Test func fractionalCoverageWeighsEachSourcePixelByItsShare() {
        // 3 → 2: each target pixel covers one source pixel and half of the middle one.
        let source = Self.grey([[0, 90, 180]])
        #expect(Self.reds(ImageScaler.resize(source, width: 2, height: 1)) == [[30, 150]])
        // 5 → 2 down a column: 2.5 pixels each.
        let column = Self.grey([[10], [20], [30], [40], [50]])
        #expect(Self.reds(ImageScaler.resize(column, width: 1, height: 2)) == [[18], [42]])
    }

    @Test func aThinLineBecomesAShadeNotNothing() {
        // One white column in eight: nearest-neighbour sampling would drop it or keep it whole.
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: 8), count: 8)
        for y in 0..<8 { rows[y][3] = 255 }
        let scaled = ImageScaler.resize(Self.grey(rows), width: 2, height: 2)
        #expect(Self.reds(scaled) == [[64, 0], [64, 0]])
    }

    @Test func transparentPixelsLendNoColour() {
        var source = Bitmap(width: 2, height: 1, color: .clear)
        source[0, 0] = PixelColor(red: 200, green: 100, blue: 0, alpha: 255)
        source[1, 0] = PixelColor(red: 0, green: 0, blue: 255, alpha: 0)
        let one = ImageScaler.resize(source, width: 1, height: 1)
        #expect(one[0, 0] == PixelColor(red: 200, green: 100, blue: 0, alpha: 128))
        let none = ImageScaler.resize(Bitmap(width: 4, height: 4, color: .clear), width: 2, height: 2)
        #expect(none[1, 1] == .clear)
    }

    @Test func upscalingRepeatsPixels() {
        let source = Self.grey([[10, 20], [30, 40]])
        let big = ImageScaler.resize(source, width: 4, height: 3)
        #expect(Self.reds(big) == [[10, 10, 20, 20], [10, 10, 20, 20], [30, 30, 40, 40]])
        #expect(ImageScaler.resize(source, width: 2, height: 2) == source)
    }

    @Test func fittingKeepsTheProportions() {
        #expect(ImageScaler.fittedSize(width: 1000, height: 500, maxWidth: 76, maxHeight: 24) == (48, 24))
        #expect(ImageScaler.fittedSize(width: 1000, height: 100, maxWidth: 76, maxHeight: 24) == (76, 8))
        #expect(ImageScaler.fittedSize(width: 3, height: 2, maxWidth: 300, maxHeight: 300) == (300, 200))
        #expect(ImageScaler.fittedSize(width: 10000, height: 1, maxWidth: 10, maxHeight: 10) == (10, 1)) // never 0
        #expect(ImageScaler.fittedSize(width: 10, height: 10, maxWidth: 0, maxHeight: 10) == (0, 0))
        let fitted = ImageScaler.fit(TestPictures.gradient(width: 100, height: 50), maxWidth: 20, maxHeight: 20)
        #expect(fitted.width == 20 && fitted.height == 10)
        let grown = ImageScaler.fit(TestPictures.gradient(width: 2, height: 1), maxWidth: 20, maxHeight: 20)
        #expect(grown.width == 20 && grown.height == 10)
        #expect(ImageScaler.resize(grown, width: 0, height: 3).pixels.isEmpty)
    }

    @Test func halfBlockLayoutUsesTwoSquarePixelsACell() {
        // A square picture in 76 × 12 cells: 24 × 24 pixels, 24 columns by 12 rows, centred.
        let square = HalfBlockLayout(imageWidth: 1000, imageHeight: 1000, columns: 76, rows: 12)
        #expect(square.pixelWidth == 24 && square.pixelHeight == 24)
        #expect(square.columns == 24 && square.rows == 12)
        #expect(square.column == 26 && square.row == 0)
        // A wide picture: the width fills, rows centred; an odd pixel height takes a half row.
        let wide = HalfBlockLayout(imageWidth: 400, imageHeight: 100, columns: 20, rows: 10)
        #expect(wide.pixelWidth == 20 && wide.pixelHeight == 5)
        #expect(wide.rows == 3 && wide.row == 3 && wide.column == 0)
        let none = HalfBlockLayout(imageWidth: 10, imageHeight: 10, columns: 0, rows: 5)
        #expect(none.columns == 0 && none.rows == 0)
    }

    @Test func spansCoverEachTargetWithWholeWeights() {
        for (source, target) in [(3, 2), (1000, 24), (7, 7), (5, 3)] {
            for span in ImageScaler.spans(source: source, target: target) {
                #expect(span.weights.reduce(0, +) == source)
                #expect(span.weights.allSatisfy { $0 > 0 })
            }
        }
    }
}
