/// Where a picture goes in a box of terminal cells when drawn with half blocks (`▀`): each cell
/// shows two pixels, one above the other. A cell is about twice as tall as it is wide, so each
/// half is about square, and a box of `columns` × `rows` cells holds `columns` × `rows * 2`
/// square pixels. See Docs/images.md, "Drawing".
public struct HalfBlockLayout: Hashable, Sendable {
    /// The size to scale the picture to (proportions kept).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The cells the picture takes: `pixelWidth` columns, `pixelHeight / 2` rows rounded up.
    public var columns: Int
    public var rows: Int
    /// Where those cells start inside the box, centring the picture.
    public var column: Int
    public var row: Int

    /// The layout of a `imageWidth` × `imageHeight` picture in a `columns` × `rows` box.
    public init(imageWidth: Int, imageHeight: Int, columns boxColumns: Int, rows boxRows: Int) {
        let size = ImageScaler.fittedSize(
            width: imageWidth, height: imageHeight, maxWidth: max(0, boxColumns), maxHeight: max(0, boxRows) * 2)
        pixelWidth = size.width
        pixelHeight = size.height
        columns = size.width
        rows = (size.height + 1) / 2
        column = (max(0, boxColumns) - columns) / 2
        row = (max(0, boxRows) - rows) / 2
    }
}
