import LassoSnapshot

/// The screen's notes: why its screenshot is not drawn, each thing the dump could not say, and what each means for the
/// configs made on this screen.
enum NotesPane {
    static func draw(_ state: AppState, top: Int, area: Layout.Area, into grid: inout Grid) {
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height,
            title: state.importNotes.isEmpty
                ? "Why the screenshot is not drawn"
                : state.screenshotNote == nil
                    ? "What this import could not know (\(state.importNotes.count))"
                    : "Notes on this screen (\(state.screenNotes.count))", style: .focusBorder)
        let width = max(10, area.width - 6)
        var lines: [(String, Style)] = []
        for (number, note) in state.screenNotes.enumerated() {
            for (index, piece) in WordWrap.lines(DisplayText.escaped(note), width: width - 3).enumerated() {
                lines.append(((index == 0 ? "\(number + 1). " : "   ") + piece, .warning))
            }
            for piece in WordWrap.lines(NoteMeaning.explain(note), width: width - 3) {
                lines.append(("   " + piece, .normal))
            }
            lines.append(("", .normal))
        }
        let rows = area.height - 3
        let first = min(top, max(0, lines.count - rows))
        for (row, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            grid.put(line.0, x: area.x + 2, y: area.y + 1 + row, style: line.1, limit: area.x + area.width - 2)
        }
        let more = first + rows < lines.count ? "more below · " : ""
        grid.put(
            more + Keymap.hint(for: .notes), x: area.x + 2, y: area.y + area.height - 2, style: .dim,
            limit: area.x + area.width - 2)
    }
}
