import LassoSnapshot

/// A screen's worth of cells, each holding one grapheme, its display width and its style: what rendering produces.
///
/// A wide character takes its cell and the next, which holds an empty continuation; writing over
/// either half resets the other, and a wide character that would cross `limit` is not written.
public struct Grid: Sendable, Equatable {
    /// One cell: a grapheme (empty for the right half of a wide one), its style, and its colours when it shows a picture.
    public struct Cell: Sendable, Equatable {
        public var text: String
        public var width: UInt8
        public var style: Style
        /// True-colour foreground and background: set on the cells of a picture and on what is drawn over them.
        public var paint: Paint? = nil

        public static let blank = Cell(text: " ", width: 1, style: .normal)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// The screenshot a terminal that shows pixels puts over some of the cells (left blank by the renderer).
    public var pixels: PixelPicture?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Writes `text` from column `x` of row `y`, stopping before column `limit` (default: the right edge);
    /// returns the column after the last one written. With `marksCut`, text that does not fit ends in "…" in the
    /// last column, so that a reader sees it was cut.
    @discardableResult
    public mutating func put(
        _ text: String, x: Int, y: Int, style: Style = .normal, limit: Int? = nil, marksCut: Bool = false
    ) -> Int {
        guard y >= 0 && y < height else { return x }
        let end = min(limit ?? width, width)
        var column = x
        /// Writes one character; false when it does not fit.
        func place(_ character: Character, width characterWidth: Int) -> Bool {
            guard column + characterWidth <= end else {
                // A wide character that does not fit is never split: the column it would start in is blanked.
                if column < end && column >= 0 { set(column, y, Cell(text: " ", width: 1, style: style)) }
                if marksCut && end - 1 >= max(0, x - 1) && end - 1 < self.width && end >= 1 {
                    set(end - 1, y, Cell(text: "…", width: 1, style: style))
                }
                return false
            }
            if column >= 0 {
                set(column, y, Cell(text: String(character), width: UInt8(characterWidth), style: style))
                if characterWidth == 2 { set(column + 1, y, Cell(text: "", width: 0, style: style)) }
            }
            column += characterWidth
            return true
        }
        for character in text {
            if character.unicodeScalars.contains(where: DisplayText.isEscaped) {
                // A control character is data: shown as its escape (`\e`, `\u{7}`), never sent to the terminal and
                // never dropped, whichever text it came in.
                for piece in DisplayText.escaped(String(character)) {
                    guard place(piece, width: CharWidth.of(piece)) else { return end }
                }
                continue
            }
            let characterWidth = CharWidth.of(character)
            if characterWidth > 0 {
                guard place(character, width: characterWidth) else { return end }
            }
        }
        return column
    }

    /// Writes one single-width glyph (a box-drawing character) without measuring it: the canvas's fast path.
    public mutating func plot(_ glyph: String, x: Int, y: Int, style: Style) {
        guard x >= 0 && y >= 0 && x < width && y < height else { return }
        set(x, y, Cell(text: glyph, width: 1, style: style))
    }

    /// Paints one cell as an upper half block: `top` the upper pixel (foreground), `bottom` the lower (background).
    public mutating func halfBlock(x: Int, y: Int, top: RGB, bottom: RGB) {
        guard x >= 0 && y >= 0 && x < width && y < height else { return }
        set(x, y, Cell(text: "▀", width: 1, style: .normal, paint: Paint(foreground: top, background: bottom)))
    }

    /// Paints one cell of the heat map: over a picture, the picture's colours tinted with `color` (its glyph kept);
    /// elsewhere `glyph` (a shade) in `color`.
    public mutating func heat(x: Int, y: Int, glyph: String, color: RGB) {
        guard x >= 0 && y >= 0 && x < width && y < height else { return }
        let old = cells[y * width + x]
        func tint(_ under: RGB) -> RGB {
            RGB(
                UInt8((Int(under.red) + Int(color.red) * 2) / 3), UInt8((Int(under.green) + Int(color.green) * 2) / 3),
                UInt8((Int(under.blue) + Int(color.blue) * 2) / 3))
        }
        if let paint = old.paint, old.text == "▀" {
            set(
                x, y,
                Cell(
                    text: old.text, width: 1, style: old.style,
                    paint: Paint(foreground: tint(paint.foreground), background: tint(paint.background))))
        } else {
            set(
                x, y,
                Cell(
                    text: glyph, width: 1, style: .warning, paint: Paint(foreground: color, background: RGB(40, 20, 10))
                ),
                over: false)
        }
    }

    /// Sets one cell, repairing a wide character whose half it overwrites; what is drawn over a picture keeps
    /// the picture's colour, darkened, behind a glyph in its style's overlay colour (`over: false` clears it instead).
    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell, over: Bool = true) {
        let index = y * width + x
        let old = cells[index]
        var cell = cell
        if over, cell.paint == nil, let under = old.paint { cell.paint = Paint.over(under, style: cell.style) }
        if old.width == 2 && x + 1 < width && cell.width != 2 {
            cells[index + 1] = Cell(text: " ", width: 1, style: cells[index + 1].style)
        }
        // The right half of a wide character is overwritten: its left half goes too, unless what is written is the
        // right half of a new wide character whose left half was just put there.
        if old.width == 0 && cell.width != 0 && x > 0 {
            cells[index - 1] = Cell(text: " ", width: 1, style: cells[index - 1].style)
        }
        cells[index] = cell
    }

    /// Copies the cells of `columns` of row `row` of `other` (a grid as wide) to row `y` of this one, as they are.
    public mutating func copyRow(_ row: Int, of other: Grid, columns: Range<Int>, to y: Int) {
        guard y >= 0, y < height, row >= 0, row < other.height else { return }
        for column in columns where column >= 0 && column < width && column < other.width {
            set(column, y, other[column, row], over: false)
        }
    }

    /// Fills a rectangle with spaces in `style`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: Style = .normal) {
        for row in stride(from: max(0, y), to: min(height, y + h), by: 1) {
            for column in stride(from: max(0, x), to: min(width, x + w), by: 1) {
                set(column, row, Cell(text: " ", width: 1, style: style), over: false)
            }
        }
    }

    /// Restyles the cells of a row range without changing their text.
    public mutating func restyle(x: Int, y: Int, width w: Int, style: Style) {
        guard y >= 0 && y < height else { return }
        for column in stride(from: max(0, x), to: min(width, x + w), by: 1) { cells[y * width + column].style = style }
    }

    /// Draws a box with box-drawing characters, with `title` in its top edge.
    public mutating func box(x: Int, y: Int, width w: Int, height h: Int, title: String = "", style: Style = .border) {
        guard w >= 2 && h >= 2 else { return }
        put("┌" + String(repeating: "─", count: w - 2) + "┐", x: x, y: y, style: style)
        for row in (y + 1)..<(y + h - 1) {
            put("│", x: x, y: row, style: style)
            put("│", x: x + w - 1, y: row, style: style)
        }
        put("└" + String(repeating: "─", count: w - 2) + "┘", x: x, y: y + h - 1, style: style)
        // A title too long for the border ends in "…", never cut mid-word.
        if !title.isEmpty && w > 6 {
            put(" " + CharWidth.truncate(title, to: w - 6) + " ", x: x + 2, y: y, style: style, limit: x + w - 2)
        }
    }

    /// The rows as text (wide characters once, their continuation cells skipped), trailing spaces kept.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where cells[row * width + column].width > 0 {
                line += cells[row * width + column].text
            }
            return line
        }
    }

    /// The whole grid as text, trailing spaces trimmed from every row: what tests compare.
    public var text: String {
        lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }
}
