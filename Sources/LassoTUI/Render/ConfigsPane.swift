import LassoDocuments
import LassoSnapshot

/// The configs of this app, those that match on this screen marked, then its named events and its hook configs.
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
                + (state.appHooks.isEmpty
                    ? "" : " · \(state.appHooks.count) hook config\(state.appHooks.count == 1 ? "" : "s")")
                + " · ● matches here", style: .focusBorder)
        let width = area.width - 2
        var top = area.y + 1
        // Files that could not be read come first: a broken config, named event or hook config is never silently left
        // out.
        for problem in state.brokenDocuments.prefix(max(0, (area.height - 4) / 2)) {
            grid.put(
                CharWidth.truncate("⚠ cannot read " + DisplayText.escaped(problem.file), to: width), x: area.x + 1,
                y: top, style: .error)
            grid.put(
                CharWidth.truncate("   " + DisplayText.escaped(problem.message), to: width), x: area.x + 1, y: top + 1,
                style: .warning)
            top += 2
        }
        let events = state.appDefinitions
        let hooks = state.appHooks
        guard !entries.isEmpty || !events.isEmpty || !hooks.isEmpty else {
            // Wrapped between words: the way out of the list is never cut off.
            let help =
                "No configs yet in \(state.configsFolder). Press \(KeyHint.closeConfigs.key), pick a view and \(KeyHint.circle.key) to circle it."
            for (offset, piece) in WordWrap.lines(help, width: width).enumerated()
            where top + offset < area.y + area.height - 1 {
                grid.put(piece, x: area.x + 1, y: top + offset, style: .dim, limit: area.x + area.width - 1)
            }
            return
        }
        // Every row as two lines (configs, then the named events and the hook configs under headings of their own);
        // the window keeps the selected row in sight, and only the rows in it are worked out, however many there are.
        let total = entries.count + events.count + hooks.count
        let shown = rowsShown(lines: area.y + area.height - 1 - top, headings: headings(state))
        let first = max(0, min(list.selected - shown / 2, total - shown))
        var y = top
        for index in first..<min(total, first + shown) {
            let row = self.row(index, of: state, entries: entries, events: events, hooks: hooks, list: list)
            let heading =
                index == entries.count && !events.isEmpty
                ? "Named events · what a back end counts"
                : index == entries.count + events.count && !hooks.isEmpty
                    ? "Hook configs · methods the SDK follows, and what it sends" : nil
            if let heading, y < area.y + area.height - 1 {
                grid.put(CharWidth.truncate(heading, to: width), x: area.x + 1, y: y, style: .label)
                y += 1
            }
            guard y + 1 < area.y + area.height else { break }
            let selected = index == list.selected
            grid.put(
                CharWidth.truncate(row.head, to: width), x: area.x + 1, y: y, style: selected ? .selected : row.style)
            if selected { grid.restyle(x: area.x + 1, y: y, width: width, style: .selected) }
            grid.put(CharWidth.truncate(row.detail, to: width), x: area.x + 1, y: y + 1, style: .dim)
            y += 2
        }
    }

    /// How many rows (of two lines each) fit in `lines`, with a line for each of `headings`.
    static func rowsShown(lines: Int, headings: Int) -> Int { max(1, (lines - headings) / 2) }

    /// The headings the list has: one above the named events and one above the hook configs, when there are any.
    static func headings(_ state: AppState) -> Int {
        (state.appDefinitions.isEmpty ? 0 : 1) + (state.appHooks.isEmpty ? 0 : 1)
    }

    /// How many rows a page of the list is: those the panel shows.
    static func pageRows(_ state: AppState) -> Int {
        let panel = state.layout.panel
        let problems = min(state.brokenDocuments.count, max(0, (panel.height - 4) / 2))
        return rowsShown(lines: panel.height - 2 - 2 * problems, headings: headings(state))
    }

    /// Row `index` of the list: a config's, or after the configs a named event's.
    private static func row(
        _ index: Int, of state: AppState, entries: [ConfigDirectory.Entry], events: [EventDirectory.Entry],
        hooks: [HookDirectory.Entry], list: ConfigsList
    ) -> (head: String, detail: String, style: Style) {
        if index < entries.count {
            let config = entries[index].config
            let matches = list.matches[config.id]?.count ?? 0
            let mark = matches > 0 ? "● " : "○ "
            let note = config.note.map { "  “" + DisplayText.escaped($0) + "”" } ?? ""
            let taps =
                state.logs.isEmpty ? "" : "  " + tapsText(state.taps(ofConfig: config.id), state: state, unit: "taps")
            return (
                "\(mark)\(config.keyName)  \(config.viewEvent)  \(config.versions)  \(matches > 0 ? "\(matches) here" : "not on this screen")\(taps)\(note)",
                "   " + SensorsSentPath.shown(config.viewPathText, profile: config.profile) + "  ·  " + config.keyPath,
                matches > 0 ? .ok : .normal
            )
        }
        if index >= entries.count + events.count {
            let hook = hooks[index - entries.count - events.count].config
            let what =
                hook.fixedEvent.map { "sends " + DisplayText.escaped($0) }
                ?? "rules: " + hook.rules.map(HookRuleText.write).joined(separator: "; ")
            return (
                "⚑ \(DisplayText.escaped(hook.className))  \(hook.selectors.map(DisplayText.escaped).joined(separator: " "))  \(hook.versions)",
                "   " + DisplayText.escaped(what), .normal
            )
        }
        let definition = events[index - entries.count].definition
        let matches = state.definitionMatches[definition.id]?.count ?? 0
        var count =
            state.logs.isEmpty
            ? "" : "  " + tapsText(state.count(ofDefinition: definition.id), state: state, unit: "counted")
        // Its records per day over the logs' last days, and the latest day's count beside them.
        if let days = state.days(ofDefinition: definition.id), let latest = days.last {
            count += "  " + Sparkline.text(days) + " \(DetailsPane.number(Double(latest))) on the last day"
        }
        return (
            "◆ “\(DisplayText.escaped(definition.name))”  \(definition.key)  \(definition.versions)  \(matches > 0 ? "\(matches) here" : "not on this screen")\(count)",
            "   " + DisplayText.escaped(definition.sentence), matches > 0 ? .match : .normal
        )
    }

    /// A count in the list: the number, "counting…" while the logs are counted, or why there is none.
    private static func tapsText(_ value: Int?, state: AppState, unit: String) -> String {
        if let value { return "\(DetailsPane.number(Double(value))) \(unit)" }
        if state.counting { return "counting…" }
        return state.countFailure == nil ? "" : "not counted"
    }
}
