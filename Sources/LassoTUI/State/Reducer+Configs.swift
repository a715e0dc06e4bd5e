import LassoCore

/// The configs list: this app's configs, jumping to what they match, editing and deleting them.
extension AppState {
    /// For each config of this app, the views it matches on this screen.
    mutating func matchesOfConfigs() -> [String: [Int]] {
        let matcher = ensureMatcher()
        var result: [String: [Int]] = [:]
        for entry in appConfigs {
            let config = entry.config
            result[config.id] = matcher.matches(config.viewPath, event: config.viewEvent, conditions: config.conditions)
        }
        return result
    }

    mutating func reduceConfigs(_ action: Action, _ list: inout ConfigsList) {
        let entries = appConfigs
        switch action {
        case .listDown: list.selected = min(list.selected + 1, max(entries.count - 1, 0))
        case .listUp: list.selected = max(list.selected - 1, 0)
        case .jumpToConfig:
            guard entries.indices.contains(list.selected) else { return }
            let config = entries[list.selected].config
            guard let node = list.matches[config.id]?.first else {
                say("\(config.keyName): no view on this screen matches \(config.viewPathText)", error: true)
                overlay = .configs(list)
                return
            }
            overlay = .none
            reveal(node)
            say("\(config.keyName) matches \(list.matches[config.id]!.count) view(s); this is the first")
            return
        case .editConfig:
            guard entries.indices.contains(list.selected) else { return }
            let config = entries[list.selected].config
            let node = list.matches[config.id]?.first ?? cursor
            var form = makeForm(for: node)
            if list.matches[config.id]?.first == nil || !config.viewPath.matches(table.path(of: node)) {
                say("\(config.keyName) matches no view here: edit it on a snapshot where it does", error: true)
                overlay = .configs(list)
                return
            }
            form.editingID = config.id
            if let index = form.events.firstIndex(of: config.viewEvent) { form.eventIndex = index }
            for (position, segment) in config.viewPath.segments.enumerated() where position < form.anyIndex.count {
                form.anyIndex[position] = segment.index.hasWildcard
            }
            form.keyPath.set(config.keyPath)
            form.keyName.set(config.keyName)
            form.from.set(config.versions.intervals.last?.from?.text ?? "")
            form.until.set(config.versions.intervals.last?.until?.text ?? "")
            form.conditions.set(config.conditions.map(\.description).joined(separator: ", "))
            form.note.set(config.note ?? "")
            form.field = .keyPath
            overlay = .circle(form)
            return
        case .deleteConfig:
            guard entries.indices.contains(list.selected) else { return }
            overlay = .confirmDelete(configID: entries[list.selected].config.id)
            return
        default: break
        }
        overlay = .configs(list)
    }

    mutating func deleteConfig(id: String) {
        guard let entry = configs.first(where: { $0.config.id == id }) else {
            overlay = .none
            return
        }
        do {
            try configsDirectory.remove(entry)
            configs = (try? configsDirectory.load()) ?? configs.filter { $0.config.id != id }
            say("deleted \(entry.file)")
        } catch {
            say("\(error)", error: true)
        }
        var list = ConfigsList(matches: matchesOfConfigs())
        list.selected = 0
        overlay = .configs(list)
    }
}
