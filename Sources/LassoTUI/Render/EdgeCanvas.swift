/// Box outlines gathered as edges per cell, so that where boxes meet, cross or share a side the right junction
/// (┬ ┴ ├ ┤ ┼) is drawn instead of one box's corner cutting through another's line.
struct EdgeCanvas {
    /// How a box is drawn: a plain frame, a view that has a config, or a view the open form matches.
    enum Kind: UInt8, Comparable {
        case plain = 1
        case configured = 2
        case matched = 3
        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        var style: Style {
            switch self {
            case .plain: return .frame
            case .configured: return .ok
            case .matched: return .match
            }
        }
    }

    private static let up: UInt8 = 1
    private static let down: UInt8 = 2
    private static let left: UInt8 = 4
    private static let right: UInt8 = 8

    let columns: Int
    let rows: Int
    private var edges: [UInt8]
    private var kinds: [UInt8]
    /// Cells of views smaller than a cell, drawn as a dot.
    private var dots: [UInt8]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        edges = Array(repeating: 0, count: self.columns * self.rows)
        kinds = edges
        dots = edges
    }

    /// Adds a box's outline (cells may lie outside the canvas: they are clipped).
    mutating func add(_ box: CanvasScene.Box, kind: Kind) {
        if box.left == box.right && box.top == box.bottom {
            mark(box.left, box.top, kind: kind, dot: true)
            return
        }
        // The top and bottom sides, from column to column.
        for y in Set([box.top, box.bottom]) where y >= 0 && y < rows {
            let from = max(box.left, -1)
            let to = min(box.right, columns)
            for x in stride(from: from, to: to, by: 1) {
                join(x, y, Self.right, kind)
                join(x + 1, y, Self.left, kind)
            }
        }
        for x in Set([box.left, box.right]) where x >= 0 && x < columns {
            let from = max(box.top, -1)
            let to = min(box.bottom, rows)
            for y in stride(from: from, to: to, by: 1) {
                join(x, y, Self.down, kind)
                join(x, y + 1, Self.up, kind)
            }
        }
    }

    private mutating func join(_ x: Int, _ y: Int, _ edge: UInt8, _ kind: Kind) {
        guard x >= 0 && y >= 0 && x < columns && y < rows else { return }
        edges[y * columns + x] |= edge
        mark(x, y, kind: kind, dot: false)
    }

    private mutating func mark(_ x: Int, _ y: Int, kind: Kind, dot: Bool) {
        guard x >= 0 && y >= 0 && x < columns && y < rows else { return }
        let index = y * columns + x
        kinds[index] = max(kinds[index], kind.rawValue)
        if dot { dots[index] = 1 }
    }

    /// Draws every cell that has an edge or a dot, with `origin` as the canvas's top-left cell.
    func paint(into grid: inout Grid, origin: (x: Int, y: Int)) {
        for y in 0..<rows {
            for x in 0..<columns {
                let index = y * columns + x
                let kind = Kind(rawValue: kinds[index]) ?? .plain
                if edges[index] != 0 {
                    grid.plot(Self.glyph(edges[index]), x: origin.x + x, y: origin.y + y, style: kind.style)
                } else if dots[index] != 0 {
                    grid.plot("·", x: origin.x + x, y: origin.y + y, style: kind.style)
                }
            }
        }
    }

    /// The light box-drawing character with lines toward the given sides.
    static func glyph(_ mask: UInt8) -> String {
        switch mask & 15 {
        case up, down, up | down: return "│"
        case left, right, left | right: return "─"
        case down | right: return "┌"
        case down | left: return "┐"
        case up | right: return "└"
        case up | left: return "┘"
        case up | down | right: return "├"
        case up | down | left: return "┤"
        case down | left | right: return "┬"
        case up | left | right: return "┴"
        case up | down | left | right: return "┼"
        default: return " "
        }
    }
}
