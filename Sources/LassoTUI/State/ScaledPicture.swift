import LassoSnapshot

/// A screenshot scaled to a pane of half-block cells: per cell, the average colour of the pixels under its upper
/// and lower half, laid out the way the canvas lays out the screen's points (`CanvasScale`).
public struct ScaledPicture: Sendable, Equatable {
    /// The pane size it was made for.
    public let columns: Int
    public let rows: Int
    /// The part of the screen it shows.
    public let viewport: CanvasViewport
    /// The cells the screen covers, from the pane's top left.
    public let usedColumns: Int
    public let usedRows: Int
    /// Per used cell, row by row: the upper and the lower half's colour.
    let top: [RGB]
    let bottom: [RGB]

    /// The picture of `viewport` (the whole screen when nil) of an image that covers `screen`.
    public init(
        image: RGBImage, screen: (width: Double, height: Double), columns: Int, rows: Int,
        viewport given: CanvasViewport? = nil
    ) {
        self.columns = columns
        self.rows = rows
        let viewport = given ?? CanvasViewport(screen: screen)
        self.viewport = viewport
        let scale = CanvasScale(viewport: viewport, columns: columns, rows: rows)
        let width = max(screen.width, 1)
        let height = max(screen.height, 1)
        let used = (
            columns: max(0, min(columns, Int((viewport.width / scale.pointsPerColumn).rounded(.up)))),
            rows: max(0, min(rows, Int((viewport.height / scale.pointsPerRow).rounded(.up))))
        )
        usedColumns = used.columns
        usedRows = used.rows
        // Pixel edges of every column and every half row, from the window's corner.
        let pixelsPerColumn = scale.pointsPerColumn * Double(image.width) / width
        let pixelsPerHalfRow = scale.pointsPerRow / 2 * Double(image.height) / height
        let columnEdges = Self.edges(
            count: used.columns, step: pixelsPerColumn, limit: image.width,
            start: viewport.x * Double(image.width) / width)
        let bandEdges = Self.edges(
            count: used.rows * 2, step: pixelsPerHalfRow, limit: image.height,
            start: viewport.y * Double(image.height) / height)
        var halves = [RGB](repeating: RGB(0, 0, 0), count: used.columns * used.rows * 2)
        var sums = [Int](repeating: 0, count: used.columns * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for band in 0..<(used.rows * 2) {
                for index in sums.indices { sums[index] = 0 }
                let y0 = bandEdges[band]
                let y1 = bandEdges[band + 1]
                for y in y0..<y1 {
                    let rowStart = y * image.width * 3
                    for column in 0..<used.columns {
                        var r = 0
                        var g = 0
                        var b = 0
                        var at = rowStart + columnEdges[column] * 3
                        let end = rowStart + columnEdges[column + 1] * 3
                        while at < end {
                            r += Int(pixels[at])
                            g += Int(pixels[at + 1])
                            b += Int(pixels[at + 2])
                            at += 3
                        }
                        sums[column * 3] += r
                        sums[column * 3 + 1] += g
                        sums[column * 3 + 2] += b
                    }
                }
                for column in 0..<used.columns {
                    let count = max(1, (y1 - y0) * (columnEdges[column + 1] - columnEdges[column]))
                    halves[band * used.columns + column] = RGB(
                        UInt8(sums[column * 3] / count), UInt8(sums[column * 3 + 1] / count),
                        UInt8(sums[column * 3 + 2] / count))
                }
            }
        }
        var top: [RGB] = []
        var bottom: [RGB] = []
        top.reserveCapacity(used.columns * used.rows)
        bottom.reserveCapacity(used.columns * used.rows)
        for row in 0..<used.rows {
            top += halves[(row * 2 * used.columns)..<((row * 2 + 1) * used.columns)]
            bottom += halves[((row * 2 + 1) * used.columns)..<((row * 2 + 2) * used.columns)]
        }
        self.top = top
        self.bottom = bottom
    }

    /// `count + 1` pixel edges `step` apart, each cell at least one pixel wide where the image has pixels left.
    static func edges(count: Int, step: Double, limit: Int, start: Double = 0) -> [Int] {
        var edges = [Int](repeating: 0, count: count + 1)
        let first = start.isFinite ? start : 0
        for index in 0...count {
            edges[index] = min(limit, max(0, Int((first + Double(index) * step).rounded(.down))))
            if index > 0 && edges[index] <= edges[index - 1] { edges[index] = min(limit, edges[index - 1] + 1) }
        }
        return edges
    }

    /// The upper and lower colour of a used cell.
    public func cell(column: Int, row: Int) -> (top: RGB, bottom: RGB) {
        (top[row * usedColumns + column], bottom[row * usedColumns + column])
    }
}
