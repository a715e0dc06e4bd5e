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
        // The top and bottom sides (one line when they are the same row), then the left and right ones.
        horizontal(row: box.top, from: box.left, to: box.right, kind: kind)
        if box.bottom != box.top { horizontal(row: box.bottom, from: box.left, to: box.right, kind: kind) }
        vertical(column: box.left, from: box.top, to: box.bottom, kind: kind)
        if box.right != box.left { vertical(column: box.right, from: box.top, to: box.bottom, kind: kind) }
    }

    /// A line along a row from column `from` to `to`, clipped to the canvas.
    private mutating func horizontal(row y: Int, from left: Int, to right: Int, kind: Kind) {
        guard y >= 0 && y < rows else { return }
        for x in stride(from: max(left, -1), to: min(right, columns), by: 1) {
            join(x, y, Self.right, kind)
            join(x + 1, y, Self.left, kind)
        }
    }

    /// A line down a column from row `from` to `to`, clipped to the canvas.
    private mutating func vertical(column x: Int, from top: Int, to bottom: Int, kind: Kind) {
        guard x >= 0 && x < columns else { return }
        for y in stride(from: max(top, -1), to: min(bottom, rows), by: 1) {
            join(x, y, Self.down, kind)
            join(x, y + 1, Self.up, kind)
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
