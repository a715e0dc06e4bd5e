/// Where each pane goes for a terminal size: breadcrumb on top, outline left, details and wireframe right, status at the bottom.
public struct Layout: Sendable, Equatable {
    /// A rectangle of cells.
    public struct Area: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public func contains(x px: Int, y py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }
    }

    public static let minimumWidth = 60
    public static let minimumHeight = 14

    public let breadcrumb: Area
    public let outline: Area
    public let details: Area
    public let wireframe: Area
    public let status: Area

    public init(_ size: Size) {
        let width = max(size.width, 1)
        let height = max(size.height, 3)
        let left = max(30, width * 45 / 100)
        let body = height - 2
        let detailsHeight = max(3, body * 55 / 100)
        breadcrumb = Area(x: 0, y: 0, width: width, height: 1)
        outline = Area(x: 0, y: 1, width: left, height: body)
        details = Area(x: left, y: 1, width: width - left, height: detailsHeight)
        wireframe = Area(x: left, y: 1 + detailsHeight, width: width - left, height: body - detailsHeight)
        status = Area(x: 0, y: height - 1, width: width, height: 1)
    }
}
