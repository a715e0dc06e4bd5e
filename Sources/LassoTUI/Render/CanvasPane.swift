import LassoCounting
import LassoSnapshot

/// The canvas: the picture of the screen (the screenshot, or the frames of the views on it), with the views' texts
/// inside, the views that have a config and the views the open form matches marked, and the highlighted view drawn
/// over it all.
enum CanvasPane {
    /// The most boxes drawn, so that a huge screen still draws in a blink.
    static let frameLimit = 2_000
    static var viewLimit: Int { CanvasScale.viewLimit }

    static func draw(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        let screen = state.geometry.screen
        let zoomKey = KeyHint.zoomCanvas.key
        var size = "\(DetailsPane.number(screen.width))×\(DetailsPane.number(screen.height))"
        if state.canvasMagnification > 1 { size += " · \(state.canvasMagnification)× \(KeyHint.unmagnify.key) less" }
        var title =
            state.canvasZoomed
            ? "Screen \(size) · click selects · \(zoomKey) back" : "Screen \(size) · \(zoomKey) full screen"
        if case .circle = state.overlay, state.formShowsCanvas {
            title = "Screen \(size) · ◆ matched · \(KeyHint.formCanvas.key) back to the form"
        }
        if case .event = state.overlay, state.formShowsCanvas {
            title = "Screen \(size) · ◆ matched · \(KeyHint.eventCanvas.key) back to the form"
        }
        if !state.logs.isEmpty {
            title +=
                state.counting ? " · counting…" : (state.heatMap ? " · heat map" : " · \(KeyHint.heatMap.key) heat map")
        }
        grid.box(x: area.x, y: area.y, width: area.width, height: area.height, title: title, style: .border)
        let columns = area.width - 2
        let rows = area.height - 2
        guard columns > 2 && rows > 2 else { return }
        let scene = CanvasScene.of(state, columns: columns, rows: rows)
        let origin = (x: area.x + 1 + scene.offset, y: area.y + 1)
        if let picture = state.picture, picture.shown, picture.pixels {
            // The terminal shows the screenshot's own pixels over the screen's cells, which stay blank; what is
            // marked is drawn on the image.
            let (marks, busiest) = PixelMarks.marks(state, limit: frameLimit)
            grid.pixels = PixelPicture(
                image: picture.image, screen: screen,
                area: Layout.Area(x: origin.x, y: origin.y, width: scene.screenColumns, height: scene.screenRows),
                scale: scene.scale, marks: marks)
            offScreenNote(state, scene: scene, area: area, into: &grid)
            legend(
                state, matched: !state.formMatchedViews.isEmpty, heat: busiest, area: area, pixels: true, into: &grid)
            return
        }
        // The screenshot, when shown, stands in for the plain frames and their texts; what is marked (configured,
        // matched, highlighted) is drawn over it.
        let pictured = PicturePainter.paint(
            state, area: Layout.Area(x: origin.x, y: origin.y, width: columns - scene.offset, height: rows), into: &grid
        )
        let matched = Set(state.formMatchedViews)
        let configured = state.configuredViews
        func kind(_ node: Int) -> EdgeCanvas.Kind {
            matched.contains(node) ? .matched : (configured.contains(node) ? .configured : .plain)
        }
        var edges = EdgeCanvas(columns: scene.screenColumns, rows: scene.screenRows)
        var seen: Set<SIMD4<Int32>> = []
        var drawn: [CanvasScene.Box] = []
        for box in scene.boxes where drawn.count < frameLimit {
            let cells = SIMD4<Int32>(Int32(box.left), Int32(box.top), Int32(box.right), Int32(box.bottom))
            let boxKind = kind(box.node)
            if pictured && boxKind == .plain { continue }
            guard seen.insert(cells).inserted || boxKind != .plain else { continue }
            edges.add(box, kind: boxKind)
            drawn.append(box)
        }
        edges.paint(into: &grid, origin: origin)
        let heat = HeatPainter.paint(state, scene: scene, origin: origin, into: &grid)
        // Over the picture the frames are not drawn, but the texts are: a half-block picture shows no glyph, so a
        // button's title is what tells it from its neighbour.
        let worded = pictured ? scene.boxes.prefix(frameLimit) : drawn[...]
        // Each drawn view's text, looked up once; most views have none.
        var texts: [Int: String] = [:]
        for box in worded { if let text = text(of: box.node, in: state) { texts[box.node] = text } }
        // The cells a text or a mark took: a later text stops before them (ending in …) instead of writing over
        // them, so that two labels never run into each other and a mark never replaces a glyph.
        var taken = TakenCells()
        for box in drawn where kind(box.node) != .plain { taken.take(row: box.top, from: box.left, to: box.left + 1) }
        for box in worded {
            guard let text = texts[box.node] else { continue }
            // A button's title is its label's text too: said once, by the button.
            if let parent = state.snapshot.parent(of: box.node), texts[parent] == text { continue }
            drawText(
                text, of: box, scene: scene, origin: origin, style: .normal, taken: &taken, into: &grid)
        }
        for box in drawn where kind(box.node) != .plain {
            let mark = kind(box.node) == .matched ? "◆" : "●"
            plot(mark, box.left, box.top, scene: scene, origin: origin, style: kind(box.node).style, into: &grid)
        }
        guard let cursor = CanvasScene.box(of: state.cursor, in: state, scale: scene.scale) else {
            grid.put("(no frame)", x: origin.x, y: origin.y, style: .dim)
            return
        }
        highlight(cursor, scene: scene, origin: origin, into: &grid)
        var free = TakenCells()
        if let text = text(of: cursor.node, in: state) {
            drawText(text, of: cursor, scene: scene, origin: origin, style: .highlight, taken: &free, into: &grid)
        }
        offScreenNote(state, scene: scene, area: area, into: &grid)
        legend(state, matched: !matched.isEmpty, heat: heat, area: area, into: &grid)
    }

    /// "off the screen" in the bottom border when the highlighted view lies wholly outside what the canvas shows.
    private static func offScreenNote(_ state: AppState, scene: CanvasScene, area: Layout.Area, into grid: inout Grid) {
        guard let cursor = CanvasScene.box(of: state.cursor, in: state, scale: scene.scale) else { return }
        if cursor.right < 0 || cursor.bottom < 0 || cursor.left >= scene.screenColumns
            || cursor.top >= scene.screenRows
        {
            grid.put(
                " off the screen ", x: area.x + 1 + scene.offset, y: area.y + area.height - 1, style: .warning,
                limit: area.x + area.width - 1)
        }
    }

    /// What the marks mean, in the bottom border: with the heat map on, its scale.
    /// On a picture in the terminal's pixels the marks are colours, and the legend names them.
    private static func legend(
        _ state: AppState, matched: Bool, heat: Int?, area: Layout.Area, pixels: Bool = false, into grid: inout Grid
    ) {
        var parts: [String] = []
        if let busiest = heat {
            // The scale: each shade (or colour) from its lowest tap count, the last up to the busiest view's.
            let steps = HeatScale.thresholds(busiest: busiest).map { DetailsPane.number(Double($0)) }
            let marks = pixels ? ["yellow ", "orange ", "vermilion ", "red "] : HeatScale.glyphs
            let shades = zip(marks, steps).map { $0 + $1 }
            parts.append("taps " + shades.joined(separator: " ") + "–" + DetailsPane.number(Double(busiest)))
        }
        if matched { parts.append(pixels ? "magenta: matched" : "◆ matched") }
        if !state.configuredViews.isEmpty && heat == nil {
            parts.append(pixels ? "green: has a config" : "● has a config")
        }
        guard !parts.isEmpty else { return }
        let text = " " + parts.joined(separator: "  ") + " "
        let x = area.x + max(1, area.width - 1 - CharWidth.of(text))
        grid.put(text, x: x, y: area.y + area.height - 1, style: .dim, limit: area.x + area.width - 1)
    }

    /// A view's text inside its box: on its middle row when it has an inside, else on its top edge, between its
    /// sides, cut with `…` where it does not fit.
    private static func drawText(
        _ raw: String, of box: CanvasScene.Box, scene: CanvasScene, origin: (x: Int, y: Int), style: Style,
        taken: inout TakenCells, into grid: inout Grid
    ) {
        guard box.right - box.left >= 2 else { return }
        // Only the start that can be shown is escaped and measured (a label may hold megabytes of text).
        let text = DisplayText.escaped(String(CharWidth.head(raw, beyond: box.right - box.left + 2)))
        let row = box.bottom - box.top >= 2 ? (box.top + box.bottom) / 2 : box.top
        guard row >= 0 && row < scene.screenRows else { return }
        var first = max(box.left + 1, 0)
        var end = min(box.right, scene.screenColumns)
        let width = CharWidth.of(text)
        // A small button's text that does not fit inside fits over its sides: "首页" on a tab, not "首…".
        if width > box.right - box.left - 1 && width <= box.right - box.left + 1 {
            first = max(box.left + (box.right - box.left + 1 - width) / 2, 0)
            end = min(first + width, scene.screenColumns)
        }
        // Start after what is taken there, and stop before the next taken cell.
        while first < end && taken.contains(row: row, column: first) { first += 1 }
        var stop = first
        while stop < end && !taken.contains(row: row, column: stop) { stop += 1 }
        end = stop
        guard end - first >= 1 else { return }
        let shown = CharWidth.truncate(text, to: end - first)
        grid.put(shown, x: origin.x + first, y: origin.y + row, style: style, limit: origin.x + end)
        taken.take(row: row, from: first, to: first + CharWidth.of(shown))
    }

    /// The canvas cells, by row, that a text or a mark already took.
    struct TakenCells {
        private var rows: [Int: [Range<Int>]] = [:]

        mutating func take(row: Int, from: Int, to: Int) {
            guard to > from else { return }
            rows[row, default: []].append(from..<to)
        }

        func contains(row: Int, column: Int) -> Bool {
            rows[row]?.contains { $0.contains(column) } ?? false
        }
    }

    /// The text a view shows: its text or title, or the accessibility label of a view with nothing inside (an
    /// image's "双11狂欢节" banner).
    static func text(of node: Int, in state: AppState) -> String? {
        let snapshot = state.snapshot
        if let text = snapshot.text(of: node) ?? snapshot.title(of: node), !text.isEmpty { return text }
        return snapshot.childCount(of: node) == 0 ? snapshot.accessibilityLabel(of: node) : nil
    }

    private static func plot(
        _ glyph: String, _ x: Int, _ y: Int, scene: CanvasScene, origin: (x: Int, y: Int), style: Style,
        into grid: inout Grid
    ) {
        guard x >= 0 && y >= 0 && x < scene.screenColumns && y < scene.screenRows else { return }
        grid.plot(glyph, x: origin.x + x, y: origin.y + y, style: style)
    }

    /// Draws the highlighted view's outline in heavy lines, clipped to the screen.
    static func highlight(_ box: CanvasScene.Box, scene: CanvasScene, origin: (x: Int, y: Int), into grid: inout Grid) {
        func put(_ glyph: String, _ x: Int, _ y: Int) {
            plot(glyph, x, y, scene: scene, origin: origin, style: .highlight, into: &grid)
        }
        let (left, top, right, bottom) = (box.left, box.top, box.right, box.bottom)
        if left == right && top == bottom {
            put("◆", left, top)
            return
        }
        // Clipped to a cell past each edge of the screen; empty when the box lies wholly off it.
        let columns = stride(from: max(left, -1), through: min(right, scene.screenColumns), by: 1)
        let rows = stride(from: max(top, -1), through: min(bottom, scene.screenRows), by: 1)
        if top == bottom {
            for x in columns { put("━", x, top) }
            return
        }
        if left == right {
            for y in rows { put("┃", left, y) }
            return
        }
        for x in columns where x > left && x < right {
            put("━", x, top)
            put("━", x, bottom)
        }
        for y in rows where y > top && y < bottom {
            put("┃", left, y)
            put("┃", right, y)
        }
        put("┏", left, top)
        put("┓", right, top)
        put("┗", left, bottom)
        put("┛", right, bottom)
    }
}
