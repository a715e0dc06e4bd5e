import LassoSnapshot

/// What every form draws alike (circle, named event, hook, versions, the app question): its box and title, each
/// field's label with the cursor's mark, and text wrapped between words under the fields.
enum FormFrame {
    /// Clears `area` and draws the form's box with its title.
    static func box(_ area: Layout.Area, title: String, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(x: area.x, y: area.y, width: area.width, height: area.height, title: title, style: .focusBorder)
    }

    /// A field's label on line `y`, its text starting at `x` after the cursor's mark (`▶` where the cursor is, in the
    /// focus style), cut before `valueX`, where the field's value goes.
    static func label(_ text: String, active: Bool, x: Int, y: Int, valueX: Int, into grid: inout Grid) {
        grid.put(
            (active ? "▶ " : "  ") + text, x: x - 2, y: y, style: active ? .focusBorder : .label, limit: valueX)
    }

    /// The location control of the circle and event forms: the path's steps from `x`, wrapped before `right`, the
    /// step under the cursor (when `focused`) selected and those at any position marked; the line after it.
    static func location(
        _ pattern: ViewPath, anyIndex: [Bool], cursor: Int?, x: Int, y: Int, right: Int, bottom: Int,
        into grid: inout Grid
    ) -> Int {
        var y = y
        var column = x
        for (position, segment) in pattern.segments.enumerated() {
            let text = (position == 0 ? "" : "/") + segment.label + "[" + segment.index.text + "]"
            let style: Style = position == cursor ? .selected : (anyIndex[position] ? .warning : .input)
            if column + CharWidth.of(text) > right {
                y += 1
                column = x
            }
            if y >= bottom { break }
            column = grid.put(text, x: column, y: y, style: style, limit: right, marksCut: true)
        }
        return y + 1
    }

    /// `text` wrapped between words to the width from `x` to `right`, from line `y` down while above `bottom`, at
    /// most `most` lines (the last one ending in `…` when more is cut); the line after the last one written.
    @discardableResult
    static func wrapped(
        _ text: String, style: Style, x: Int, y: Int, right: Int, bottom: Int, most: Int = .max,
        into grid: inout Grid
    ) -> Int {
        let pieces = WordWrap.lines(text, width: max(1, right - x))
        var y = y
        for (number, piece) in pieces.prefix(most).enumerated() where y < bottom {
            let shown =
                number == most - 1 && pieces.count > most ? CharWidth.truncate(piece + " …", to: right - x) : piece
            grid.put(shown, x: x, y: y, style: style, limit: right)
            y += 1
        }
        return y
    }
}
