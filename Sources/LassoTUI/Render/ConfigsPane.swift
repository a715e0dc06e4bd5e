import LassoCore

/// The configs of this app, those that match on this screen marked.
enum ConfigsPane {
    static func draw(_ state: AppState, list: ConfigsList, area: Layout.Area, into grid: inout Grid) {
        let entries = state.appConfigs
        grid.fill(x: area.x, y: area.y, width: area.width, height: area.height)
        grid.box(
            x: area.x, y: area.y, width: area.width, height: area.height,
            title: "Configs of \(state.appKey ?? "this app") · \(entries.count)"
                + (state.appDefinitions.isEmpty
                    ? ""
                    : " · \(state.appDefinitions.count) named event\(state.appDefinitions.count == 1 ? "" : "s")")
                + " · ● matches here", style: .focusBorder)
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
        let events = state.appDefinitions
        guard !entries.isEmpty || !events.isEmpty else {
            // Wrapped between words: the way out of the list is never cut off.
            let help =
                "No configs yet in \(state.configsFolder). Press \(KeyHint.closeConfigs.key), pick a view and \(KeyHint.circle.key) to circle it."
            for (offset, piece) in WordWrap.lines(help, width: width).enumerated()
            where top + offset < area.y + area.height - 1 {
                grid.put(piece, x: area.x + 1, y: top + offset, style: .dim, limit: area.x + area.width - 1)
            }
            return
        }
        // Every row as two lines (configs, then the named events under a heading of their own); the window keeps
        // the selected row in sight.
        var rows: [(head: String, detail: String, style: Style, index: Int)] = []
        for (index, entry) in entries.enumerated() {
            let config = entry.config
            let matches = list.matches[config.id]?.count ?? 0
            let mark = matches > 0 ? "● " : "○ "
            let note = config.note.map { "  “" + DisplayText.escaped($0) + "”" } ?? ""
            let taps =
                state.logs.isEmpty ? "" : "  " + tapsText(state.taps(ofConfig: config.id), state: state, unit: "taps")
            rows.append(
                (
                    "\(mark)\(config.keyName)  \(config.viewEvent)  \(config.versions)  \(matches > 0 ? "\(matches) here" : "not on this screen")\(taps)\(note)",
                    "   " + config.viewPathText + "  ·  " + config.keyPath, matches > 0 ? .ok : .normal, index
                ))
        }
        for (offset, entry) in events.enumerated() {
            let definition = entry.definition
            let matches = state.definitionMatches[definition.id]?.count ?? 0
            var count =
                state.logs.isEmpty
                ? "" : "  " + tapsText(state.count(ofDefinition: definition.id), state: state, unit: "counted")
            // Its records per day over the logs' last days, and the latest day's count beside them.
            if let days = state.days(ofDefinition: definition.id), let latest = days.last {
                count += "  " + Sparkline.text(days) + " \(DetailsPane.number(Double(latest))) on the last day"
            }
            rows.append(
                (
                    "◆ “\(DisplayText.escaped(definition.name))”  \(definition.key)  \(definition.versions)  \(matches > 0 ? "\(matches) here" : "not on this screen")\(count)",
                    "   " + DisplayText.escaped(definition.sentence), matches > 0 ? .match : .normal,
                    entries.count + offset
                ))
        }
        let lines = area.y + area.height - 1 - top
        let heading = events.isEmpty ? 0 : 1
        let shown = max(1, (lines - heading) / 2)
        let first = max(0, min(list.selected - shown / 2, rows.count - shown))
        var y = top
        for row in rows[first..<min(rows.count, first + shown)] {
            if row.index == entries.count && y < area.y + area.height - 1 {
                grid.put(
                    CharWidth.truncate("Named events · what a back end counts", to: width), x: area.x + 1, y: y,
                    style: .label)
                y += 1
            }
            guard y + 1 < area.y + area.height else { break }
            let selected = row.index == list.selected
            grid.put(
                CharWidth.truncate(row.head, to: width), x: area.x + 1, y: y, style: selected ? .selected : row.style)
            if selected { grid.restyle(x: area.x + 1, y: y, width: width, style: .selected) }
            grid.put(CharWidth.truncate(row.detail, to: width), x: area.x + 1, y: y + 1, style: .dim)
            y += 2
        }
    }

    /// A count in the list: the number, "counting…" while the logs are counted, or why there is none.
    private static func tapsText(_ value: Int?, state: AppState, unit: String) -> String {
        if let value { return "\(DetailsPane.number(Double(value))) \(unit)" }
        if state.counting { return "counting…" }
        return state.countFailure == nil ? "" : "not counted"
    }
}
