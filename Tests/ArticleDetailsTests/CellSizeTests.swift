import Testing
@testable import ArticleDetails

@Suite(.timeLimit(.minutes(10))) struct CellSizeTests {
    @Test(arguments: [
        // width, height (pixels), box columns × rows → fitted columns × rows
        (800, 400, 80, 20, 80, 20),  // 2:1 fills 80 × 20 cells exactly (cells are 1:2)
        (800, 400, 100, 20, 80, 20),  // height-bound
        (800, 400, 60, 20, 60, 15),  // width-bound
        (400, 400, 80, 20, 40, 20),  // square: twice as many columns as rows
        (400, 400, 20, 20, 20, 10),  // square, width-bound
        (366, 582, 60, 20, 25, 20),  // portrait
        (1000, 100, 40, 20, 40, 2),  // a wide strip
        (100, 1000, 40, 20, 4, 20),  // a tall strip
        (10_000, 1, 40, 20, 40, 1),  // at least one row
        (1, 10_000, 40, 20, 1, 20),  // at least one column
        (366, 582, 1, 1, 1, 1),
    ])
    func fitsTheLargestSizeThatKeepsTheAspect(
        width: Int, height: Int, columns: Int, rows: Int, fittedColumns: Int, fittedRows: Int
    ) {
        #expect(
            CellSize.fitting(width: width, height: height, inColumns: columns, rows: rows)
                == CellSize(columns: fittedColumns, rows: fittedRows))
    }

    @Test func neverLeavesTheBox() {
        for width in stride(from: 1, through: 2000, by: 37) {
            for height in stride(from: 1, through: 2000, by: 41) {
                let size = CellSize.fitting(width: width, height: height, inColumns: 50, rows: 15)
                #expect((1...50).contains(size.columns) && (1...15).contains(size.rows))
                // One side fills its edge of the box (up to rounding).
                #expect(size.columns >= 49 || size.rows >= 15)
            }
        }
    }

    @Test func emptyBoxesAndDegenerateInput() {
        #expect(CellSize.fitting(width: 100, height: 100, inColumns: 0, rows: 10) == CellSize(columns: 0, rows: 0))
        #expect(CellSize.fitting(width: 100, height: 100, inColumns: 10, rows: -1) == CellSize(columns: 0, rows: 0))
        #expect(CellSize.fitting(width: 0, height: 100, inColumns: 10, rows: 5) == CellSize(columns: 10, rows: 5))
        #expect(CellSize.fitting(width: 100, height: 100, inColumns: 10, rows: 5, cellAspect: 0) == CellSize(columns: 10, rows: 5))
    }

    @Test func squareCellsWhenTheFontIsSquare() {
        #expect(CellSize.fitting(width: 400, height: 400, inColumns: 80, rows: 20, cellAspect: 1) == CellSize(columns: 20, rows: 20))
    }
}
