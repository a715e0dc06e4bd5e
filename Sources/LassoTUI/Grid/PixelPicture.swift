import LassoSnapshot

/// The screenshot a terminal that shows pixels puts over a rectangle of cells, and the canvas's marks to draw on it:
/// what the renderer asks for beside the grid's cells, which stay blank there.
public struct PixelPicture: Sendable, Equatable {
    /// A view marked on the picture: its frame in screen points and why it is marked.
    public struct Mark: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var kind: Kind

        public init(x: Double, y: Double, width: Double, height: Double, kind: Kind) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.kind = kind
        }
    }

    /// What a mark says, each drawn in its own colour.
    public enum Kind: Sendable, Equatable {
        /// The highlighted view: a thick outline.
        case highlight
        /// A view the open form's path matches.
        case matched
        /// A view that has a config.
        case configured
        /// A tapped view, tinted by its step on the heat scale.
        case heat(Int)
    }

    /// The screenshot and the size of the screen it covers, in points.
    public var image: RGBImage
    public var screenWidth: Double
    public var screenHeight: Double
    /// The cells of the grid the picture covers.
    public var area: Layout.Area
    /// The screen point at the area's top left corner, and how many points a column and a row span.
    public var originX: Double
    public var originY: Double
    public var pointsPerColumn: Double
    public var pointsPerRow: Double
    /// Back to front: tints, then outlines, the highlight last.
    public var marks: [Mark]

    public init(
        image: RGBImage, screen: (width: Double, height: Double), area: Layout.Area, scale: CanvasScale,
        marks: [Mark]
    ) {
        self.image = image
        screenWidth = max(screen.width, 1)
        screenHeight = max(screen.height, 1)
        self.area = area
        originX = scale.originX
        originY = scale.originY
        pointsPerColumn = scale.pointsPerColumn
        pointsPerRow = scale.pointsPerRow
        self.marks = marks
    }
}
