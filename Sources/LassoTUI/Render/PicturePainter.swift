import LassoSnapshot

/// Paints a snapshot's screenshot into a rectangle of the grid as upper half blocks (▀: the upper pixel is the
/// glyph's colour, the lower one the cell's background), placed the way the canvas places the screen's points.
enum PicturePainter {
    /// Paints `state`'s screenshot into `area` when there is one and it is shown; true when it painted.
    @discardableResult
    static func paint(_ state: AppState, area: Layout.Area, into grid: inout Grid) -> Bool {
        guard let picture = state.picture, picture.shown else { return false }
        paint(
            picture.image, cached: picture.scaled, screen: state.geometry.screen, viewport: state.canvasViewport,
            area: area, into: &grid)
        return true
    }

    /// Paints `image` (which covers `screen`, in points) into `area`, using `cached` when it was scaled to this size.
    static func paint(
        _ image: RGBImage, cached: ScaledPicture?, screen: (width: Double, height: Double), viewport: CanvasViewport,
        area: Layout.Area, into grid: inout Grid
    ) {
        guard area.width > 0, area.height > 0 else { return }
        let scaled: ScaledPicture
        if let cached, cached.columns == area.width, cached.rows == area.height, cached.viewport == viewport {
            scaled = cached
        } else {
            scaled = ScaledPicture(
                image: image, screen: screen, columns: area.width, rows: area.height, viewport: viewport)
        }
        for row in 0..<scaled.usedRows {
            for column in 0..<scaled.usedColumns {
                let (top, bottom) = scaled.cell(column: column, row: row)
                grid.halfBlock(x: area.x + column, y: area.y + row, top: top, bottom: bottom)
            }
        }
    }
}
