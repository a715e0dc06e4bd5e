import LassoCore

/// The screen's frames scaled into a pane with box-drawing characters, the highlighted view drawn over them.
enum WireframePane {
    /// The most frames drawn, so that a huge screen still draws in a blink.
    static let frameLimit = 400
    static var viewLimit: Int { WireframeScale.viewLimit }

    static func draw(_ state: AppState, area: Layout.Area, into grid: inout Grid) {
        let screen = state.geometry.screen
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height,
            title: "Screen \(DetailsPane.number(screen.width))×\(DetailsPane.number(screen.height)) (click to select)",
            style: .border)
        let columns = area.width - 2
        let rows = area.height - 2
        guard columns > 2 && rows > 2 else { return }
        let scale = WireframeScale(screen: screen, columns: columns, rows: rows)
        let origin = (x: area.x + 1, y: area.y + 1)
        let clip = Layout.Area(
            x: origin.x, y: origin.y, width: min(columns, scale.column(screen.width) + 1),
            height: min(rows, scale.row(screen.height) + 1))
        // The frames of the highlighted view's page (or the whole screen), back to front.
        let snapshot = state.snapshot
        let scope = state.table.page(of: state.cursor) ?? 0
        var drawn = 0
        var seen: Set<SIMD4<Int32>> = []
        var node = scope
        let end = min(snapshot.subtreeEnd(of: scope), scope + viewLimit)
        while node < end && drawn < frameLimit {
            guard state.geometry.visible[node] else {
                node = snapshot.subtreeEnd(of: node)
                continue
            }
            if let frame = state.geometry.frame(of: node) {
                let cells = SIMD4<Int32>(
                    Int32(scale.column(Double(frame.x))), Int32(scale.row(Double(frame.y))),
                    Int32(scale.column(Double(frame.x + frame.z))), Int32(scale.row(Double(frame.y + frame.w))))
                if seen.insert(cells).inserted {
                    rectangle(frame, scale: scale, origin: origin, clip: clip, heavy: false, into: &grid)
                    drawn += 1
                }
            }
            node += 1
        }
        if let frame = state.geometry.frame(of: state.cursor) {
            rectangle(frame, scale: scale, origin: origin, clip: clip, heavy: true, into: &grid)
        } else {
            grid.put("(no frame)", x: origin.x, y: origin.y, style: .dim)
        }
    }

    /// Draws a frame's outline, clipped to the screen area of the pane.
    static func rectangle(
        _ frame: SIMD4<Float>, scale: WireframeScale, origin: (x: Int, y: Int), clip: Layout.Area, heavy: Bool,
        into grid: inout Grid
    ) {
        let left = origin.x + scale.column(Double(frame.x))
        let top = origin.y + scale.row(Double(frame.y))
        let right = max(left, origin.x + scale.column(Double(frame.x + frame.z)))
        let bottom = max(top, origin.y + scale.row(Double(frame.y + frame.w)))
        let style: Style = heavy ? .highlight : .frame
        let (h, v, tl, tr, bl, br) = heavy ? ("━", "┃", "┏", "┓", "┗", "┛") : ("─", "│", "┌", "┐", "└", "┘")
        func plot(_ x: Int, _ y: Int, _ glyph: String) {
            guard clip.contains(x: x, y: y) else { return }
            grid.plot(glyph, x: x, y: y, style: style)
        }
        if left == right && top == bottom {
            plot(left, top, heavy ? "◆" : "·")
            return
        }
        if top == bottom {
            for x in stride(from: max(left, clip.x - 1), through: min(right, clip.x + clip.width), by: 1) {
                plot(x, top, h)
            }
            return
        }
        if left == right {
            for y in stride(from: max(top, clip.y - 1), through: min(bottom, clip.y + clip.height), by: 1) {
                plot(left, y, v)
            }
            return
        }
        if right > left {
            for x in stride(from: max(left + 1, clip.x - 1), to: min(right, clip.x + clip.width + 1), by: 1) {
                plot(x, top, h)
                plot(x, bottom, h)
            }
        }
        if bottom > top {
            for y in stride(from: max(top + 1, clip.y - 1), to: min(bottom, clip.y + clip.height + 1), by: 1) {
                plot(left, y, v)
                plot(right, y, v)
            }
        }
        plot(left, top, tl)
        plot(right, top, tr)
        plot(left, bottom, bl)
        plot(right, bottom, br)
    }
}
