import LassoDocuments
import LassoSnapshot

/// The configs list: this app's configs, named events and hook configs, jumping to what they match, editing and
/// deleting them, naming an event on a config.
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

    /// How many rows the list has: this app's configs, then its named events, then its hook configs.
    var listRows: Int { appConfigs.count + appDefinitions.count + appHooks.count }

    mutating func reduceConfigs(_ action: Action, _ list: inout ConfigsList) -> [Effect] {
        let entries = appConfigs
        let events = appDefinitions
        let hooks = appHooks
        // The rows after the configs are the named events, and after them the hook configs.
        let eventRow = list.selected - entries.count
        if eventRow >= 0, events.indices.contains(eventRow),
            let effects = reduceEventRow(action, events[eventRow], &list)
        {
            return effects
        }
        let hookRow = eventRow - events.count
        if hookRow >= 0, hooks.indices.contains(hookRow), let effects = reduceHookRow(action, hooks[hookRow], &list) {
            return effects
        }
        let last = max(listRows - 1, 0)
        switch action {
        case .listDown: list.selected = min(list.selected + 1, last)
        case .listUp: list.selected = max(list.selected - 1, 0)
        case .pageDown: list.selected = min(list.selected + ConfigsPane.pageRows(self), last)
        case .pageUp: list.selected = max(list.selected - ConfigsPane.pageRows(self), 0)
        case .first: list.selected = 0
        case .last: list.selected = last
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
            ask(.confirmDelete(.config, id: entries[list.selected].config.id))
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
            ask(.confirmDelete(.event, id: definition.id))
            return []
        case .nameEvent:
            overlay = .configs(list)
            say(.info("“\(definition.name)” is a named event already: \(KeyHint.editConfig.key) edits it"))
            return []
        default:
            return nil
        }
    }

    /// The list's keys on a hook config's row; nil for those that do the same on every row (moving, undo, closing).
    private mutating func reduceHookRow(_ action: Action, _ entry: HookDirectory.Entry, _ list: inout ConfigsList)
        -> [Effect]?
    {
        let hook = entry.config
        overlay = .configs(list)
        switch action {
        case .jumpToConfig:
            // A hook follows a class's method: the first view of that class here is where it acts.
            guard
                let node = (0..<snapshot.count).first(where: {
                    ClassName.pathName(snapshot.className(of: $0)) == hook.className
                })
            else {
                say(.warning("no view on this screen is a \(hook.className)"))
                return []
            }
            overlay = .none
            reveal(node)
            say(
                .info(
                    "the first \(hook.className) here: the hook config \(hook.shortID) follows its \(hook.selectors.joined(separator: " "))"
                ))
            return []
        case .editConfig, .nameEvent:
            say(
                .info(
                    "to change a hook config, delete it (\(KeyHint.deleteInList.key)) and hook the view's action again (\(KeyHint.openHook.key) on the view), or use lasso hook edit"
                ))
            return []
        case .deleteConfig:
            ask(.confirmDelete(.hook, id: hook.id))
            return []
        default:
            return nil
        }
    }
}
