import LassoCore

/// The configs of this app, those that match on this screen marked.
enum ConfigsPane {
    static func draw(_ state: AppState, list: ConfigsList, area: Layout.Area, into grid: inout Grid) {
        let entries = state.appConfigs
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height,
            title: "Configs of \(state.appKey ?? "this app") · \(entries.count) · ● matches here", style: .focusBorder)
        let width = area.width - 2
        var top = area.y + 1
        // Files that could not be read come first: a broken config is never silently left out.
        for problem in state.brokenConfigs.prefix(max(0, (area.height - 4) / 2)) {
            grid.put(
                CharWidth.truncate("⚠ cannot read " + DisplayText.escaped(problem.file), to: width), x: area.x + 1,
                y: top, style: .error)
            grid.put(
                CharWidth.truncate("   " + DisplayText.escaped(problem.message), to: width), x: area.x + 1, y: top + 1,
                style: .warning)
            top += 2
        }
        guard !entries.isEmpty else {
            // Wrapped between words: the way out of the list is never cut off.
            let help =
                "No configs yet in \(state.configsFolder). Press \(KeyHint.closeConfigs.key), pick a view and \(KeyHint.circle.key) to circle it."
            for (offset, piece) in WordWrap.lines(help, width: width).enumerated()
            where top + offset < area.y + area.height - 1 {
                grid.put(piece, x: area.x + 1, y: top + offset, style: .dim, limit: area.x + area.width - 1)
            }
            return
        }
        let rows = max(1, (area.y + area.height - 1 - top) / 2)
        let first = max(0, min(list.selected - rows / 2, entries.count - rows))
        var y = top
        for index in first..<min(entries.count, first + rows) {
            let config = entries[index].config
            let matches = list.matches[config.id]?.count ?? 0
            let selected = index == list.selected
            let mark = matches > 0 ? "● " : "○ "
            let note = config.note.map { "  “" + DisplayText.escaped($0) + "”" } ?? ""
            let head =
                "\(mark)\(config.keyName)  \(config.viewEvent)  \(config.versions)  \(matches > 0 ? "\(matches) here" : "not on this screen")\(note)"
            grid.put(
                CharWidth.truncate(head, to: width), x: area.x + 1, y: y,
                style: selected ? .selected : (matches > 0 ? .ok : .normal))
            if selected { grid.restyle(x: area.x + 1, y: y, width: width, style: .selected) }
            grid.put(
                CharWidth.truncate("   " + config.viewPathText + "  ·  " + config.keyPath, to: width), x: area.x + 1,
                y: y + 1, style: .dim)
            y += 2
        }
    }
}
