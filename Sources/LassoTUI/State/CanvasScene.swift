import LassoSnapshot

/// The views the canvas draws and where: the visible views of the window that lie on the screen, back to front,
/// each as a rectangle of cells; drawing and clicking both use it, so that a click lands on what is drawn.
public struct CanvasScene: Sendable {
    /// A view's frame in cells of the canvas (its inside, border excluded), corners included.
    public struct Box: Sendable, Equatable {
        public var node: Int
        public var left: Int
        public var top: Int
        public var right: Int
        public var bottom: Int
    }

    public let scale: CanvasScale
    /// The cells of the canvas's inside.
    public let columns: Int
    public let rows: Int
    /// The cells the screen covers (at most `columns` × `rows`): what is outside it is off the screen.
    public let screenColumns: Int
    public let screenRows: Int
    /// Columns left empty before the screen, so that a full-screen picture sits in the middle.
    public let offset: Int
    /// How much wider than its shape a full-screen picture may be drawn.
    public static let zoomStretch = 2.0
    /// Back to front.
    public let boxes: [Box]

    /// The scene for a canvas whose inside is `columns` × `rows` cells.
    public init(_ state: AppState, columns: Int, rows: Int) {
        let viewport = state.canvasViewport
        let scale = CanvasScale(
            viewport: viewport, columns: columns, rows: rows,
            stretch: state.canvasZoomed && state.picture?.shown != true ? Self.zoomStretch : 1)
        self.scale = scale
        self.columns = columns
        self.rows = rows
        screenColumns = min(columns, scale.column(viewport.x + viewport.width) + 1)
        screenRows = min(rows, scale.row(viewport.y + viewport.height) + 1)
        offset = state.canvasZoomed ? max(0, (columns - screenColumns) / 2) : 0
        let snapshot = state.snapshot
        var boxes: [Box] = []
        var node = 0
        let end = min(snapshot.count, CanvasScale.viewLimit)
        while node < end {
            guard state.geometry.visible[node] else {
                node = snapshot.subtreeEnd(of: node)
                continue
            }
            if let box = Self.box(of: node, in: state, scale: scale) {
                // Off the screen (a pager's other pages, a scrolled-away row): left out.
                if box.right >= 0 && box.bottom >= 0 && box.left < screenColumns && box.top < screenRows {
                    boxes.append(box)
                }
            }
            node += 1
        }
        self.boxes = boxes
    }

    /// The scene of `state`'s canvas at `columns` × `rows`, worked out again only when the viewport, the size, the
    /// zoom or the picture's being shown changed since the last one (a cursor move changes none of them).
    public static func of(_ state: AppState, columns: Int, rows: Int) -> CanvasScene {
        let key = CanvasSceneCache.Key(
            viewport: state.canvasViewport, columns: columns, rows: rows, zoomed: state.canvasZoomed,
            pictureShown: state.picture?.shown == true)
        return state.sceneCache.scene(for: key) { CanvasScene(state, columns: columns, rows: rows) }
    }

    /// The frontmost view whose drawn cells hold a cell of the canvas's inside.
    public func view(atColumn pane: Int, row: Int) -> Int? {
        let column = pane - offset
        return boxes.last { column >= $0.left && column <= $0.right && row >= $0.top && row <= $0.bottom }?.node
    }

    /// The box of a view, wherever it lies (nil without a frame).
    public static func box(of node: Int, in state: AppState, scale: CanvasScale) -> Box? {
        guard let frame = state.geometry.frame(of: node) else { return nil }
        let left = scale.column(Double(frame.x))
        let top = scale.row(Double(frame.y))
        return Box(
            node: node, left: left, top: top, right: max(left, scale.column(Double(frame.x + frame.z))),
            bottom: max(top, scale.row(Double(frame.y + frame.w))))
    }
}
