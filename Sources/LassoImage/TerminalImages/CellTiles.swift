import LassoSnapshot

/// An image drawn over a rectangle of cells, cut into tiles of whole cells no larger than a terminal draws at once
/// (xterm drops a sixel image over its `maxGraphicSize` whole), each with the cell its top left corner goes to.
public struct CellTiles: Sendable {
    /// A tile: its pixels and its corner's cell, counted from the rectangle's corner.
    public struct Tile: Sendable {
        public var image: RGBImage
        public var column: Int
        public var row: Int
        public var columns: Int
        public var rows: Int
    }

    public let tiles: [Tile]

    /// `image` (exactly `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels) cut into tiles of at most
    /// `limitWidth` × `limitHeight` pixels; one tile when it fits.
    public init(
        _ image: RGBImage, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, limitWidth: Int,
        limitHeight: Int
    ) {
        let across = max(1, limitWidth / max(1, cellWidth))
        let down = max(1, limitHeight / max(1, cellHeight))
        if across >= columns && down >= rows {
            tiles = [Tile(image: image, column: 0, row: 0, columns: columns, rows: rows)]
            return
        }
        var tiles: [Tile] = []
        for row in stride(from: 0, to: rows, by: down) {
            for column in stride(from: 0, to: columns, by: across) {
                let tileColumns = min(across, columns - column)
                let tileRows = min(down, rows - row)
                let x = column * cellWidth
                let y = row * cellHeight
                let width = min(tileColumns * cellWidth, image.width - x)
                let height = min(tileRows * cellHeight, image.height - y)
                guard width > 0, height > 0 else { continue }
                var pixels: [UInt8] = []
                pixels.reserveCapacity(width * height * 3)
                for line in y..<(y + height) {
                    let start = (line * image.width + x) * 3
                    pixels += image.pixels[start..<(start + width * 3)]
                }
                guard let tile = RGBImage(width: width, height: height, pixels: pixels) else { continue }
                tiles.append(Tile(image: tile, column: column, row: row, columns: tileColumns, rows: tileRows))
            }
        }
        self.tiles = tiles
    }
}
