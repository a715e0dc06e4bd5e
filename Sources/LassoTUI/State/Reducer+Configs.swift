import LassoDocuments
import LassoSnapshot

/// The configs list: this app's configs and named events, jumping to what they match, editing and deleting them,
/// naming an event on a config.
extension AppState {
    /// For each config of this app, the views it matches on this screen.
    mutating func matchesOfConfigs() -> [String: [Int]] {
        let matcher = ensureMatcher()
        var result: [String: [Int]] = [:]
        for entry in appConfigs {
            let config = entry.config
            result[config.id] = matcher.matches(
                config.viewPathText, profile: config.profile, path: config.viewPath, event: config.viewEvent,
                conditions: config.conditions)
        }
        return result
    }

    mutating func reduceConfigs(_ action: Action, _ list: inout ConfigsList) -> [Effect] {
        let entries = appConfigs
        let events = appDefinitions
        // The rows after the configs are the named events.
        if list.selected >= entries.count, events.indices.contains(list.selected - entries.count),
            let effects = reduceEventRow(action, events[list.selected - entries.count], &list)
        {
            return effects
        }
        switch action {
        case .listDown: list.selected = min(list.selected + 1, max(entries.count + events.count - 1, 0))
        case .listUp: list.selected = max(list.selected - 1, 0)
        case .pageDown:
            list.selected = min(list.selected + ConfigsPane.pageRows(self), max(entries.count + events.count - 1, 0))
        case .pageUp: list.selected = max(list.selected - ConfigsPane.pageRows(self), 0)
        case .first: list.selected = 0
        case .last: list.selected = max(entries.count + events.count - 1, 0)
        case .jumpToConfig:
            guard entries.indices.contains(list.selected) else { return [] }
            let config = entries[list.selected].config
            guard let node = list.matches[config.id]?.first else {
                say(.warning("\(config.keyName): no view on this screen matches \(config.viewPathText)"))
                overlay = .configs(list)
                return []
            }
            overlay = .none
            reveal(node)
            say(.info("\(config.keyName) matches \(list.matches[config.id]!.count) view(s); this is the first"))
            return []
        case .editConfig:
            guard entries.indices.contains(list.selected) else { return [] }
            let config = entries[list.selected].config
            let node = list.matches[config.id]?.first ?? cursor
            // A path in an SDK's dialect was matched by its dialect: its lasso stand-in is not the view's path.
            let pathFits = config.profile != .lasso || config.viewPath.matches(table.path(of: node))
            if list.matches[config.id]?.first == nil || !pathFits {
                say(
                    .info("\(config.keyName) matches no view on this screen: its versions and note can be changed here")
                )
                var versions = VersionsForm(editing: config)
                versions.onDisk = onDisk(replacing: config)
                overlay = .versions(versions)
                return []
            }
            var form = makeForm(for: node, editing: config)
            form.onDisk = onDisk(replacing: config)
            form.openedFromList = true
            refreshPreview(&form)
            overlay = .circle(form)
            return []
        case .undo:
            overlay = .configs(list)
            return undo()
        case .nameEvent:
            guard entries.indices.contains(list.selected) else { return [] }
            let config = entries[list.selected].config
            guard let node = list.matches[config.id]?.first else {
                say(.warning("\(config.keyName) matches no view on this screen: name its event on a screen it is on"))
                overlay = .configs(list)
                return []
            }
            openEventForm(on: node, source: config, fromList: true)
            return []
        case .deleteConfig:
            guard entries.indices.contains(list.selected) else { return [] }
            overlay = .configs(list)
            ask(.confirmDelete(configID: entries[list.selected].config.id))
            return []
        default: break
        }
        overlay = .configs(list)
        return []
    }

    /// The list's keys on a named event's row; nil for those that do the same on every row (moving, undo, closing).
    private mutating func reduceEventRow(_ action: Action, _ entry: EventDirectory.Entry, _ list: inout ConfigsList)
        -> [Effect]?
    {
        let definition = entry.definition
        switch action {
        case .jumpToConfig:
            overlay = .configs(list)
            guard let matched = definitionMatches[definition.id], let node = matched.first else {
                say(.warning("“\(definition.name)”: no view on this screen is where it counts"))
                return []
            }
            overlay = .none
            reveal(node)
            say(.info("“\(definition.name)” counts taps on \(matched.count) view(s) here; this is the first"))
            return []
        case .editConfig:
            overlay = .configs(list)
            openEventEdit(entry)
            return []
        case .deleteConfig:
            overlay = .configs(list)
            ask(.confirmDeleteDefinition(id: definition.id))
            return []
        case .nameEvent:
            overlay = .configs(list)
            say(.info("“\(definition.name)” is a named event already: \(KeyHint.editConfig.key) edits it"))
            return []
        default:
            return nil
        }
    }

    /// Asks the runner to delete a config's file; the list comes back when it answers.
    mutating func deleteConfig(id: String) -> [Effect] {
        guard let entry = configs.first(where: { $0.config.id == id }) else {
            overlay = .none
            return []
        }
        overlay = underQuestion
        underQuestion = .none
        return [.deleteConfig(entry, checked: true)]
    }

    mutating func configDeleted(_ outcome: Result<DeletedConfig, EffectFailure>) -> [Effect] {
        switch outcome {
        case .success(let deleted):
            take(deleted.listing)
            sayDeleted(shown(deleted.entry.file), undo: .restore(deleted.entry.config, over: nil))
        case .failure(let failure):
            if let effects = askAboutDisk(failure) { return effects }
            say(.error(failure.message))
        }
        undoing = false
        if case .configs(let shown) = overlay {
            // The selection stays on the same row (the next config moves up into it).
            var list = ConfigsList(matches: configMatches)
            list.selected = min(shown.selected, max(appConfigs.count - 1, 0))
            overlay = .configs(list)
        }
        return []
    }
}
