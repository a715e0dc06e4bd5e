/// Maps screen points to wireframe cells and back, keeping the screen's shape (a cell is about twice as tall as wide).
public struct WireframeScale: Sendable {
    public let pointsPerColumn: Double
    public let pointsPerRow: Double

    public init(screen: (width: Double, height: Double), columns: Int, rows: Int) {
        let width = max(screen.width, 1)
        let height = max(screen.height, 1)
        // Units: a column is 1 wide, a row is 2 tall.
        let unitsPerPoint = min(Double(max(columns, 1)) / width, Double(max(rows, 1)) * 2 / height)
        pointsPerColumn = 1 / unitsPerPoint
        pointsPerRow = 2 / unitsPerPoint
    }

    public func column(_ x: Double) -> Int { Int((x / pointsPerColumn).rounded(.down)) }
    public func row(_ y: Double) -> Int { Int((y / pointsPerRow).rounded(.down)) }

    /// The point at the middle of a cell.
    public func point(column: Int, row: Int) -> (Double, Double) {
        ((Double(column) + 0.5) * pointsPerColumn, (Double(row) + 0.5) * pointsPerRow)
    }
}
