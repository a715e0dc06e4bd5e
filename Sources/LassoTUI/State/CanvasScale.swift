/// Maps screen points to canvas cells and back, keeping the screen's shape (a cell is about twice as tall as wide).
public struct CanvasScale: Sendable {
    public let pointsPerColumn: Double
    public let pointsPerRow: Double
    /// The screen point at the canvas's top left corner: the magnified window's corner, else 0, 0.
    public var originX: Double = 0
    public var originY: Double = 0

    /// `stretch` (at least 1) lets the picture be up to that many times wider than the screen's shape, to give its
    /// texts room when the canvas is wider than the shape needs.
    public init(screen: (width: Double, height: Double), columns: Int, rows: Int, stretch: Double = 1) {
        let width = max(screen.width, 1)
        let height = max(screen.height, 1)
        // Units: a column is 1 wide, a row is 2 tall.
        let unitsPerPoint = min(Double(max(columns, 1)) / width, Double(max(rows, 1)) * 2 / height)
        let columnsPerPoint = min(Double(max(columns, 1)) / width, unitsPerPoint * max(1, stretch))
        pointsPerColumn = 1 / columnsPerPoint
        pointsPerRow = 2 / unitsPerPoint
    }

    /// The farthest a cell number goes either way: a frame from a snapshot may be any size (1e12, infinite),
    /// and every cell number must fit an `Int32` and stay cheap to loop over.
    public static let cellLimit = 1 << 20
    /// The most views the canvas looks at per draw or click, so that a page of a million views stays quick.
    public static let viewLimit = 20_000

    /// The scale for a window of the screen (`viewport`), its corner at the canvas's top left.
    public init(viewport: CanvasViewport, columns: Int, rows: Int, stretch: Double = 1) {
        self.init(screen: (viewport.width, viewport.height), columns: columns, rows: rows, stretch: stretch)
        originX = viewport.x
        originY = viewport.y
    }

    public func column(_ x: Double) -> Int { Self.cell((x - originX) / pointsPerColumn) }
    public func row(_ y: Double) -> Int { Self.cell((y - originY) / pointsPerRow) }

    /// A cell number from a scaled coordinate, clamped to ±`cellLimit` (NaN is 0).
    static func cell(_ scaled: Double) -> Int {
        guard !scaled.isNaN else { return 0 }
        let limit = Double(cellLimit)
        return Int(min(max(scaled.rounded(.down), -limit), limit))
    }

    /// The point at the middle of a cell.
    public func point(column: Int, row: Int) -> (Double, Double) {
        (originX + (Double(column) + 0.5) * pointsPerColumn, originY + (Double(row) + 0.5) * pointsPerRow)
    }
}
