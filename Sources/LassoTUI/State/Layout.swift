/// Where each pane goes for a terminal size: breadcrumb on top, status at the bottom, and between them the outline,
/// the details and the canvas (the picture of the screen), which gets the full height of its column.
public struct Layout: Sendable, Equatable {
    /// A rectangle of cells.
    public struct Area: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        public func contains(x px: Int, y py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }
        public static let empty = Area(x: 0, y: 0, width: 0, height: 0)
    }

    public static let minimumWidth = 60
    public static let minimumHeight = 14
    /// From this width on (a common terminal size), the canvas has a column of its own; narrower, it sits under the details.
    public static let threeColumnWidth = 120

    public let breadcrumb: Area
    public let outline: Area
    public let details: Area
    /// The picture of the screen.
    public let canvas: Area
    /// Where the circle form, the configs list and the push panel go: beside the canvas, so it stays in sight.
    public let panel: Area
    public let status: Area

    /// The layout for a terminal of `size` showing a screen of `screen` points; `zoomed` gives the canvas the
    /// whole body.
    public init(_ size: Size, screen: (width: Double, height: Double) = (390, 844), zoomed: Bool = false) {
        let width = max(size.width, 1)
        let height = max(size.height, 3)
        let body = height - 2
        breadcrumb = Area(x: 0, y: 0, width: width, height: 1)
        status = Area(x: 0, y: height - 1, width: width, height: 1)
        if zoomed {
            outline = Area(x: 0, y: 1, width: 0, height: body)
            details = Area(x: 0, y: 1, width: 0, height: body)
            canvas = Area(x: 0, y: 1, width: width, height: body)
            panel = canvas
            return
        }
        if width >= Self.threeColumnWidth {
            let canvasWidth = Self.canvasWidth(forRows: body - 2, screen: screen, limit: width * 40 / 100)
            let rest = width - canvasWidth
            let left = max(30, rest * 45 / 100)
            outline = Area(x: 0, y: 1, width: left, height: body)
            details = Area(x: left, y: 1, width: rest - left, height: body)
            canvas = Area(x: rest, y: 1, width: canvasWidth, height: body)
            panel = Area(x: 0, y: 1, width: rest, height: body)
        } else {
            let left = max(30, width * 45 / 100)
            let detailsHeight = max(3, body * 45 / 100)
            outline = Area(x: 0, y: 1, width: left, height: body)
            details = Area(x: left, y: 1, width: width - left, height: detailsHeight)
            canvas = Area(x: left, y: 1 + detailsHeight, width: width - left, height: body - detailsHeight)
            // A panel (form, list, push) takes the whole width: at 80 columns half of it cuts every line; the
            // canvas is one key away (Ctrl-O in the form).
            panel = Area(x: 0, y: 1, width: width, height: body)
        }
    }

    /// The columns (borders included) a screen's picture needs to fill `rows` rows, a cell being twice as tall as
    /// wide, between 16 and `limit`.
    static func canvasWidth(forRows rows: Int, screen: (width: Double, height: Double), limit: Int) -> Int {
        let aspect =
            screen.width.isFinite && screen.height.isFinite && screen.height > 0 ? screen.width / screen.height : 0.5
        let needed = (Double(max(rows, 1)) * 2 * min(max(aspect, 0.05), 20)).rounded(.up) + 2
        return Int(min(max(needed, 16), Double(max(limit, 16))))
    }
}
