import LassoCounting

/// The heat map: each view with taps in the logs filled with the shade and colour of its step on the scale, the
/// biggest views first so that a small view's heat stays on top; over the screenshot, its pixels tinted instead.
enum HeatPainter {
    /// Paints the heat of `state`'s counted views; returns the busiest view's taps (the scale's top), or nil when
    /// the heat map is off or nothing was tapped.
    static func paint(_ state: AppState, scene: CanvasScene, origin: (x: Int, y: Int), into grid: inout Grid) -> Int? {
        guard state.heatMap, let counts = state.counts else { return nil }
        let busiest = counts.busiestView
        guard busiest > 0 else { return nil }
        var boxes: [(box: CanvasScene.Box, level: Int)] = []
        for (node, taps) in counts.views {
            guard let level = HeatScale.level(taps, busiest: busiest),
                let box = CanvasScene.box(of: node, in: state, scale: scene.scale)
            else { continue }
            boxes.append((box, level))
        }
        boxes.sort {
            ($0.box.right - $0.box.left) * ($0.box.bottom - $0.box.top) > ($1.box.right - $1.box.left)
                * ($1.box.bottom - $1.box.top)
        }
        for (box, level) in boxes {
            // The inside of the box; a box one cell high or wide is filled along its line.
            let top = box.bottom - box.top >= 2 ? box.top + 1 : box.top
            let bottom = box.bottom - box.top >= 2 ? box.bottom - 1 : box.bottom
            let left = box.right - box.left >= 2 ? box.left + 1 : box.left
            let right = box.right - box.left >= 2 ? box.right - 1 : box.right
            // Clipped to the screen: a view wholly off it paints nothing.
            let firstRow = max(top, 0)
            let firstColumn = max(left, 0)
            let rows = firstRow..<max(min(bottom + 1, scene.screenRows), firstRow)
            let columns = firstColumn..<max(min(right + 1, scene.screenColumns), firstColumn)
            for row in rows {
                for column in columns {
                    grid.heat(
                        x: origin.x + column, y: origin.y + row, glyph: HeatScale.glyphs[level],
                        color: HeatScale.color(level))
                }
            }
        }
        return busiest
    }
}
