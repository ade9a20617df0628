/// A size on the terminal, in character cells.
public struct CellSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The largest size inside `columns` × `rows` that keeps a `width`:`height` picture's
    /// proportions, given that a cell is `cellAspect` times as tall as it is wide (about 2 on
    /// common terminal fonts). At least one cell each way when the box has room at all.
    public static func fitting(
        width: Int, height: Int, inColumns columns: Int, rows: Int, cellAspect: Double = 2
    ) -> CellSize {
        guard columns > 0, rows > 0 else { return CellSize(columns: 0, rows: 0) }
        guard width > 0, height > 0, cellAspect > 0 else { return CellSize(columns: columns, rows: rows) }
        // Picture pixels per column, if the width filled the box, versus if the height did.
        let scale = min(Double(columns) / Double(width), Double(rows) * cellAspect / Double(height))
        let fittedColumns = (Double(width) * scale).rounded()
        let fittedRows = (Double(height) * scale / cellAspect).rounded()
        return CellSize(
            columns: min(columns, max(1, Int(fittedColumns))),
            rows: min(rows, max(1, Int(fittedRows))))
    }
}
